import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Input props bound to keys of the address's state, as a form's getInputProps binds its fields: `bind('kind')` gives
 * a filter its value and puts a change into the address.
 */
export function urlInputProps<T extends Record<string, string>>(url: T, setUrl: (changes: Partial<T>) => void) {
  return (key: keyof T & string) => ({
    value: url[key],
    onChange: (value: string) => setUrl({ [key]: value } as Partial<T>),
  });
}

/**
 * A list's state (search, sort, page, brand, season, language) kept in the URL, so a link or a reload
 * shows the same list. Setting a value to its default removes it from the URL.
 */
export function useUrlState<T extends Record<string, string>>(defaults: T): [T, (changes: Partial<T>) => void] {
  const [params, setParams] = useSearchParams();
  const state = Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, params.get(k) ?? d])) as T;
  // The router shows a new URL only once the route's loader has run, and its own functional update starts from
  // the URL shown: a second change asked for meanwhile (a debounced search landing as a season is chosen) would
  // drop the first. So a change builds on the last one asked for while the URL shown is still the one it left.
  const shown = params.toString();
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const asked = useRef<{ from: string; to: URLSearchParams } | null>(null);
  // Once the URL shown moves on (to the change asked for, or elsewhere by a link), that change is history.
  if (asked.current && asked.current.from !== shown) asked.current = null;
  // The defaults are literals of the calling screen; their identity changes every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const update = useCallback(
    (changes: Partial<T>) => {
      const from = shownNow.current;
      const next = new URLSearchParams(asked.current?.from === from ? asked.current.to : from);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === defaults[k]) next.delete(k);
        else next.set(k, v as string);
      }
      asked.current = { from, to: next };
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [state, update];
}

/**
 * A search box over a URL parameter. The box keeps its own text and answers every key at once: bound to the URL
 * directly it would lose keys and its caret, as the router shows a new URL a moment later. The URL (and the list)
 * follow when typing pauses; a URL changed from elsewhere (a link, a Clear button) puts its search in the box.
 */
export function useUrlSearch(inUrl: string, push: (search: string) => void): [string, (search: string) => void] {
  const [search, setSearch] = useState(inUrl);
  const [typed] = useDebouncedValue(search.trim(), 200);
  const [seen, setSeen] = useState(inUrl);
  const pushed = useRef(inUrl);
  if (inUrl !== seen) {
    setSeen(inUrl);
    if (inUrl !== pushed.current) setSearch(inUrl);
  }
  const latest = useRef({ inUrl, push });
  latest.current = { inUrl, push };
  useEffect(() => {
    if (typed === latest.current.inUrl) return;
    pushed.current = typed;
    latest.current.push(typed);
  }, [typed]);
  return [search, setSearch];
}

export { type SortDirection, sortRows } from '@kids-vod/contract/client';

/** The page a `page` URL parameter names: a whole number from 1, anything else the first page. */
export const pageParam = (value: string): number => Math.max(1, Math.floor(Number(value)) || 1);

/**
 * One page of a list shown a page at a time, from the `page` URL parameter: a number out of range (an old link,
 * a list that got shorter) shows the nearest page instead of an empty one.
 */
export function pageOf<R>(rows: R[], param: string, size: number): { page: number; pages: number; pageRows: R[] } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = Math.min(pageParam(param), pages);
  return { page, pages, pageRows: rows.slice((page - 1) * size, page * size) };
}
