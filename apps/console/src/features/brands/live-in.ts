import type { CountryRule } from '@kids-vod/contract';
import { codeList, mayWatch, SHOWN_CODES, whereToWatch } from '@kids-vod/contract/client';

// Apart from where-available.ts, which the brands list (the first load) uses: this one is the modal's.
/**
 * Where a brand is live under the include rules in force at `now`, for its window's words: "Live in GB, IE";
 * undefined where no include rule is in force (everywhere, perhaps with exceptions: "Available").
 */
export function liveIn(rules: Pick<CountryRule, 'code2' | 'exclude' | 'starts_at' | 'ends_at'>[], now: Date) {
  const where = whereToWatch(rules, now);
  if (!where.include) return undefined;
  const allowed = where.include.filter((c) => mayWatch(where, c));
  return allowed.length > 0 ? `Live in ${codeList(allowed, SHOWN_CODES)}` : undefined;
}
