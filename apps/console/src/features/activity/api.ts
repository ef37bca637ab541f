import type { AuditListBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { send } from '../../lib/api-client.ts';
import { downloadCall } from '../../lib/download.ts';

/** Entries read at a time; "Load older" reads the next page (the server's `before_id` cursor). */
const PAGE = 100;

export type ActivityFilter = Omit<AuditListBody, 'before_id' | 'limit' | 'csv'>;

export const useActivity = (filter: ActivityFilter) =>
  useInfiniteQuery({
    queryKey: ['audit', 'activity', filter],
    queryFn: ({ pageParam }) =>
      send(api.audit.list, { body: { ...filter, limit: PAGE, ...(pageParam ? { before_id: pageParam } : {}) } }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    staleTime: 0,
  });

/** The people who may appear in the log, for the person filter. */
export const usePeople = () =>
  useQuery({ queryKey: ['audit', 'people'], queryFn: () => send(api.users.list, { body: {} }) });

/** The whole filtered log as a CSV file (the server writes it, in the same words as the screen). */
export const useDownloadActivity = () =>
  useMutation({
    mutationFn: (filter: ActivityFilter) =>
      downloadCall(api.audit.list, { ...filter, csv: true }, `activity_${new Date().toISOString().slice(0, 10)}.csv`),
  });
