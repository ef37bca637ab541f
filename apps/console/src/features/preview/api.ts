import { api } from '@kids-vod/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../shared/api/index.ts';

/** The catalogue of a language as a child in a country sees it at a moment, and what is not shown there. */
export const usePreview = (lang: string, country: string, at: string | undefined) =>
  useQuery({
    ...callQuery(['catalog-preview', lang, country, at ?? 'now'], api.catalog.preview, { lang, country, at }),
    enabled: lang !== '' && country !== '',
    // Another choice keeps the last preview on screen until the new one is there.
    placeholderData: keepPreviousData,
  });
