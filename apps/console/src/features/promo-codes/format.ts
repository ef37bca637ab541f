import type { PromoCode } from '@kids-vod/contract';
import dayjs from 'dayjs';

type Kind = PromoCode['kind'];

export const KIND_LABELS: Record<Kind, string> = { free_days: 'Free days', percent_off: 'Percent off' };
export const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));

/** The unit a value is counted in, as shown beside it. */
export const valueUnit = (kind: Kind, value = 2) => (kind === 'percent_off' ? '%' : value === 1 ? 'day' : 'days');

/** "30 days", "20%". */
export function formatValue(code: Pick<PromoCode, 'kind' | 'value'>): string {
  return code.kind === 'percent_off' ? `${code.value}%` : `${code.value} ${valueUnit(code.kind, code.value)}`;
}

/** A calendar date (yyyy-MM-dd) as en-GB shows it: dd/MM/yyyy. */
export function formatDate(date: string | null): string {
  return date ? dayjs(date).format('DD/MM/YYYY') : '';
}

/** "3 / 1,000", "3 / unlimited". */
export function formatUses(code: Pick<PromoCode, 'used_count' | 'max_uses'>): string {
  const n = (v: number) => v.toLocaleString('en-GB');
  return `${n(code.used_count)} / ${code.max_uses === null ? 'unlimited' : n(code.max_uses)}`;
}

export type CodeStatus = 'Active' | 'Inactive' | 'Scheduled' | 'Expired' | 'Used up';

/** Whether a code can be redeemed today, and if not, why: switched off, not started, over, or used up. */
export function codeStatus(code: PromoCode, today = dayjs().format('YYYY-MM-DD')): CodeStatus {
  if (!code.is_active) return 'Inactive';
  if (code.valid_until && code.valid_until < today) return 'Expired';
  if (code.valid_from && code.valid_from > today) return 'Scheduled';
  if (code.max_uses !== null && code.used_count >= code.max_uses) return 'Used up';
  return 'Active';
}

// No 0/O, 1/I/L or 5/S: a code read aloud or typed from a poster must not be mistaken.
const READABLE = '2346789ABCDEFGHJKMNPQRTUVWXYZ';
const CODE_PREFIX = 'KIDS';
const RANDOM_PART = 6;

/** A random code that is easy to read and type, like KIDS-7H2K9Q. */
export function generateCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RANDOM_PART));
  // 29 letters: the modulo bias (256 % 29) is too small to matter for a promo code.
  const random = Array.from(bytes, (b) => READABLE[b % READABLE.length]).join('');
  return `${CODE_PREFIX}-${random}`;
}
