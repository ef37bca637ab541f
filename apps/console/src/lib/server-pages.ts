import { useCallback, useEffect } from 'react';

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
