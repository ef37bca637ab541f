import type { Stream, StreamAddBody, StreamUpdateBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, send } from '../../lib/api-client.ts';

/** The streams screen's calls: query options and hooks typed from the contract. */
export const streamKeys = {
  lists: ['streams', 'list'] as const,
  list: (langId: number) => ['streams', 'list', langId] as const,
};

export const streamsQuery = (langId: number) =>
  queryOptions({
    queryKey: streamKeys.list(langId),
    queryFn: () => send(api.stream.list, { body: { lang_id: langId } }),
  });
export const useStreams = (langId: number) => useQuery(streamsQuery(langId));

/**
 * The saved stream replaces its row at once (its new `updated_at` guards the next save); then every
 * language's list reloads, since a stream moved to another language leaves one list for the other.
 */
function useStreamSaved() {
  const queryClient = useQueryClient();
  return (saved: Stream) => {
    queryClient.setQueryData(streamsQuery(saved.lang_id).queryKey, (rows) =>
      rows?.some((s) => s.id === saved.id) ? rows.map((s) => (s.id === saved.id ? saved : s)) : rows,
    );
    // Not awaited, like a brand's (brands/api.ts): the form resets as soon as the server has answered.
    void queryClient.invalidateQueries({ queryKey: streamKeys.lists });
  };
}

export function useAddStream() {
  const onSaved = useStreamSaved();
  return useMutation({
    mutationFn: (body: StreamAddBody) => send(api.stream.add, { body }),
    onSuccess: onSaved,
    meta: { successMessage: 'Stream added', subject: 'stream' },
  });
}

export function useUpdateStream() {
  const queryClient = useQueryClient();
  const onSaved = useStreamSaved();
  return useMutation({
    mutationFn: (body: StreamUpdateBody) => send(api.stream.update, { body }),
    onSuccess: onSaved,
    // Someone else changed it (409): the lists reload, so the stream opened again is the current one.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) queryClient.invalidateQueries({ queryKey: streamKeys.lists });
    },
    meta: { successMessage: 'Stream saved', subject: 'stream' },
  });
}
