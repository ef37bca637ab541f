import type { CountryRule } from './brands.ts';

/** May be watched in C when `include` is null or holds C, and `exclude` does not hold C. */
export interface WhereToWatch {
  include: string[] | null;
  exclude: string[];
}

/**
 * Where a brand may be watched, from its country rules: the one implementation the catalogue, the console and the
 * tests share. Several rules fold into one include list (null: no include rule, so everywhere) and one exclude
 * list, without repeats and in the order the rules name the countries.
 */
export function whereToWatch(rules: readonly Pick<CountryRule, 'code2' | 'exclude'>[]): WhereToWatch {
  const include = new Set<string>();
  const exclude = new Set<string>();
  for (const rule of rules) {
    for (const code of rule.code2) (rule.exclude ? exclude : include).add(code);
  }
  const anyInclude = rules.some((r) => !r.exclude);
  return { include: anyInclude ? [...include] : null, exclude: [...exclude] };
}

/** In country C when there is no include rule or C is in one, and C is in no exclude rule. */
export function mayWatch(where: WhereToWatch, country: string): boolean {
  return (where.include === null || where.include.includes(country)) && !where.exclude.includes(country);
}
