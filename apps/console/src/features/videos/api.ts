import type { VideoStatus } from '@kids-vod/contract';
import { api, listPage } from '@kids-vod/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { itemQueries, send, sharedKeys } from '../../shared/api/index.ts';
import { pageAsked } from '../../shared/lists/index.ts';
import { liveWhileUnderWay } from '../../shared/videos/index.ts';

/** Video files on one page of the screen. */
export const VIDEOS_PAGE_SIZE = 20;

export interface VideosView {
  status?: VideoStatus;
  search: string;
  page: number;
}

/**
 * One page of video files, newest first, filtered and searched on the server; under the files' key, so an upload or
 * an attach anywhere reads it again. Read again every two seconds while a file on it is queued or processing: the
 * progress moves on screen, and the reads stop once every file shown is ready or failed.
 */
export const videosQuery = ({ status, ...view }: VideosView) => {
  const asked = { ...(status ? { status } : {}), ...pageAsked(view, VIDEOS_PAGE_SIZE) };
  return queryOptions({
    queryKey: [...sharedKeys.files, 'page', asked] as const,
    queryFn: async () => listPage(await send(api.content.files, { query: asked })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => liveWhileUnderWay(query.state.data?.rows),
  });
};
export const useVideos = (view: VideosView) => useQuery(videosQuery(view));

/** The content item a file is attached to (its brand and episode), for the link to it; nothing when it is free. */
export const useAttachedContent = (contentId: number | null) =>
  useQuery({ ...itemQueries.content(contentId ?? 0), enabled: contentId !== null, staleTime: 60_000 });
