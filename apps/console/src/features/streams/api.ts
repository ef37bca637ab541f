import type { Stream, StreamAddBody, StreamUpdateBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callQuery, send } from '../../shared/api/index.ts';
import { useSaves } from '../../shared/editing/index.ts';

/** The streams screen's calls: query options and hooks typed from the contract. */
export const streamKeys = {
  lists: ['streams', 'list'] as const,
  list: (langId: number) => ['streams', 'list', langId] as const,
};

export const streamsQuery = (langId: number) =>
  callQuery(streamKeys.list(langId), api.stream.list, { lang_id: langId });
export const useStreams = (langId: number) => useQuery(streamsQuery(langId));

/** Every language's list reloads after a save: a stream moved to another language leaves one list for the other. */
export const useStreamSaves = () =>
  useSaves<Stream, StreamAddBody, StreamUpdateBody>({
    what: 'Stream',
    add: (body) => send(api.stream.add, { body }),
    update: (body) => send(api.stream.update, { body }),
    rowsKey: (saved) => streamsQuery(saved.lang_id).queryKey,
    listsKey: streamKeys.lists,
  });
