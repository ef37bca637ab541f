import { z } from 'zod';
import { addresses } from './addresses.ts';
import { CalendarDate, call, Id, ListSearch, Ok, SortDir, Timestamp, UpdatedAtGuard } from './common.ts';

/** The product spec's page size for the promo-codes table. */
export const PROMO_CODES_PAGE_SIZE = 1;
export const PROMO_CODE_KINDS = ['free_days', 'percent_off'] as const;

export const PromoCode = z.object({
  id: Id,
  code: z.string(),
  description: z.string(),
  kind: z.enum(PROMO_CODE_KINDS),
  value: z.int(),
  max_uses: z.int().nullable(),
  used_count: z.int(),
  valid_from: CalendarDate.nullable(),
  valid_until: CalendarDate.nullable(),
  is_active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type PromoCode = z.infer<typeof PromoCode>;

export const Code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'A code is 3 to 32 letters, digits or hyphens');

const promoCodeFields = {
  code: Code,
  description: z.string().trim().max(500),
  kind: z.enum(PROMO_CODE_KINDS),
  value: z.int({ error: 'Enter a whole number' }).min(1, 'At least 1').max(3650, 'At most 3650'),
  // Null is unlimited; the messages say so, as the console leaves the field empty for it.
  max_uses: z
    .int({ error: 'Enter a whole number, or leave it empty for unlimited' })
    .min(1, 'At least 1, or leave it empty for unlimited')
    .max(100_000_000, 'At most 100,000,000')
    .nullable(),
  valid_from: CalendarDate.nullable(),
  valid_until: CalendarDate.nullable(),
  is_active: z.boolean(),
};

/** Rules across fields, checked on the whole code (after an update is merged). */
export function promoCodeProblems(c: {
  kind: string;
  value: number;
  valid_from: string | null;
  valid_until: string | null;
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (c.kind === 'percent_off' && c.value > 100) problems.push({ path: 'value', message: 'A percentage is 1 to 100' });
  if (c.valid_from && c.valid_until && c.valid_from > c.valid_until)
    problems.push({ path: 'valid_until', message: 'The end date is before the start date' });
  return problems;
}

export const PromoCodeAddBody = z
  .object({
    ...promoCodeFields,
    description: promoCodeFields.description.default(''),
    max_uses: promoCodeFields.max_uses.default(null),
    valid_from: promoCodeFields.valid_from.default(null),
    valid_until: promoCodeFields.valid_until.default(null),
    is_active: promoCodeFields.is_active.default(true),
  })
  .superRefine((c, ctx) => {
    for (const p of promoCodeProblems(c)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
export type PromoCodeAddBody = z.input<typeof PromoCodeAddBody>;
export const PromoCodeUpdateBody = z.object({ ...UpdatedAtGuard }).extend(z.object(promoCodeFields).partial().shape);
export type PromoCodeUpdateBody = z.input<typeof PromoCodeUpdateBody>;

/** Columns the list can be ordered by; without one it is newest first, as the spec has it. */
export const PROMO_CODE_SORTS = ['created_at', 'code', 'value', 'used_count', 'valid_from', 'valid_until'] as const;
export type PromoCodeSort = (typeof PROMO_CODE_SORTS)[number];

export const PromoCodeListBody = z.object({
  offset: z.int().min(0).max(100_000_000).default(0),
  limit: z.int().min(1).max(100).default(PROMO_CODES_PAGE_SIZE),
  // Beyond the spec's {offset, limit}, and optional: finding one code among 100,000 by paging is not a tool.
  /** Letters in the code or the description, in any case; `count` is then the number that match. */
  search: ListSearch.default(''),
  sort: z.enum(PROMO_CODE_SORTS).default('created_at'),
  /** Newest first by default; any other column A to Z (or smallest first) unless `desc`. */
  dir: SortDir.optional(),
  /**
   * Keyset paging (decision 033): the rows after this code in the order by creation (`sort` created_at, either
   * direction), instead of `offset`, so a deep page does not walk the rows before it. The last row's id of a page
   * asks for the next page.
   */
  after_id: Id.optional(),
});
/**
 * `count`: how many codes match, exact up to PROMO_CODES_COUNTED; beyond it, without a search, the database's
 * estimate of the table's size, and with one, PROMO_CODES_COUNTED + 1 ("more than"): a page never counts a million
 * rows (decision 033).
 */
export const PromoCodePage = z.object({ rows: z.array(PromoCode), count: z.int() });
export type PromoCodePage = z.infer<typeof PromoCodePage>;
export const PROMO_CODES_COUNTED = 10_000;
export const PromoCodeIdParams = z.object({ id: z.coerce.number().pipe(Id) });

export const promoCodeCalls = {
  list: call({
    ...addresses.promoCode.list,
    read: true,
    summary: 'A page of promo codes (newest first unless sorted), optionally searched, with the total',
    body: PromoCodeListBody,
    response: PromoCodePage,
  }),
  get: call({
    ...addresses.promoCode.get,
    summary: 'One promo code',
    params: PromoCodeIdParams,
    response: PromoCode,
  }),
  add: call({
    ...addresses.promoCode.add,
    summary: 'Create a promo code',
    body: PromoCodeAddBody,
    response: PromoCode,
  }),
  update: call({
    ...addresses.promoCode.update,
    summary: 'Change a promo code',
    params: PromoCodeIdParams,
    body: PromoCodeUpdateBody,
    response: PromoCode,
  }),
  delete: call({
    ...addresses.promoCode.delete,
    summary: 'Delete a promo code',
    params: PromoCodeIdParams,
    response: Ok,
  }),
};
