import type { CountryRule } from '@kids-vod/contract';
import { mayWatch, whereToWatch } from '@kids-vod/contract/client';
import { ruleWindow, windowPhase } from '../../lib/availability.ts';

/** How many country codes a summary names before it says "+N more". */
const SHOWN_CODES = 6;

function codeList(codes: string[], limit: number): string {
  if (codes.length <= limit) return codes.join(', ');
  return `${codes.slice(0, limit).join(', ')} +${codes.length - limit} more`;
}

/**
 * Where a brand may be watched (the contract's whereToWatch), in a few words: "Everywhere", "Only DE, AT",
 * "Everywhere except FR", "Nowhere". Countries read in the order the rules name them.
 */
export function whereAvailable(rules: Pick<CountryRule, 'code2' | 'exclude'>[], limit = SHOWN_CODES): string {
  const where = whereToWatch(rules);
  if (where.include) {
    const allowed = where.include.filter((c) => mayWatch(where, c));
    return allowed.length > 0 ? `Only ${codeList(allowed, limit)}` : 'Nowhere';
  }
  if (where.exclude.length > 0) return `Everywhere except ${codeList(where.exclude, limit)}`;
  return 'Everywhere';
}

/**
 * Where a brand is live under the include rules in force at `now`, for its window's words: "Live in GB, IE";
 * undefined where no include rule is in force (everywhere, perhaps with exceptions: "Available").
 */
export function liveIn(rules: Pick<CountryRule, 'code2' | 'exclude' | 'starts_at' | 'ends_at'>[], now: Date) {
  const where = whereToWatch(rules.filter((r) => windowPhase(ruleWindow(r), now) === 'open'));
  if (!where.include) return undefined;
  const allowed = where.include.filter((c) => mayWatch(where, c));
  return allowed.length > 0 ? `Live in ${codeList(allowed, SHOWN_CODES)}` : undefined;
}
