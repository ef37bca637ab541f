import type { BrandRow, ScheduleEdge, ScheduleEntity } from '@kids-vod/contract';
import { mayWatch, whereToWatch } from '@kids-vod/contract/client';
import { editAddress } from '../../shared/screen/index.ts';

/** What the kind filter offers, in the product's words. */
export const KIND_WORDS: Record<ScheduleEntity, string> = {
  brands: 'Brand',
  content: 'Episode',
  promos: 'Promo banner',
  streams: 'Stream',
  country_rules: 'Country rule',
};

/** Ending soon looks this far ahead: a licence about to lapse is seen a month before. */
export const ENDING_SOON_DAYS = 30;

/** A month of the staff member's calendar ("2026-12"), from the address; the current month when it is not one. */
export function monthOf(param: string, today: Date): { year: number; month: number } {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(param);
  return m ? { year: Number(m[1]), month: Number(m[2]) - 1 } : { year: today.getFullYear(), month: today.getMonth() };
}

export const monthParam = ({ year, month }: { year: number; month: number }) =>
  `${year}-${String(month + 1).padStart(2, '0')}`;

/** The month before or after. */
export function shiftMonth({ year, month }: { year: number; month: number }, by: number) {
  const d = new Date(year, month + by, 1);
  return { year: d.getFullYear(), month: d.getMonth() };
}

/** The moments a month begins and ends in the staff member's time zone, as the schedule call takes them. */
export function monthSpan({ year, month }: { year: number; month: number }): { from: string; to: string } {
  return { from: new Date(year, month, 1).toISOString(), to: new Date(year, month + 1, 1).toISOString() };
}

/** The day of a moment in the staff member's time zone: "2026-12-01". */
export function dayKey(at: string | Date): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface ScheduleFilter {
  country: string;
  lang: string;
  kind: string;
}

/**
 * Whether an edge concerns the filter: a language whose catalogue changes at it, a kind, and a territory: a country
 * rule naming the country, or an item whose brand may be watched there (an item without a brand: everywhere).
 */
export function edgeMatches(edge: ScheduleEdge, filter: ScheduleFilter, brands: Map<number, BrandRow>): boolean {
  if (filter.kind && edge.entity !== filter.kind) return false;
  if (filter.lang && !edge.langs.includes(filter.lang)) return false;
  if (!filter.country) return true;
  if (edge.entity === 'country_rules') return (edge.countries ?? []).includes(filter.country);
  const brand = edge.brand_id ? brands.get(edge.brand_id) : undefined;
  return !brand || mayWatch(whereToWatch(brand.country_rules), filter.country);
}

/** The address that opens an edge's item in its edit modal: a rule opens its brand. */
export function edgeAddress(edge: ScheduleEdge): string | null {
  switch (edge.entity) {
    case 'brands':
      return editAddress('brands', { id: edge.id });
    case 'country_rules':
      return edge.brand_id ? editAddress('brands', { id: edge.brand_id }) : null;
    case 'content':
      return editAddress('content', { id: edge.id, brand_id: edge.brand_id });
    case 'promos':
      return editAddress('promo', { id: edge.id });
    case 'streams':
      return editAddress('streams', { id: edge.id });
  }
}

/** Edges grouped by their day, in time order. */
export function byDay(edges: ScheduleEdge[]): Map<string, ScheduleEdge[]> {
  const days = new Map<string, ScheduleEdge[]>();
  for (const edge of [...edges].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const key = dayKey(edge.at);
    days.set(key, [...(days.get(key) ?? []), edge]);
  }
  return days;
}
