import type { Instant } from './availability.ts';
import { type DatedRule, mayWatch, whereToWatch } from './country-rules.ts';

/** How many country codes a summary names before it says "+N more". */
export const SHOWN_CODES = 6;

export function codeList(codes: string[], limit: number): string {
  if (codes.length <= limit) return codes.join(', ');
  return `${codes.slice(0, limit).join(', ')} +${codes.length - limit} more`;
}

/**
 * Where a brand may be watched (the contract's whereToWatch), in a few words: "Everywhere", "Only DE, AT",
 * "Everywhere except FR", "Nowhere". Countries read in the order the rules name them. Read at `at` (now) with the
 * rules' dates: a licence not begun or ended leaves its countries out.
 */
export function whereAvailable(rules: readonly DatedRule[], limit = SHOWN_CODES, at: Instant = Date.now()): string {
  const where = whereToWatch(rules, at);
  if (where.include) {
    const allowed = where.include.filter((c) => mayWatch(where, c));
    return allowed.length > 0 ? `Only ${codeList(allowed, limit)}` : 'Nowhere';
  }
  if (where.exclude.length > 0) return `Everywhere except ${codeList(where.exclude, limit)}`;
  return 'Everywhere';
}
