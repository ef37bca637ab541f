import { api } from '@kids-vod/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from './api-client.ts';

/** Languages and countries change rarely: fetched once per session and shared by every screen. */
export const languagesQuery = queryOptions({
  queryKey: ['languages'],
  queryFn: () => send(api.reference.langList),
  staleTime: 5 * 60_000,
});
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: () => send(api.reference.countries),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useLanguages = () => useQuery(languagesQuery);
export const useCountries = () => useQuery(countriesQuery);
