import type { Content } from '@kids-vod/contract';
import { Button, Center, Group, Paper, Select, Stack, Text, TextInput, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconLink, IconMovie, IconPlus, IconSearch } from '@tabler/icons-react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { ListPagination } from '../../components/list-pagination.tsx';
import { choicesError, ListState } from '../../components/list-state.tsx';
import { lazyComponent, useIdle } from '../../lib/lazy-component.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useLanguages } from '../../lib/reference.ts';
import { pageOf, type SortDirection, sortRows, useUrlSearch, useUrlState } from '../../lib/url-state.ts';
import { brandsQuery, contentListQuery, useBrands, useContentList, useMoveContent } from './content-api.ts';
import { ContentTable, type MoveDirection, SORT_COLUMNS, type SortColumn, sortValue } from './content-table.tsx';
import { episodeCode } from './format.ts';
import { linksQuery, useLinks } from './link-api.ts';
import { LinkedContent } from './linked-content.tsx';

/** A brand may have thousands of episodes: the table shows them a page at a time. */
const PAGE_SIZE = 100;

// The modals (forms, zod schemas, uploads) are not needed to show the list: mounted once the browser is idle.
const ContentModal = lazyComponent(() => import('./content-modal.tsx').then((m) => m.ContentModal));
const LinksModal = lazyComponent(() => import('./links-modal.tsx').then((m) => m.LinksModal));

const URL_DEFAULTS = { brand: '', season: '', search: '', sort: 'season', dir: 'asc', page: '1' };
const ALL_SEASONS = 'all';

