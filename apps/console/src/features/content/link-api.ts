import type { ContentLink, ContentLinkAddBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callQuery, send } from '../../shared/api/index.ts';
import { contentKeys } from './content-api.ts';

/** The links of a compilation brand (`id: 0`: all of them, not those of one content). */
export const linksQuery = (brandId: number) =>
  callQuery(contentKeys.links(brandId), api.link.list, { id: 0, brand_id: brandId });
export const useLinks = (brandId: number | null) =>
  useQuery({ ...linksQuery(brandId ?? 0), enabled: brandId !== null });

export function useAddLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ContentLinkAddBody>) => send(api.link.add, { body }),
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: contentKeys.links(saved.brand_id) }),
    meta: { successMessage: 'Link added' },
  });
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: ContentLink) => send(api.link.delete, { body: { id: link.id } }),
    onSuccess: (_ok, link) => queryClient.invalidateQueries({ queryKey: contentKeys.links(link.brand_id) }),
    meta: { successMessage: 'Link deleted' },
  });
}
