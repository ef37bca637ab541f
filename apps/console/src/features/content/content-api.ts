import type {
  Content,
  ContentAddBody,
  ContentLang,
  ContentLangAddBody,
  ContentLangUpdateBody,
  ContentSort,
  ContentUpdateBody,
} from '@kids-vod/contract';
import { api, listPage, type SortDirection } from '@kids-vod/contract/client';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery, errorMessage, send, sharedKeys } from '../../shared/api/index.ts';
import { useVersionSaves } from '../../shared/editing/index.ts';
import { pageAsked } from '../../shared/lists/index.ts';

/** The content screen's calls: query options and hooks typed from the contract. */
export const contentKeys = {
  langs: (contentId: number) => ['content', 'langs', contentId] as const,
  links: (brandId: number) => [...sharedKeys.links, brandId] as const,
};

export const contentLangsQuery = (contentId: number) =>
  callQuery(contentKeys.langs(contentId), api.content.langList, { content_id: contentId });
/** Content not saved yet (`null`) has no language versions to ask for. */
export const useContentLangs = (contentId: number | null) =>
  useQuery({ ...contentLangsQuery(contentId ?? 0), enabled: contentId !== null });

/** A brand may have thousands of episodes: the table shows them a page at a time, paged on the server. */
export const CONTENT_PAGE_SIZE = 100;

/** What the content screen's address asks of the list (decision 033: searched, sorted and paged by the server). */
export interface ContentView {
  season: number | null;
  search: string;
  sort: ContentSort;
  dir: SortDirection;
  page: number;
}

/** One page of a brand's content, under the brand's content key, so every save that reloads the brand reloads it. */
export const contentPageQuery = (brandId: number, view: ContentView) =>
  queryOptions({
    queryKey: [...sharedKeys.brandContent(brandId), 'page', view] as const,
    queryFn: async () =>
      listPage(
        await send(api.content.list, {
          body: {
            brand_id: brandId,
            ...(view.season === null ? {} : { season: view.season }),
            sort: view.sort,
            dir: view.dir,
            ...pageAsked(view, CONTENT_PAGE_SIZE),
          },
        }),
      ),
  });
/**
 * The page shown stays while the next one of the same brand (another page, search or sort) loads, not another
 * brand's; nothing is asked without a brand.
 */
export const useContentPage = (brandId: number | null, view: ContentView) =>
  useQuery({
    ...contentPageQuery(brandId ?? 0, view),
    enabled: brandId !== null,
    placeholderData: (previous, query) => (query?.queryKey[2] === brandId ? previous : undefined),
  });

/** A save changes the list (numbers, titles, languages, videos) and the names links show for it. */
export function useContentChanged() {
  const queryClient = useQueryClient();
  return (brandId?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: brandId ? sharedKeys.brandContent(brandId) : sharedKeys.allContent }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.links }),
    ]);
}

/**
 * The API stores a new item's number as given, beside any item that has it already; the console makes room as an
 * edit does: the item is added last in its season, then moved to the number asked for.
 */
async function addContent({ sort_number, ...body }: ContentAddBody): Promise<Content> {
  const added = await send(api.content.add, { body });
  if (sort_number === undefined || sort_number >= added.sort_number) return added;
  try {
    return await send(api.content.update, {
      body: { id: added.id, sort_number, sort_number_changed: true, updated_at: added.updated_at },
    });
  } catch (err) {
    // It exists: the form must go on as its edit, or a second save would add it twice.
    notifications.show({ color: 'yellow', message: `Created last in season ${added.season}: ${errorMessage(err)}` });
    return added;
  }
}

export function useAddContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: addContent,
    onSuccess: (saved) => changed(saved.brand_id),
    meta: { successMessage: 'Content created', subject: 'content' },
  });
}

export function useUpdateContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: (body: ContentUpdateBody) => send(api.content.update, { body }),
    onSuccess: (saved) => changed(saved.brand_id),
    // A refusal (409: changed by someone else) means the list is out of date: reload it for the next try.
    onError: () => changed(),
    meta: { successMessage: 'Content saved', subject: 'content' },
  });
}

/** Moves an item to `position` (1-based) within its season; the server renumbers the season 1..n. */
export function useMoveContent() {
  const changed = useContentChanged();
  return useMutation({
    mutationFn: ({ item, position }: { item: Content; position: number }) =>
      send(api.content.update, {
        body: { id: item.id, sort_number: position, sort_number_changed: true, updated_at: item.updated_at },
      }),
    onSuccess: (saved) => changed(saved.brand_id),
    onError: (_err, { item }) => changed(item.brand_id),
    meta: { successMessage: 'Order saved' },
  });
}

/** A language version changed: its content's versions, the list (titles, languages) and link names reload. */
export function useLangChanged() {
  const queryClient = useQueryClient();
  const changed = useContentChanged();
  return (saved: ContentLang) => {
    queryClient.setQueryData(contentKeys.langs(saved.content_id), (rows: ContentLang[] | undefined) =>
      rows ? [...rows.filter((l) => l.id !== saved.id), saved].sort((a, b) => a.lang_id - b.lang_id) : [saved],
    );
    return Promise.all([queryClient.invalidateQueries({ queryKey: contentKeys.langs(saved.content_id) }), changed()]);
  };
}

export function useContentVersionSaves() {
  const changed = useContentChanged();
  return useVersionSaves<ContentLang, ContentLangAddBody, ContentLangUpdateBody>({
    add: (body) => send(api.content.langAdd, { body }),
    update: (body) => send(api.content.langUpdate, { body }),
    subject: 'content-lang',
    versionsKey: (of) => contentKeys.langs(of.content_id),
    alsoChanged: () => changed(),
  });
}
