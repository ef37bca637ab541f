import { PROMO_CODES_PAGE_SIZE } from '@kids-vod/contract';

/** Page sizes to choose from; the default is the product spec's (one code a page). */
export const PAGE_SIZES = [1, 10, 25, 50, 100];

/** Where the page size last chosen is kept, so that the list opens with it again (an address may still name one). */
const PAGE_SIZE_KEY = 'promo-codes-page-size';

/** A page size as the address or storage gives it; anything else reads as `fallback`. */
export const pageSizeOf = (given: string | null, fallback: number): number =>
  PAGE_SIZES.includes(Number(given)) ? Number(given) : fallback;

/** The page size chosen last, else the specification's. */
export const rememberedPageSize = (storage: Pick<Storage, 'getItem'>): number =>
  pageSizeOf(storage.getItem(PAGE_SIZE_KEY), PROMO_CODES_PAGE_SIZE);

export const rememberPageSize = (storage: Pick<Storage, 'setItem'>, size: number) =>
  storage.setItem(PAGE_SIZE_KEY, String(size));
