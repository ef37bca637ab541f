import type { BrandName, BrandRow, ContentListBody } from '@kids-vod/contract';
import { api, wholeList } from '@kids-vod/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from './api-client.ts';
import { callQuery } from './call-query.ts';

/**
 * The reads several screens share, each defined once: screens read them with these query options and hooks,
 * and saves anywhere invalidate them by these keys, so every screen sees the same cache entry.
 */
export const sharedKeys = {
  brands: ['brands', 'list'] as const,
  /** Every content list of every brand (all seasons, and each season). */
  allContent: ['content', 'list'] as const,
  brandContent: (brandId: number) => ['content', 'list', brandId] as const,
  contentList: (brandId: number, season?: number | null) => ['content', 'list', brandId, season ?? 'all'] as const,
  /** Every compilation's links: each names its item's brand and episode (`ct_name`), so changes of either read them again. */
  links: ['content', 'links'] as const,
  languages: ['languages'] as const,
  countries: ['countries'] as const,
  files: ['content', 'files'] as const,
  /** The staff accounts (admins: the Staff screen, Activity's person filter). */
  users: ['staff', 'users'] as const,
};

/**
 * Brands as the table shows them (decision 033): a brand's language versions and rules whole come from their own
 * calls when it is opened. Typed as rows: a full Brand (a save's answer) is one too.
 */
export const brandsQuery = queryOptions({
  queryKey: sharedKeys.brands,
  queryFn: async (): Promise<BrandRow[]> =>
    wholeList(await send(api.brand.list, { body: { fields: 'table' } })) as BrandRow[],
});
/** The table's rows whole: where a brand's country rules count (the schedule's country filter), not only its name. */
export const useBrands = () => useQuery(brandsQuery);

/**
 * Every brand's id and name (decision 040): what pickers list and sentences name, a few kilobytes where the table's
 * rows are fifty at a thousand brands. Under the brands' key, so every brand change reads it again.
 */
export const brandNamesQuery = queryOptions({
  queryKey: [...sharedKeys.brands, 'names'] as const,
  queryFn: async (): Promise<BrandName[]> =>
    wholeList(await send(api.brand.list, { body: { fields: 'names' } })) as BrandName[],
});
export const useBrandNames = () => useQuery(brandNamesQuery);

/** Content of a brand by season and order; the season filter is optional (the whole brand when left out). */
export const contentListQuery = ({ brand_id, season }: Pick<ContentListBody, 'brand_id' | 'season'>) =>
  queryOptions({
    queryKey: sharedKeys.contentList(brand_id, season),
    queryFn: async () =>
      wholeList(await send(api.content.list, { body: season == null ? { brand_id } : { brand_id, season } })),
  });
/** All content of a brand; nothing is asked for until a brand is chosen. */
export const useBrandContent = (brandId: number | null) =>
  useQuery({ ...contentListQuery({ brand_id: brandId ?? 0 }), enabled: brandId !== null });

/**
 * One item by id (api.md, "One item"), for an item the screen does not list (`?edit=` beyond the page shown) and for
 * someone else's version after a 409. Under its list's key, so every save that reads the list again reads it again.
 */
export const itemQueries = {
  brand: (id: number) => callQuery([...sharedKeys.brands, 'item', id] as const, api.brand.get, { id }),
  content: (id: number) => callQuery([...sharedKeys.allContent, 'item', id] as const, api.content.get, { id }),
  promo: (id: number) => callQuery(['promo', 'list', 'item', id] as const, api.promo.get, { id }),
  stream: (id: number) => callQuery(['streams', 'list', 'item', id] as const, api.stream.get, { id }),
};
/** Languages and countries change rarely: fetched once per session and shared by every screen. */
export const languagesQuery = queryOptions({
  queryKey: sharedKeys.languages,
  queryFn: () => send(api.reference.langList),
  staleTime: 5 * 60_000,
});
export const countriesQuery = queryOptions({
  queryKey: sharedKeys.countries,
  queryFn: () => send(api.reference.countries),
  staleTime: Number.POSITIVE_INFINITY,
});
export const useLanguages = () => useQuery(languagesQuery);
export const useCountries = () => useQuery(countriesQuery);

/**
 * Uploaded video files whole, newest first (attached ones included: `content_lang_id` says where); asked without
 * `limit`, so the answer is the list, not a page. Under the files' key exactly: their pages and single files have
 * keys of their own below it.
 */
export const filesQuery = queryOptions({
  queryKey: sharedKeys.files,
  queryFn: async () => wholeList(await send(api.content.files)),
});

export const usersQuery = callQuery(sharedKeys.users, api.users.list, {});
