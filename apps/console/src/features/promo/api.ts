import type { Promo, PromoAddBody, PromoUpdateBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callQuery, contentListQuery, send } from '../../shared/api/index.ts';
import { useSaves } from '../../shared/editing/index.ts';

/** The promo banners screen's calls: query options and hooks typed from the contract. */
export const promoKeys = {
  list: ['promo', 'list'] as const,
};

export const promosQuery = callQuery(promoKeys.list, api.promo.list, {});
export const usePromos = () => useQuery(promosQuery);

/**
 * The content of one season. Always stale, so that choosing a season reloads its content (product spec)
 * even when it was shown a moment ago; what was loaded before stays visible meanwhile.
 */
export const useSeasonContent = (brandId: number | null, season: number | null) =>
  useQuery({
    ...contentListQuery({ brand_id: brandId ?? 0, season: season ?? 0 }),
    staleTime: 0,
    enabled: brandId !== null && season !== null,
  });

/** The content of the season a banner's episode is in, to name it on its card; nothing asked for otherwise. */
export const useBannerEpisodes = (banner: Pick<Promo, 'brand_id' | 'season' | 'content_id'>) =>
  useQuery({
    ...contentListQuery({ brand_id: banner.brand_id ?? 0, season: banner.season ?? 0 }),
    enabled: banner.content_id !== null && banner.brand_id !== null && banner.season !== null,
  });

export const usePromoSaves = () =>
  useSaves<Promo, PromoAddBody, PromoUpdateBody>({
    what: 'Banner',
    add: (body) => send(api.promo.add, { body }),
    update: (body) => send(api.promo.update, { body }),
    rowsKey: () => promosQuery.queryKey,
    listsKey: promoKeys.list,
  });
