import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { BRAND_SORTS, type BrandSort } from '@kids-vod/contract/client';
import { Stack } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { Suspense, useEffect, useMemo } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { itemQueries, useLanguages } from '../../shared/api/index.ts';
import { useEditing, useFindOnPage } from '../../shared/editing/index.ts';
import {
  ClearSearch,
  countText,
  LazyListPages,
  ListHeader,
  ListState,
  NewButton,
  pageParam,
  SearchField,
  useServerPages,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { lazyComponent, whenIdle } from '../../shared/screen/index.ts';
import { queryClient } from '../../shared/session/index.ts';
import { BRAND_PAGE_SIZE, type BrandsView, brandsPageQuery, useBrandsPage } from './brands-page.ts';
import { BrandsTable } from './brands-table.tsx';

// The modal (forms, zod schemas, image upload) is not needed to show the list: it loads when idle or first opened.
const BrandModal = lazyComponent(() => import('./brand-modal.tsx').then((m) => m.BrandModal));

const URL_DEFAULTS = { q: '', sort: '', dir: 'asc', page: '1' };

/** The screen's state as the address gives it; anything unknown reads as its default. */
function readUrl(url: typeof URL_DEFAULTS): BrandsView {
  const sort = BRAND_SORTS.includes(url.sort as BrandSort) ? (url.sort as BrandSort) : undefined;
  return { search: url.q, sort, dir: url.dir === 'desc' ? 'desc' : 'asc', page: pageParam(url.page) };
}

/** The page is asked for as soon as the route is chosen, beside the profile, not once the screen renders. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = { ...URL_DEFAULTS, ...Object.fromEntries(new URL(request.url).searchParams) };
  void queryClient.prefetchQuery(brandsPageQuery(readUrl(url)));
  return null;
}

export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const view = readUrl(url);
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q, page: '1' }));
  const brands = useBrandsPage(view);
  const languages = useLanguages();
  const rows = brands.data?.rows;
  const { editing, open, closed } = useEditing({ what: 'brand', find: useFindOnPage(rows, itemQueries.brand) });
  useEffect(() => whenIdle(BrandModal.preload), []);

  const languageById = useMemo(() => new Map(languages.data?.map((l) => [l.id, l])), [languages.data]);
  const { page, pages } = useServerPages(brands, view.page, BRAND_PAGE_SIZE, setUrl);
  const total = brands.data?.total ?? 0;
  const matching = brands.data?.count ?? 0;
  const searching = url.q.trim() !== '' && total > 0;

  // Stable, so the table (memo) renders only for new rows or columns.
  const onSort = useCallbackRef((sort: string, dir: string) => setUrl({ sort, dir }));
  const onOpen = useCallbackRef(open);

  const newBrand = <NewButton what="brand" permission={CALL_PERMISSIONS.brand.add} onClick={() => open(null)} />;

  return (
    <Stack gap="md">
      <ListHeader
        count={brands.data ? countText(matching, total, searching, ['brand', 'brands']) : null}
        action={newBrand}
      >
        <SearchField label="Search brands" placeholder="Search by name or slug" value={search} onChange={setSearch} />
      </ListHeader>

      <ListState
        query={brands}
        isEmpty={matching === 0}
        emptyText={searching ? `No brand matches “${url.q.trim()}”.` : 'No brands yet.'}
        createAction={searching ? <ClearSearch onClear={() => setUrl({ q: '', page: '1' })} /> : newBrand}
      >
        <BrandsTable
          rows={rows ?? []}
          // Its rows name languages: drawn once with them, rather than drawn and then drawn again (50 rows).
          loading={brands.isPending || languages.isPending}
          languages={languageById}
          sort={view.sort ?? ''}
          direction={view.dir}
          onSort={onSort}
          onOpen={onOpen}
        />
        {/* Its code loads only for a list of more than one page. */}
        {pages > 1 ? (
          <Suspense fallback={null}>
            <LazyListPages total={pages} value={page} onChange={(p) => setUrl({ page: String(p) })} />
          </Suspense>
        ) : null}
      </ListState>

      {editing ? (
        <Suspense fallback={null}>
          <BrandModal key={editing.key} initial={editing.item} onClosed={closed} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
