import { api } from '@kids-vod/contract/client';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { send } from '../../shared/api/index.ts';

const LIST_KEY = ['readiness', 'list'] as const;

/** Rows on one page of the worklist. */
export const READINESS_PAGE_SIZE = 50;

/**
 * One page of every brand and language with problems (`readiness/list`), the soonest to be available first. Read
 * again on every save anywhere (a version, a video, a rule change what is missing) and when the window comes back:
 * it is a worklist, and what was mended leaves it.
 */
export const readinessListQuery = (langId: number | null, page: number) => {
  const body = {
    ...(langId === null ? {} : { lang_id: langId }),
    offset: (page - 1) * READINESS_PAGE_SIZE,
    limit: READINESS_PAGE_SIZE,
  };
  return queryOptions({
    queryKey: [...LIST_KEY, body] as const,
    queryFn: () => send(api.brand.readinessList, { body }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
};

export function useReadinessList(langId: number | null, page: number) {
  const client = useQueryClient();
  // Any save may mend (or make) a problem: the list is read again after each, as a brand's readiness is.
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void client.invalidateQueries({ queryKey: LIST_KEY });
        }
      }),
    [client],
  );
  return useQuery(readinessListQuery(langId, page));
}
