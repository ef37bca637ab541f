import { useCallback, useEffect, useMemo } from 'react';
import { pageOf, type SortDirection } from './url-state.ts';

/**
 * A list screen's rows as its address asks for them: searched (`q`), sorted (`sort`, `dir`) and cut to `page`.
 * `searching` is a search that has something to search in.
 */
export function useListView<T, S extends string>(
  data: T[] | undefined,
  url: { q: string; sort: S; dir: string; page: string },
  how: {
    matches: (row: T, q: string) => boolean;
    sort: (rows: T[], sort: S, direction: SortDirection) => T[];
    pageSize: number;
  },
) {
  const direction: SortDirection = url.dir === 'desc' ? 'desc' : 'asc';
  const { matches, sort } = how;
  const rows = useMemo(
    () =>
      sort(
        (data ?? []).filter((row) => matches(row, url.q)),
        url.sort,
        direction,
      ),
    [data, url.q, url.sort, direction, matches, sort],
  );
  const total = data?.length ?? 0;
  return {
    rows,
    direction,
    total,
    searching: url.q.trim() !== '' && total > 0,
    ...pageOf(rows, url.page, how.pageSize),
  };
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
