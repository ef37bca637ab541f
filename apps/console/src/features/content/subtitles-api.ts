import type { ContentLang, SubtitlesKind } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery, send, sharedKeys, uploadSubtitles } from '../../shared/api/index.ts';
import { useLangChanged } from './content-api.ts';

/** The subtitles calls of the content modal: a version's files come with the version; a file's cues on demand. */
export const subtitlesKeys = { cues: (id: number) => ['subtitles', 'cues', id] as const };

export const useSubtitlesCues = (id: number | null) =>
  useQuery({ ...callQuery(subtitlesKeys.cues(id ?? 0), api.subtitles.get, { id: id ?? 0 }), enabled: id !== null });

/**
 * A change answers the version: its list of files is set from it, and the cues shown are read again. The server has
 * written every video of the episode a new master (with the subtitles in it): the files are read again, so an open
 * player offers them at once.
 */
function useSubtitlesChanged() {
  const queryClient = useQueryClient();
  const langChanged = useLangChanged();
  return async (saved: ContentLang) => {
    await Promise.all([
      langChanged(saved),
      queryClient.invalidateQueries({ queryKey: ['subtitles', 'cues'] }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.files }),
    ]);
  };
}

export function useUploadSubtitles() {
  const changed = useSubtitlesChanged();
  return useMutation({
    mutationFn: ({ file, contentLangId, kind }: { file: File; contentLangId: number; kind: SubtitlesKind }) =>
      uploadSubtitles(file, contentLangId, kind),
    onSuccess: changed,
    // The refusal (with the line it failed on) is shown beside the upload button, not as a toast that goes.
    meta: { errorToast: false, successMessage: 'Subtitles added' },
  });
}

export function useShiftSubtitles() {
  const changed = useSubtitlesChanged();
  return useMutation({
    mutationFn: (body: { id: number; seconds: number }) => send(api.subtitles.shift, { body }),
    onSuccess: changed,
    meta: { successMessage: 'Cues moved' },
  });
}

export function useDeleteSubtitles() {
  const changed = useSubtitlesChanged();
  return useMutation({
    mutationFn: (id: number) => send(api.subtitles.delete, { body: { id } }),
    onSuccess: changed,
    meta: { successMessage: 'Subtitles deleted' },
  });
}