/**
 * The chosen brand's content and the brands are asked for as soon as the route is chosen (see brands/route.tsx):
 * the content first, since the embedded database answers one query at a time and the rows wait for it, while
 * the brand picker can fill in a moment later.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const brandId = Number(new URL(request.url).searchParams.get('brand'));
  if (brandId > 0) void queryClient.prefetchQuery(contentListQuery({ brand_id: brandId }));
  void queryClient.prefetchQuery(brandsQuery);
  if (brandId > 0) void queryClient.prefetchQuery(linksQuery(brandId));
  return null;
}

function matches(item: Content, needle: string): boolean {
  if (!needle) return true;
  const n = needle.toLowerCase();
  return episodeCode(item).toLowerCase() === n || item.langs.some((l) => l.title.toLowerCase().includes(n));
}

export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const brandId = Number(url.brand) > 0 ? Number(url.brand) : null;
  const season = Number(url.season) > 0 ? Number(url.season) : null;
  const sort: SortColumn = SORT_COLUMNS.includes(url.sort as SortColumn) ? (url.sort as SortColumn) : 'season';
  const dir: SortDirection = url.dir === 'desc' ? 'desc' : 'asc';

  const brands = useBrands();
  const list = useContentList(brandId);
  // A compilation shows content of other brands besides its own (api.md, "Compilations"); its failure is not shown.
  const linked = useLinks(brandId).data ?? [];
  const languages = useLanguages();
  const move = useMoveContent();
  const idle = useIdle();

  const [search, setSearch] = useUrlSearch(url.search, (typed) => setUrl({ search: typed, page: '1' }));

  const [edited, setEdited] = useState<Content | 'new' | null>(null);
  const [linksOpen, setLinksOpen] = useState(false);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; dir: MoveDirection } | null>(null);

  const brand = brands.data?.find((b) => b.id === brandId) ?? null;
  // The brand in the address is taken at its word until the brands arrive: its rows need not wait for them.
  const showList = brand !== null || (brandId !== null && brands.isPending);
  const all = list.data ?? [];

  const seasons = useMemo(() => {
    const found = new Set((list.data ?? []).map((c) => c.season));
    if (season) found.add(season);
    return [...found].sort((a, b) => a - b);
  }, [list.data, season]);

  /** Where each item stands within its season (the server's order): what the up/down buttons move. */
  const positions = useMemo(() => {
    const bySeason = new Map<number, number>();
    const result = new Map<number, { position: number; count: number }>();
    for (const c of all) bySeason.set(c.season, (bySeason.get(c.season) ?? 0) + 1);
    const seen = new Map<number, number>();
    for (const c of all) {
      const position = (seen.get(c.season) ?? 0) + 1;
      seen.set(c.season, position);
      result.set(c.id, { position, count: bySeason.get(c.season) ?? 0 });
    }
    return result;
  }, [all]);

  const codes = useMemo(
    () => new Map((languages.data ?? []).map((l) => [l.id, l.code.toUpperCase()])),
    [languages.data],
  );

  const visible = useMemo(() => {
    const filtered = all.filter((c) => (season === null || c.season === season) && matches(c, url.search));
    return sortRows(filtered, (c) => sortValue(c, sort), dir);
  }, [all, season, url.search, sort, dir]);

  const { page, pages, pageRows: rows } = pageOf(visible, url.page, PAGE_SIZE);
  // Moving only means something when the table shows the season order itself.
  const reorderable = url.search === '' && sort === 'season' && dir === 'asc';

  function onMove(item: Content, direction: MoveDirection) {
    const at = positions.get(item.id);
    if (!at || move.isPending) return;
    const position = direction === 'up' ? at.position - 1 : at.position + 1;
    if (position < 1 || position > at.count) return;
    move.mutate({ item, position }, { onSuccess: () => setFocusAfterMove({ id: item.id, dir: direction }) });
  }

  // After a move the list has reloaded: follow the item to its page and give its button the focus back.
  useEffect(() => {
    if (!focusAfterMove) return;
    const index = visible.findIndex((c) => c.id === focusAfterMove.id);
    const target = Math.floor(index / PAGE_SIZE) + 1;
    if (index >= 0 && target !== page) {
      setUrl({ page: String(target) });
      return;
    }
    const other = focusAfterMove.dir === 'up' ? 'down' : 'up';
    const find = (d: MoveDirection) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.id}-${d}"]`);
    const button = find(focusAfterMove.dir);
    (button && !button.disabled ? button : find(other))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, visible, page, setUrl]);

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEdited('new')} disabled={!brand}>
      New content
    </Button>
  );

  return (
    <Stack gap="md">
      <VisuallyHidden>
        <h1>Content</h1>
      </VisuallyHidden>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Brand"
          placeholder={brands.isPending ? 'Loading brands…' : 'Choose a brand'}
          searchable
          nothingFoundMessage="No brand of that name"
          data={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          value={brand ? String(brand.id) : null}
          onChange={(v) => {
            setSearch('');
            setUrl({ brand: v ?? '', season: '', search: '', page: '1' });
          }}
          allowDeselect={false}
          w={260}
          comboboxProps={{ shadow: 'md' }}
          error={choicesError(brands, 'the brands')}
        />
        {showList ? (
          <>
            <Select
              label="Season"
              data={[
                { value: ALL_SEASONS, label: 'All seasons' },
                ...seasons.map((s) => ({ value: String(s), label: `Season ${s}` })),
              ]}
              value={season ? String(season) : ALL_SEASONS}
              onChange={(v) => setUrl({ season: v && v !== ALL_SEASONS ? v : '', page: '1' })}
              allowDeselect={false}
              w={160}
            />
            <TextInput
              label="Search"
              placeholder="Title or S1E3"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={240}
            />
            <Group gap="sm" ml="auto">
              <Button variant="default" leftSection={<IconLink size={16} />} onClick={() => setLinksOpen(true)}>
                Links
              </Button>
              {newButton}
            </Group>
          </>
        ) : null}
      </Group>

      {!showList ? (
        <ListState
          query={brands}
          isEmpty={brands.data?.length === 0}
          emptyText="There are no brands yet: content belongs to a brand."
          createAction={
            <Button component={Link} to="/admin/brands" variant="default">
              Go to Brands
            </Button>
          }
        >
          {brands.isPending ? (
            <Text c="dimmed">Loading brands…</Text>
          ) : (
            <Paper withBorder p="xl">
              <Center>
                <Stack align="center" gap="xs">
                  <ThemeIcon variant="light" size="xl" radius="xl" aria-hidden>
                    <IconMovie size={24} />
                  </ThemeIcon>
                  <Text fw={500}>{brandId !== null ? 'That brand does not exist any more' : 'Choose a brand'}</Text>
                  <Text size="sm" c="dimmed">
                    Content is listed per brand: pick one above to see its seasons and episodes.
                  </Text>
                </Stack>
              </Center>
            </Paper>
          )}
        </ListState>
      ) : (
        <ListState
          query={list}
          isEmpty={all.length === 0}
          emptyText={
            linked.length > 0
              ? `${brand?.name ?? 'This brand'} has no content of its own; it shows ${linked.length === 1 ? '1 linked item' : `${linked.length} linked items`}.`
              : `${brand?.name ?? 'This brand'} has no content yet.`
          }
          createAction={newButton}
        >
          {list.isPending ? (
            <Text c="dimmed">Loading content…</Text>
          ) : visible.length === 0 ? (
            <Stack align="center" py="xl" gap="sm">
              <Text c="dimmed">No content matches the filter.</Text>
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setUrl({ search: '', season: '', page: '1' });
                }}
              >
                Clear the filter
              </Button>
            </Stack>
          ) : (
            <Stack gap="sm">
              <ContentTable
                rows={rows}
                positions={positions}
                codes={codes}
                sort={sort}
                dir={dir}
                onSort={(column, direction) => setUrl({ sort: column, dir: direction, page: '1' })}
                reorderable={reorderable}
                onMove={onMove}
                onEdit={setEdited}
              />
              <Group justify="space-between">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {visible.length === all.length
                    ? `${all.length} items`
                    : `${visible.length} of ${all.length} items match`}
                  {pages > 1
                    ? ` · showing ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, visible.length)}`
                    : ''}
                  {reorderable ? '' : ' · clear the search and sort by season to reorder'}
                </Text>
                {pages > 1 ? (
                  <ListPagination total={pages} value={page} onChange={(p) => setUrl({ page: String(p) })} />
                ) : null}
              </Group>
            </Stack>
          )}
        </ListState>
      )}
      {showList && linked.length > 0 ? <LinkedContent brandName={brand?.name ?? 'This brand'} links={linked} /> : null}

      <Suspense fallback={null}>
        {brand && (idle || edited !== null) ? (
          <ContentModal
            brand={brand}
            edited={edited}
            defaultSeason={season ?? seasons[seasons.length - 1] ?? 1}
            onSaved={setEdited}
            onClose={() => setEdited(null)}
          />
        ) : null}
        {brand && brands.data && (idle || linksOpen) ? (
          <LinksModal brand={brand} brands={brands.data} opened={linksOpen} onClose={() => setLinksOpen(false)} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
