import type { Content, ContentBulkUpdateBody } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemQueries, send } from '../../shared/api/index.ts';
import { type ContentView, useContentChanged } from './content-api.ts';
import { episodes } from './selection.ts';

/**
 * Every item matching the list's season and search ("Select all N matching"): the list call without `limit` is the
 * spec's answer, every item searched and sorted alike (decision 033), so no second call is needed for the ids.
 */
export async function matchingIds(brandId: number, view: Pick<ContentView, 'season' | 'search'>): Promise<number[]> {
  const search = view.search.trim();
  const rows = await send(api.content.list, {
    body: {
      brand_id: brandId,
      ...(view.season === null ? {} : { season: view.season }),
      ...(search === '' ? {} : { search }),
    },
  });
  return (Array.isArray(rows) ? rows : rows.rows).map((c) => c.id);
}

/** One bulk change (all or nothing); the list reloads after it and says how many changed. */
export function useBulkUpdate(brandId: number | null) {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (body: ContentBulkUpdateBody) => send(api.content.bulkUpdate, { body }),
    onSuccess: async ({ updated }) => {
      notifications.show({ color: 'green', message: `${episodes(updated)} changed` });
      await changed(brandId ?? undefined);
    },
    meta: { subject: 'content' },
  });
}

/** Marks an episode not planned in a language, or planned again; its list row and its readiness follow. */
export function useNotPlanned() {
  const queryClient = useQueryClient();
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (body: { content_id: number; lang_id: number; not_planned: boolean }) =>
      send(api.content.notPlanned, { body }),
    onSuccess: (saved: Content) => {
      queryClient.setQueryData(itemQueries.content(saved.id).queryKey, saved);
      return changed(saved.brand_id);
    },
    // Saved at once, apart from the modal's Save: said so, as a save is.
    meta: { subject: 'content', successMessage: 'Not planned saved' },
  });
}
