import type { Instant } from './availability.ts';
import type { BrandRow } from './brands.ts';
import { AGE_RATINGS } from './constants.ts';
import { type SortDirection, sortRows } from './sorting.ts';
import { whereAvailable } from './where-available.ts';

/**
 * How the brands table searches and sorts (decision 033): on the server, which pages the table, by these functions,
 * so the order is the one the table's columns show (text as en-GB with numbers by value, "Where available" in its
 * words at the moment asked), the same on the embedded database and on PostgreSQL, whatever their collations.
 */
export const BRAND_SORTS = ['name', 'slug', 'age', 'langs', 'where', 'published'] as const;
export type BrandSort = (typeof BRAND_SORTS)[number];

const sortValue: Record<BrandSort, (b: BrandRow, at: Instant) => string | number | boolean> = {
  name: (b) => b.name,
  slug: (b) => b.slug,
  age: (b) => AGE_RATINGS.indexOf(b.age_rating),
  langs: (b) => b.langs.length,
  where: (b, at) => whereAvailable(b.country_rules, undefined, at),
  published: (b) => b.is_published,
};

/** A brand whose name or slug holds the search, as typed (any case; `%` and `_` are themselves). */
export function brandMatches(brand: Pick<BrandRow, 'name' | 'slug'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || brand.name.toLowerCase().includes(q) || brand.slug.includes(q);
}

/** Rows in the column's order (ties as they came: by `sort`, then id); without a column, as they came. */
export function sortBrands(
  rows: BrandRow[],
  column: BrandSort | undefined,
  direction: SortDirection,
  at: Instant = Date.now(),
): BrandRow[] {
  if (!column) return rows;
  const value = sortValue[column];
  return sortRows(rows, (b) => value(b, at), direction);
}
