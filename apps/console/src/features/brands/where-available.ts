import type { CountryRule } from '@kids-vod/contract';

/** How many country codes a summary names before it says "+N more". */
const SHOWN_CODES = 6;

function codeList(codes: string[], limit: number): string {
  if (codes.length <= limit) return codes.join(', ');
  return `${codes.slice(0, limit).join(', ')} +${codes.length - limit} more`;
}

/**
 * Where a brand may be watched, in a few words: in country C when there is no include rule or C is in one,
 * and C is in no exclude rule ("Everywhere", "Only DE, AT", "Everywhere except FR", "Nowhere").
 */
export function whereAvailable(rules: Pick<CountryRule, 'code2' | 'exclude'>[], limit = SHOWN_CODES): string {
  const included = new Set(rules.filter((r) => !r.exclude).flatMap((r) => r.code2));
  const excluded = new Set(rules.filter((r) => r.exclude).flatMap((r) => r.code2));
  if (included.size > 0) {
    const allowed = [...included].filter((c) => !excluded.has(c));
    return allowed.length > 0 ? `Only ${codeList(allowed, limit)}` : 'Nowhere';
  }
  if (excluded.size > 0) return `Everywhere except ${codeList([...excluded], limit)}`;
  return 'Everywhere';
}
