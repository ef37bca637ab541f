import { type Instant, instantMs, type WindowState, windowState } from './availability.ts';
import type { CountryRule } from './brands.ts';

/** May be watched in C when `include` is null or holds C, and `exclude` does not hold C. */
export interface WhereToWatch {
  include: string[] | null;
  exclude: string[];
}

/** A country rule as far as where to watch goes: rules without dates (or from before dates existed) always apply. */
export type DatedRule = Pick<CountryRule, 'code2' | 'exclude'> & Partial<Pick<CountryRule, 'starts_at' | 'ends_at'>>;

/** A rule applies from `starts_at` (inclusive) to `ends_at` (exclusive); null or absent: no limit. */
export const ruleInForce = (rule: DatedRule, at: Instant = Date.now()): boolean =>
  windowState(rule.starts_at, rule.ends_at, at) === 'open';

/**
 * Where a brand may be watched at the moment `at` (default now), from its country rules: the one implementation the
 * catalogue, the console and the tests share. The rules in force at `at` fold into one include list and one exclude
 * list, without repeats and in the order the rules name the countries.
 *
 * Dates read as licences (docs/decisions/030-catalogue-at-a-moment.md): a brand with ANY include rule, in force or
 * not, is an include-list brand, watched only where an include rule in force at `at` names the country. So "Only
 * GB, IE from 2026-12-01 to 2028-11-30" is one rule: before it starts and after it ends the brand is watched nowhere
 * (`include: []`), not everywhere. An exclude rule excludes only while in force ("Everywhere except FR until
 * 2027-03-01": FR may watch from then on). `include` is null only for a brand without any include rule (everywhere
 * but `exclude`). Rules without dates are always in force: the answer is the same as before dates existed.
 */
export function whereToWatch(rules: readonly DatedRule[], at: Instant = Date.now()): WhereToWatch {
  const include = new Set<string>();
  const exclude = new Set<string>();
  for (const rule of rules) {
    if (!ruleInForce(rule, at)) continue;
    for (const code of rule.code2) (rule.exclude ? exclude : include).add(code);
  }
  const anyInclude = rules.some((r) => !r.exclude);
  return { include: anyInclude ? [...include] : null, exclude: [...exclude] };
}

/** In country C when there is no include rule or C is in one, and C is in no exclude rule. */
export function mayWatch(where: WhereToWatch, country: string): boolean {
  return (where.include === null || where.include.includes(country)) && !where.exclude.includes(country);
}

/** The moments strictly after `at` where one of the rules starts or ends (ms since the epoch), in order, once each. */
export function ruleEdgesAfter(rules: readonly DatedRule[], at: Instant): number[] {
  const after = instantMs(at);
  const edges = new Set<number>();
  for (const rule of rules) {
    for (const edge of [rule.starts_at, rule.ends_at]) {
      if (edge == null) continue;
      const ms = Date.parse(edge);
      if (ms > after) edges.add(ms);
    }
  }
  return [...edges].sort((a, b) => a - b);
}

/** A WhereToWatch with its lists sorted: how the catalogue file writes it, so unchanged rules read the same. */
export const sortedWhere = (where: WhereToWatch): WhereToWatch => ({
  include: where.include === null ? null : [...where.include].sort(),
  exclude: [...where.exclude].sort(),
});

/** Where a brand may be watched from `from` on, until the next such entry. */
export interface WhereToWatchFrom extends WhereToWatch {
  from: string;
}

/**
 * How where a brand may be watched changes after `at`: one entry (lists sorted) for each moment a rule starts or
 * ends and the answer changes, in time order; empty when the rules change nothing after `at`. `until` (exclusive)
 * stops the list, for a brand that is itself gone by then.
 */
export function whereToWatchLater(
  rules: readonly DatedRule[],
  at: Instant,
  until: Instant | null = null,
): WhereToWatchFrom[] {
  const stop = until === null ? Number.POSITIVE_INFINITY : instantMs(until);
  const key = (where: WhereToWatch) => JSON.stringify(where);
  let previous = key(sortedWhere(whereToWatch(rules, at)));
  const later: WhereToWatchFrom[] = [];
  for (const edge of ruleEdgesAfter(rules, at)) {
    if (edge >= stop) break;
    const where = sortedWhere(whereToWatch(rules, edge));
    const now = key(where);
    if (now === previous) continue;
    previous = now;
    later.push({ from: new Date(edge).toISOString(), ...where });
  }
  return later;
}

/**
 * Whether a brand is licensed anywhere at `at`: 'open' when it has no include rule or one is in force; else 'before'
 * when an include rule starts after `at` (its licence has not begun), 'after' when they have all ended. A brand
 * licensed nowhere by its dates is not in the catalogue at all (decision 030), as an item outside its window.
 */
export function licenceAt(rules: readonly DatedRule[], at: Instant = Date.now()): WindowState {
  const includes = rules.filter((r) => !r.exclude);
  if (includes.length === 0) return 'open';
  const states = includes.map((r) => windowState(r.starts_at, r.ends_at, at));
  if (states.includes('open')) return 'open';
  return states.includes('before') ? 'before' : 'after';
}
