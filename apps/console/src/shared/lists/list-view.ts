import { useMemo } from 'react';
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
