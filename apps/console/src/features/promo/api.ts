import type { Promo, PromoAddBody, PromoUpdateBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, send } from '../../lib/api-client.ts';

/** The promo banners screen's calls: query options and hooks typed from the contract. */
export const promoKeys = {
  list: ['promo', 'list'] as const,
  /** The same keys as the brands and content screens use for these calls, so the screens share one cache entry. */
  brands: ['brands', 'list'] as const,
  content: (brandId: number, season?: number | null) => ['content', 'list', brandId, season ?? 'all'] as const,
};

export const promosQuery = queryOptions({
  queryKey: promoKeys.list,
  queryFn: () => send(api.promo.list, { body: {} }),
});
export const usePromos = () => useQuery(promosQuery);

export const brandsQuery = queryOptions({
  queryKey: promoKeys.brands,
  queryFn: () => send(api.brand.list, { body: {} }),
});
export const useBrands = () => useQuery(brandsQuery);

const contentQuery = (brandId: number, season: number | null) =>
  queryOptions({
    queryKey: promoKeys.content(brandId, season),
    queryFn: () =>
      send(api.content.list, { body: season === null ? { brand_id: brandId } : { brand_id: brandId, season } }),
  });

/** All content of the brand: where its seasons come from. Nothing is asked for before a brand is chosen. */
export const useBrandContent = (brandId: number | null) =>
  useQuery({ ...contentQuery(brandId ?? 0, null), enabled: brandId !== null });

/**
 * The content of one season. Always stale, so that choosing a season reloads its content (product spec)
 * even when it was shown a moment ago; what was loaded before stays visible meanwhile.
 */
export const useSeasonContent = (brandId: number | null, season: number | null) =>
  useQuery({ ...contentQuery(brandId ?? 0, season ?? 0), staleTime: 0, enabled: brandId !== null && season !== null });

/** The saved banner replaces its card at once (its new `updated_at` guards the next save), then the list reloads. */
function usePromoSaved() {
  const queryClient = useQueryClient();
  return (saved: Promo) => {
    queryClient.setQueryData(promosQuery.queryKey, (rows) =>
      rows?.some((p) => p.id === saved.id) ? rows.map((p) => (p.id === saved.id ? saved : p)) : rows,
    );
    // Not awaited, like a brand's (brands/api.ts): the form resets as soon as the server has answered.
    void queryClient.invalidateQueries({ queryKey: promoKeys.list });
  };
}

export function useAddPromo() {
  const onSaved = usePromoSaved();
  return useMutation({
    mutationFn: (body: PromoAddBody) => send(api.promo.add, { body }),
    onSuccess: onSaved,
    meta: { successMessage: 'Banner created', subject: 'banner' },
  });
}

export function useUpdatePromo() {
  const queryClient = useQueryClient();
  const onSaved = usePromoSaved();
  return useMutation({
    mutationFn: (body: PromoUpdateBody) => send(api.promo.update, { body }),
    onSuccess: onSaved,
    // Someone else changed it (409): the list reloads, so the banner opened again is the current one.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) queryClient.invalidateQueries({ queryKey: promoKeys.list });
    },
    meta: { successMessage: 'Banner saved', subject: 'banner' },
  });
}
