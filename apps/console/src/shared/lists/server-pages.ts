import { MAX_SEARCH_LENGTH } from '@kids-vod/contract/client';
import { useCallback, useEffect, useState } from 'react';

/**
 * What a list paged on the server is asked for a page (the contract's `listPaging`): the search when there is one
 * (cut to the characters the server takes), the rows before the page, and the page's size.
 */
export function pageAsked(view: { search: string; page: number }, pageSize: number) {
  const search = view.search.trim().slice(0, MAX_SEARCH_LENGTH);
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

/**
 * `value` as it is for the rows on screen: while the answer for a new search or sort is on its way (the previous
 * rows standing in), the value those rows were asked with. A table drawn from it is not drawn again (every row of
 * the page) for a state its rows do not show, only to be replaced a moment later.
 */
export function useAsShown<T>(value: T, list: { isPlaceholderData: boolean }): T {
  const [shown, setShown] = useState(value);
  if (!list.isPlaceholderData && shown !== value) setShown(value);
  return list.isPlaceholderData ? shown : value;
}
