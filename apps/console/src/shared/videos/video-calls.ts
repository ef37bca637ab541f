import type { VideoAudioBody, VideoFile, VideoStatus } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { send, sharedKeys, uploadVideo } from '../api/index.ts';

/** How often a list or a file still being processed is read again: progress moves by the second, not faster. */
export const LIVE_EVERY_MS = 2000;

/** Queued or processing: its status, progress and time left still change by themselves. */
export const isUnderWay = (file: Pick<VideoFile, 'status'>): boolean =>
  file.status === 'queued' || file.status === 'processing';

/**
 * TanStack Query's `refetchInterval` for reads that hold video files: every two seconds while one of them is under
 * way, never once all are ready or failed (a screen of finished files asks nothing more).
 */
export const liveWhileUnderWay = (files: Pick<VideoFile, 'status'>[] | undefined): number | false =>
  files?.some(isUnderWay) ? LIVE_EVERY_MS : false;

/** One file, under the files' key: an upload, retry or attach anywhere reads it again. */
export const videoFileKey = (id: number) => [...sharedKeys.files, 'item', id] as const;

/**
 * One video file as stored now, read again every two seconds while it is under way (the content modal's attached
 * video). `initial` (the file as the language version carried it) shows at once and is not asked for again until
 * something changes it: files invalidated (subtitles added to its episode write it a new master, with a new URL).
 */
export function useVideoFile(initial: VideoFile | null) {
  const id = initial?.id ?? 0;
  return useQuery(
    queryOptions({
      queryKey: videoFileKey(id),
      queryFn: () => send(api.content.fileGet, { body: { id } }),
      enabled: initial !== null,
      initialData: initial ?? undefined,
      // Fresh as the version carried it; read again only when invalidated, or while under way.
      staleTime: Number.POSITIVE_INFINITY,
      refetchInterval: (query) => (query.state.data && isUnderWay(query.state.data) ? LIVE_EVERY_MS : false),
    }),
  );
}

/** A file's new state everywhere it is cached: its own entry, and every list and page that holds it. */
export function fileChanged(queryClient: QueryClient, saved: VideoFile) {
  queryClient.setQueryData(videoFileKey(saved.id), saved);
  return queryClient.invalidateQueries({ queryKey: sharedKeys.files, predicate: (q) => q.queryKey[2] !== 'item' });
}

/** Queues a failed file again; the lists go live again as it is queued. */
export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Pick<VideoFile, 'id'>) => send(api.content.fileRetry, { body: { id: file.id } }),
    onSuccess: (saved) => fileChanged(queryClient, saved),
    meta: { successMessage: 'Queued again' },
  });
}

/** The poster taken again at `at_sec` of the video ("Use this frame"). */
export function useTakePoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; at_sec: number }) => send(api.content.filePoster, { body }),
    onSuccess: (saved) => fileChanged(queryClient, saved),
    meta: { successMessage: 'Poster changed' },
  });
}

/** The languages of a ready file's audio tracks, chosen by staff: its HLS master is written again (a new URL). */
export function useAudioLanguages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoAudioBody) => send(api.content.fileAudio, { body }),
    onSuccess: (saved) => fileChanged(queryClient, saved),
    meta: { successMessage: 'Audio languages saved' },
  });
}

/** The statuses in the order a file goes through them, as the filter offers them. */
export const VIDEO_STATUS_WORDS: Record<VideoStatus, string> = {
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

/** Names the running upload, so a modal around it can ask before closing stops it. */
export const VIDEO_UPLOAD_KEY = ['video-upload'];

/**
 * Uploads a video with progress; the new file joins the file lists (a caller may then attach it). A failure is shown
 * next to the upload button, and a cancelled upload is no failure at all.
 */
export function useUploadVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: VIDEO_UPLOAD_KEY,
    mutationFn: ({ file, ...options }: { file: File; onProgress: (percent: number) => void; signal: AbortSignal }) =>
      uploadVideo(file, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.files }),
    meta: { errorToast: false },
  });
}

/**
 * Leaving the place of a running upload stops it: minutes of a large file are not dropped on a stray Escape or tab,
 * so it is asked first, like unsaved changes.
 */
export function stopUploadQuestion(dirty: boolean) {
  return {
    title: 'Stop the upload?',
    message: `The video has not finished uploading${dirty ? ' and the changes in this form have not been saved' : ''}.`,
    confirmLabel: 'Stop upload',
  };
}
