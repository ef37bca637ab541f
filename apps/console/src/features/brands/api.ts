import type {
  BrandAddBody,
  BrandLang,
  BrandLangAddBody,
  BrandLangUpdateBody,
  BrandRow,
  BrandUpdateBody,
  CountryRule,
  CountryRuleAddBody,
} from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { brandsQuery, callQuery, send, sharedKeys } from '../../shared/api/index.ts';
import { useSaves, useVersionSaves } from '../../shared/editing/index.ts';

/** The brands screen's calls: query options and hooks typed from the contract. */
export const brandKeys = {
  langs: (brandId: number) => ['brands', 'langs', brandId] as const,
  rules: (brandId: number) => ['brands', 'rules', brandId] as const,
};

export const brandLangsQuery = (brandId: number) =>
  callQuery(brandKeys.langs(brandId), api.brand.langList, { brand_id: brandId });

export const countryRulesQuery = (brandId: number) =>
  callQuery(brandKeys.rules(brandId), api.brand.listCountryRule, { brand_id: brandId });

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

export function useBrandSaves() {
  const queryClient = useQueryClient();
  return useSaves<BrandRow, BrandAddBody, BrandUpdateBody>({
    what: 'Brand',
    add: (body) => send(api.brand.add, { body }),
    update: (body) => send(api.brand.update, { body }),
    rowsKey: () => brandsQuery.queryKey,
    listsKey: sharedKeys.brands,
    alsoChanged: () => queryClient.invalidateQueries({ queryKey: sharedKeys.links }),
  });
}

export function useBrandVersionSaves() {
  const queryClient = useQueryClient();
  return useVersionSaves<BrandLang, BrandLangAddBody, BrandLangUpdateBody>({
    add: (body) => send(api.brand.langAdd, { body }),
    update: (body) => send(api.brand.langUpdate, { body }),
    subject: 'brand-lang',
    versionsKey: (of) => brandKeys.langs(of.brand_id),
    alsoChanged: () => queryClient.invalidateQueries({ queryKey: sharedKeys.brands }),
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
        queryClient.invalidateQueries({ queryKey: sharedKeys.brands }),
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
        queryClient.invalidateQueries({ queryKey: sharedKeys.brands }),
      ]),
    meta: { successMessage: 'Country rule deleted' },
  });
}
