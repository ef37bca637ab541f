import type { Brand } from '@kids-vod/contract';
import { Group, Stack, Text } from '@mantine/core';
import { Suspense, useEffect, useMemo } from 'react';
import { ClearSearch, countText, ListState } from '../../components/list-state.tsx';
import { NewButton } from '../../components/new-button.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { useEditing } from '../../lib/editing.ts';
import { lazyComponent, whenIdle } from '../../lib/lazy-component.ts';
import { CALL_PERMISSIONS } from '../../lib/permissions.ts';
import { queryClient } from '../../lib/query-client.ts';
import { brandsQuery, useBrands, useLanguages } from '../../lib/reads.ts';
import { pageOf, type SortDirection, useUrlSearch, useUrlState } from '../../lib/url-state.ts';
import { BrandsTable, sortBrands } from './brands-table.tsx';

/** Rows per page; brands are dozens, the pages keep a long list fast anyway. */
const PAGE_SIZE = 50;

// The modal (forms, zod schemas, image upload) is not needed to show the list: it loads when idle or first opened.
const BrandModal = lazyComponent(() => import('./brand-modal.tsx').then((m) => m.BrandModal));
// Pages show only past PAGE_SIZE brands: the pagination's code loads when there are two.
const ListPagination = lazyComponent(() => import('../../components/pagination.ts').then((m) => m.ListPagination));

/** The list is asked for as soon as the route is chosen, beside the profile, not once the screen renders. */
export function loader() {
  void queryClient.prefetchQuery(brandsQuery);
  return null;
}

function matches(brand: Brand, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || brand.name.toLowerCase().includes(q) || brand.slug.includes(q);
}

export function Component() {
  const [url, setUrl] = useUrlState({ q: '', sort: '', dir: 'asc', page: '1' });
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q, page: '1' }));
  const brands = useBrands();
  const languages = useLanguages();
  const { editing, open, closed } = useEditing<Brand>();
  useEffect(() => whenIdle(BrandModal.preload), []);

  const languageById = useMemo(() => new Map(languages.data?.map((l) => [l.id, l])), [languages.data]);
  const direction: SortDirection = url.dir === 'desc' ? 'desc' : 'asc';
  const rows = useMemo(
    () =>
      sortBrands(
        (brands.data ?? []).filter((b) => matches(b, url.q)),
        url.sort,
        direction,
      ),
    [brands.data, url.q, url.sort, direction],
  );
  const { page, pages, pageRows } = pageOf(rows, url.page, PAGE_SIZE);

  const newBrand = <NewButton what="brand" permission={CALL_PERMISSIONS.brand.add} onClick={() => open(null)} />;
  const total = brands.data?.length ?? 0;
  const searching = url.q.trim() !== '' && total > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <SearchField label="Search brands" placeholder="Search by name or slug" value={search} onChange={setSearch} />
          {brands.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countText(rows.length, total, searching, ['brand', 'brands'])}
            </Text>
          ) : null}
        </Group>
        {newBrand}
      </Group>

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
        {pages > 1 ? (
          <Group justify="flex-end">
            <Suspense fallback={null}>
              <ListPagination total={pages} value={page} onChange={(p) => setUrl({ page: String(p) })} />
            </Suspense>
          </Group>
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
