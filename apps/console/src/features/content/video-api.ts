import type { AttachVideoBody, ContentLangUpdateBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { send, sharedKeys } from '../../shared/api/index.ts';
import { useLangChanged } from './content-api.ts';

/** Attaching or detaching changes which files are free, the language version and the list's video column. */
function useVideoChanged() {
  const queryClient = useQueryClient();
  const langChanged = useLangChanged();
  return async (saved: Parameters<typeof langChanged>[0]) => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: sharedKeys.files }), langChanged(saved)]);
  };
}

export function useAttachVideo() {
  const queryClient = useQueryClient();
  const changed = useVideoChanged();
  return useMutation({
    mutationFn: (body: z.input<typeof AttachVideoBody>) => send(api.content.attachVideo, { body }),
    onSuccess: changed,
    // Taken meanwhile by another item (409): the free files reload, so it is no longer offered.
    onError: () => queryClient.invalidateQueries({ queryKey: sharedKeys.files }),
    meta: { successMessage: 'Video attached' },
  });
}

export function useDetachVideo() {
  const changed = useVideoChanged();
  return useMutation({
    mutationFn: (contentLangId: number) => send(api.content.detachVideo, { query: { content_lang_id: contentLangId } }),
    onSuccess: changed,
    meta: { successMessage: 'Video detached' },
  });
}

/**
 * A version plays another version's video with its own audio track, or (null) its own video again: only
 * `video_from_lang_id` is sent, so text typed in the form stays as it is, unsaved.
 */
export function useBorrowVideo() {
  const changed = useLangChanged();
  return useMutation({
    mutationFn: (body: Pick<ContentLangUpdateBody, 'id' | 'video_from_lang_id' | 'updated_at'>) =>
      send(api.content.langUpdate, { body }),
    onSuccess: changed,
    meta: { successMessage: 'Video choice saved' },
  });
}
