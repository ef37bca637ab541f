import {
  api,
  type PromoCode,
  type PromoCodeAddBody,
  type PromoCodePage,
  type PromoCodeSort,
  type PromoCodeUpdateBody,
  type SortDirection,
} from '@kids-vod/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, send } from '../../shared/api/index.ts';

/** The promo codes screen's calls: query options and hooks typed from the contract. */
export const promoCodeKeys = {
  all: ['promo-codes'] as const,
  lists: ['promo-codes', 'list'] as const,
  list: (request: PageRequest) => ['promo-codes', 'list', request] as const,
  detail: (id: number) => ['promo-codes', 'detail', id] as const,
};

export interface PageRequest {
  page: number;
  limit: number;
  search: string;
  /** Newest first without one. */
  sort?: PromoCodeSort;
  dir?: SortDirection;
}

/**
 * One page of codes: offset = (page-1)*limit, as the product spec has it; searched and sorted by the server. The
 * page after one already shown, in the order by creation, is asked after its last code instead (`after_id`, decision
 * 033): paging on through a million codes then never walks the codes before (a deep page by offset is four times
 * slower). Its last code deleted meanwhile, the server refuses that (400), and the page is asked by offset.
 */
export const promoCodesQuery = (request: PageRequest) => {
  const { page, limit, search, sort, dir } = request;
  return queryOptions({
    queryKey: promoCodeKeys.list(request),
    queryFn: async ({ client }) => {
      const byCreation = sort === undefined || sort === 'created_at';
      const before =
        byCreation && page > 1
          ? client.getQueryData<PromoCodePage>(promoCodeKeys.list({ ...request, page: page - 1 }))
          : undefined;
      const last = before?.rows.length === limit ? before.rows.at(-1) : undefined;
      if (last) {
        try {
          return await send(api.promoCode.list, { body: { limit, search, sort, dir, after_id: last.id } });
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 400)) throw err;
        }
      }
      return send(api.promoCode.list, { body: { offset: (page - 1) * limit, limit, search, sort, dir } });
    },
    // The page being left stays on screen until the next one arrives, so paging does not flash empty.
    placeholderData: keepPreviousData,
  });
};

/** Editing starts from the code as stored now, never from a list row that may be old. */
export const promoCodeQuery = (id: number) =>
  queryOptions({
    queryKey: promoCodeKeys.detail(id),
    queryFn: () => send(api.promoCode.get, { params: { id } }),
    staleTime: 0,
    retry: false,
  });

export const usePromoCodes = (request: PageRequest) => useQuery(promoCodesQuery(request));
export const usePromoCode = (id: number | null) => useQuery({ ...promoCodeQuery(id ?? 0), enabled: id !== null });

/** Closing the modal clears the edited code, so the next opening loads it afresh. */
export function useForgetPromoCode() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.removeQueries({ queryKey: promoCodeKeys.detail(id) });
}

export function useAddPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromoCodeAddBody) => send(api.promoCode.add, { body }),
    // Not awaited, like a brand's (brands/api.ts): the modal is done as soon as the server has answered.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: promoCodeKeys.lists }),
    meta: { successMessage: 'Promo code created', subject: 'promo-code' },
  });
}

export function useUpdatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PromoCodeUpdateBody & { id: number }) =>
      send(api.promoCode.update, { params: { id }, body }),
    onSuccess: (saved: PromoCode) => {
      queryClient.setQueryData(promoCodeKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: promoCodeKeys.lists });
    },
    // Changed (409) or deleted (404) by someone else meanwhile: the list shows what is stored now.
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 409 || err.status === 404)) {
        queryClient.invalidateQueries({ queryKey: promoCodeKeys.lists });
      }
    },
    meta: { successMessage: 'Promo code saved', subject: 'promo-code' },
  });
}

/** `onDeleted` runs before the list reloads (the screen may move to another page first). */
export function useDeletePromoCode({ onDeleted }: { onDeleted?: (code: Pick<PromoCode, 'id'>) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: Pick<PromoCode, 'id'>) => send(api.promoCode.delete, { params: { id: code.id } }),
    onSuccess: (_data, code) => onDeleted?.(code),
    // A failed delete (already gone, say) reloads too: the list then shows what is really there.
    onSettled: (_data, _err, code) => {
      queryClient.removeQueries({ queryKey: promoCodeKeys.detail(code.id) });
      return queryClient.invalidateQueries({ queryKey: promoCodeKeys.lists });
    },
    meta: { successMessage: 'Promo code deleted' },
  });
}
