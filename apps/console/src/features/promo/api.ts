import type { Promo, PromoAddBody, PromoUpdateBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, send } from '../../lib/api-client.ts';
import { contentListQuery } from '../../lib/reads.ts';

/** The promo banners screen's calls: query options and hooks typed from the contract. */
export const promoKeys = {
  list: ['promo', 'list'] as const,
};

export const promosQuery = queryOptions({
  queryKey: promoKeys.list,
  queryFn: () => send(api.promo.list, { body: {} }),
});
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
    meta: { successMessage: 'Banner created' },
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
    meta: { successMessage: 'Banner saved' },
  });
}
