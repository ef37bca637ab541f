import type {
  Brand,
  BrandAddBody,
  BrandLang,
  BrandLangAddBody,
  BrandLangUpdateBody,
  BrandUpdateBody,
  CountryRule,
  CountryRuleAddBody,
} from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, send } from '../../lib/api-client.ts';

/** The brands screen's calls: query options and hooks typed from the contract. */
export const brandKeys = {
  list: ['brands', 'list'] as const,
  langs: (brandId: number) => ['brands', 'langs', brandId] as const,
  rules: (brandId: number) => ['brands', 'rules', brandId] as const,
};

export const brandsQuery = queryOptions({
  queryKey: brandKeys.list,
  queryFn: () => send(api.brand.list, { body: {} }),
});

export const brandLangsQuery = (brandId: number) =>
  queryOptions({
    queryKey: brandKeys.langs(brandId),
    queryFn: () => send(api.brand.langList, { body: { brand_id: brandId } }),
  });

export const countryRulesQuery = (brandId: number) =>
  queryOptions({
    queryKey: brandKeys.rules(brandId),
    queryFn: () => send(api.brand.listCountryRule, { body: { brand_id: brandId } }),
  });

export const useBrands = () => useQuery(brandsQuery);

/** Closing the modal clears the brand's language data and rules, so the next opening loads them afresh. */
export function useForgetBrandDetails() {
  const queryClient = useQueryClient();
  return (brandId: number) => {
    queryClient.removeQueries({ queryKey: brandKeys.langs(brandId) });
    queryClient.removeQueries({ queryKey: brandKeys.rules(brandId) });
  };
}
/** Language versions and rules of a brand not saved yet (`null`) are not asked for. */
export const useBrandLangs = (brandId: number | null) =>
  useQuery({ ...brandLangsQuery(brandId ?? 0), enabled: brandId !== null });
export const useCountryRules = (brandId: number | null) =>
  useQuery({ ...countryRulesQuery(brandId ?? 0), enabled: brandId !== null });

/** The saved brand replaces its row at once (its new `updated_at` guards the next save), then the list reloads. */
function useBrandSaved() {
  const queryClient = useQueryClient();
  return (saved: Brand) => {
    queryClient.setQueryData(brandsQuery.queryKey, (rows) =>
      rows?.some((b) => b.id === saved.id) ? rows.map((b) => (b.id === saved.id ? saved : b)) : rows,
    );
    // Not awaited: the save is done when the server answers, and the modal resets its form then; waiting for the
    // reload too left a window where Close asked about unsaved changes that were already saved.
    void queryClient.invalidateQueries({ queryKey: brandKeys.list });
  };
}

export function useAddBrand() {
  const onSaved = useBrandSaved();
  return useMutation({
    mutationFn: (body: BrandAddBody) => send(api.brand.add, { body }),
    onSuccess: onSaved,
    meta: { successMessage: 'Brand created', subject: 'brand' },
  });
}

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  const onSaved = useBrandSaved();
  return useMutation({
    mutationFn: (body: BrandUpdateBody) => send(api.brand.update, { body }),
    onSuccess: onSaved,
    // Someone else changed it (409): the list reloads, so the brand opened again is the current one.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) queryClient.invalidateQueries({ queryKey: brandKeys.list });
    },
    meta: { successMessage: 'Brand saved', subject: 'brand' },
  });
}

function useLangSaved() {
  const queryClient = useQueryClient();
  return async (saved: BrandLang) => {
    queryClient.setQueryData(brandLangsQuery(saved.brand_id).queryKey, (rows) =>
      rows ? [...rows.filter((l) => l.id !== saved.id), saved].sort((a, b) => a.lang_id - b.lang_id) : [saved],
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: brandKeys.langs(saved.brand_id) }),
      queryClient.invalidateQueries({ queryKey: brandKeys.list }),
    ]);
  };
}

export function useAddBrandLang() {
  const queryClient = useQueryClient();
  const onSaved = useLangSaved();
  return useMutation({
    mutationFn: (body: BrandLangAddBody) => send(api.brand.langAdd, { body }),
    onSuccess: onSaved,
    // Added meanwhile in another tab (409): the versions reload, and the tab offers to save over it.
    onError: (_err, body) => queryClient.invalidateQueries({ queryKey: brandKeys.langs(body.brand_id) }),
    meta: { successMessage: 'Language version added', subject: 'brand-lang' },
  });
}

export function useUpdateBrandLang() {
  const onSaved = useLangSaved();
  return useMutation({
    mutationFn: (body: BrandLangUpdateBody) => send(api.brand.langUpdate, { body }),
    onSuccess: onSaved,
    meta: { successMessage: 'Language version saved', subject: 'brand-lang' },
  });
}

export function useAddCountryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CountryRuleAddBody) => send(api.brand.addCountryRule, { body }),
    onSuccess: async (rule) => {
      queryClient.setQueryData(countryRulesQuery(rule.brand_id).queryKey, (rows) => [...(rows ?? []), rule]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.rules(rule.brand_id) }),
        queryClient.invalidateQueries({ queryKey: brandKeys.list }),
      ]);
    },
    meta: { successMessage: 'Country rule added' },
  });
}

export function useDeleteCountryRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: Pick<CountryRule, 'id' | 'brand_id'>) =>
      send(api.brand.delCountryRule, { body: { id: rule.id } }),
    onSuccess: (_ok, rule) => {
      queryClient.setQueryData(countryRulesQuery(rule.brand_id).queryKey, (rows) =>
        rows?.filter((r) => r.id !== rule.id),
      );
    },
    // Failed too (deleted elsewhere, 404): the rules reload and show what is really there.
    onSettled: (_ok, _err, rule) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.rules(rule.brand_id) }),
        queryClient.invalidateQueries({ queryKey: brandKeys.list }),
      ]),
    meta: { successMessage: 'Country rule deleted' },
  });
}
