import type { BrandRow } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Stack } from '@mantine/core';
import { Suspense, useEffect, useMemo } from 'react';
import { ListHeader } from '../../components/list-header.tsx';
import { ClearSearch, countText, ListState } from '../../components/list-state.tsx';
import { NewButton } from '../../components/new-button.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { findIn, useEditing } from '../../lib/editing.ts';
import { lazyComponent, whenIdle } from '../../lib/lazy-component.ts';
import { useListView } from '../../lib/list-view.ts';
import { queryClient } from '../../lib/query-client.ts';
import { brandsQuery, useBrands, useLanguages } from '../../lib/reads.ts';
import { useUrlSearch, useUrlState } from '../../lib/url-state.ts';
import { BrandsTable, sortBrands } from './brands-table.tsx';

/** Rows per page; brands are dozens, the pages keep a long list fast anyway. */
const PAGE_SIZE = 50;

// The modal (forms, zod schemas, image upload) is not needed to show the list: it loads when idle or first opened.
const BrandModal = lazyComponent(() => import('./brand-modal.tsx').then((m) => m.BrandModal));
// Pages show only past PAGE_SIZE brands: the pagination's code loads when there are two.
const ListPages = lazyComponent(() => import('../../components/pagination.ts').then((m) => m.ListPages));

/** The list is asked for as soon as the route is chosen, beside the profile, not once the screen renders. */
export function loader() {
  void queryClient.prefetchQuery(brandsQuery);
  return null;
}

function matches(brand: BrandRow, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || brand.name.toLowerCase().includes(q) || brand.slug.includes(q);
}

const LIST_VIEW = { matches, sort: sortBrands, pageSize: PAGE_SIZE };

export function Component() {
  const [url, setUrl] = useUrlState({ q: '', sort: '', dir: 'asc', page: '1' });
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q, page: '1' }));
  const brands = useBrands();
  const languages = useLanguages();
  const { editing, open, closed } = useEditing({ what: 'brand', find: findIn(brands.data) });
  useEffect(() => whenIdle(BrandModal.preload), []);

  const languageById = useMemo(() => new Map(languages.data?.map((l) => [l.id, l])), [languages.data]);
  const { rows, direction, total, searching, page, pages, pageRows } = useListView(brands.data, url, LIST_VIEW);

  const newBrand = <NewButton what="brand" permission={CALL_PERMISSIONS.brand.add} onClick={() => open(null)} />;

  return (
    <Stack gap="md">
      <ListHeader
        count={brands.data ? countText(rows.length, total, searching, ['brand', 'brands']) : null}
        action={newBrand}
      >
        <SearchField label="Search brands" placeholder="Search by name or slug" value={search} onChange={setSearch} />
      </ListHeader>

      <ListState
        query={brands}
        isEmpty={rows.length === 0}
        emptyText={searching ? `No brand matches “${url.q.trim()}”.` : 'No brands yet.'}
        createAction={searching ? <ClearSearch onClear={() => setUrl({ q: '', page: '1' })} /> : newBrand}
      >
        <BrandsTable
          rows={pageRows}
          loading={brands.isPending}
          languages={languageById}
          sort={url.sort}
          direction={direction}
          onSort={(sort, dir) => setUrl({ sort, dir })}
          onOpen={open}
        />
        {/* Its code loads only for a list of more than one page. */}
        {pages > 1 ? (
          <Suspense fallback={null}>
            <ListPages total={pages} value={page} onChange={(p) => setUrl({ page: String(p) })} />
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
