import { api, type BinEntity } from '@kids-vod/contract/client';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery } from '../../shared/api/index.ts';
import { type BinItem, binKeys, purgeFromBin, reloadAfterBin, restoreFromBin } from '../../shared/bin/index.ts';

/** Items in the bin on one screen page. */
export const BIN_PAGE_SIZE = 50;

export interface BinPageRequest {
  entity?: BinEntity;
  page: number;
}

/** One page of the bin, newest first, of one kind or all; paged on the server. */
const binQuery = ({ entity, page }: BinPageRequest) =>
  queryOptions({
    ...callQuery([...binKeys.lists, entity ?? 'all', page] as const, api.bin.list, {
      entity,
      offset: (page - 1) * BIN_PAGE_SIZE,
      limit: BIN_PAGE_SIZE,
    }),
    // The page being left stays on screen until the next arrives, so paging and filtering do not flash empty.
    placeholderData: keepPreviousData,
  });
export const useBin = (request: BinPageRequest) => useQuery(binQuery(request));

type Named = BinItem & { name: string };

/**
 * Restore and delete for good. Resolved once the lists have reloaded, so the screen moves the focus to what is there
 * then. A refusal (a restore that would clash: 409) shows the server's sentence in an error toast.
 */
export function useBinActions() {
  const queryClient = useQueryClient();
  const reload = () => reloadAfterBin(queryClient);
  const restore = useMutation({
    mutationFn: ({ entity, id }: Named) => restoreFromBin({ entity, id }),
    onSuccess: (_ok, { name }) => notifications.show({ color: 'green', message: `“${name}” restored.` }),
    onSettled: reload,
    meta: { subject: 'bin' },
  });
  const purge = useMutation({
    mutationFn: ({ entity, id }: Named) => purgeFromBin({ entity, id }),
    onSuccess: (_ok, { name }) => notifications.show({ color: 'green', message: `“${name}” deleted for good.` }),
    onSettled: reload,
    meta: { subject: 'bin' },
  });
  return { restore, purge };
}
