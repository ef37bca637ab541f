import { useCallback, useEffect } from 'react';

/**
 * What a list paged on the server is asked for a page (the contract's `listPaging`): the search when there is one
 * (cut to the 200 characters the server takes), the rows before the page, and the page's size.
 */
export function pageAsked(view: { search: string; page: number }, pageSize: number) {
  const search = view.search.trim().slice(0, 200);
  return { ...(search === '' ? {} : { search }), offset: (view.page - 1) * pageSize, limit: pageSize };
}

/**
 * The pages of a list paged on the server (`count` rows match): a page past the end (an old link, a list that got
 * shorter) shows the last one, once the answer for what is asked has come (not while the previous one stands in).
 */
export function useServerPages(
  list: { data?: { count: number }; isPlaceholderData: boolean },
  asked: number,
  pageSize: number,
  setUrl: (changes: { page: string }) => void,
) {
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / pageSize));
  const showPage = useCallback((target: number) => setUrl({ page: String(target) }), [setUrl]);
  const settled = list.data !== undefined && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && asked > pages) showPage(pages);
  }, [settled, asked, pages, showPage]);
  return { page: Math.min(asked, pages), pages, showPage };
}
