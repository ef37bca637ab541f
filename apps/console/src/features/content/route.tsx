import type { BrandName, Content, ContentPage } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { IconLink, IconSearch, IconUpload } from '@tabler/icons-react';
import { memo, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { brandNamesQuery, itemQueries, useBrandNames, useLanguages } from '../../shared/api/index.ts';
import { useEditing, useFindOnPage } from '../../shared/editing/index.ts';
import { BrandSelect, choicesError } from '../../shared/fields/index.ts';
import {
  NewButton,
  pageParam,
  type SortDirection,
  useAsShown,
  useServerPages,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { lazyComponent, useIdle, whenIdle } from '../../shared/screen/index.ts';
import { queryClient, useMay } from '../../shared/session/index.ts';
import { useBulk } from './bulk-bar.tsx';
import {
  CONTENT_PAGE_SIZE,
  type ContentView,
  contentPageQuery,
  useContentPage,
  useMoveContent,
} from './content-api.ts';
import { ContentList, emptyText, NoBrandChosen } from './content-list.tsx';
import { ContentTable, type MoveDirection, SORT_COLUMNS, type SortColumn } from './content-table.tsx';
import { ExportTextsButton } from './export-texts-button.tsx';
import { linksQuery, useLinks } from './link-api.ts';
import { LinkedContent } from './linked-content.tsx';

// The modals (forms, zod schemas, uploads) are not needed to show the list: mounted once the browser is idle.
const ContentModal = lazyComponent(() => import('./content-modal.tsx').then((m) => m.ContentModal));
const LinksModal = lazyComponent(() => import('./links-modal.tsx').then((m) => m.LinksModal));
// "Upload episodes" (decision 065) brings the dropzone and the tus client: loaded when it is opened.
const IntakeModal = lazyComponent(() => import('./intake/intake-modal.tsx').then((m) => m.IntakeModal));

const URL_DEFAULTS = { brand: '', season: '', search: '', sort: 'season', dir: 'asc', page: '1' };
const ALL_SEASONS = 'all';

/**
 * The chosen brand's content and the brands are asked for as soon as the route is chosen (see brands/route.tsx):
 * the content first, since the embedded database answers one query at a time and the rows wait for it, while
 * the brand picker can fill in a moment later.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = readUrl({ ...URL_DEFAULTS, ...Object.fromEntries(new URL(request.url).searchParams) });
  const brandId = url.brandId ?? 0;
  if (brandId > 0) void queryClient.prefetchQuery(contentPageQuery(brandId, url.view));
  void queryClient.prefetchQuery(brandNamesQuery);
  if (brandId > 0) void queryClient.prefetchQuery(linksQuery(brandId));
  return null;
}

const positiveOrNull = (value: string) => (Number(value) > 0 ? Number(value) : null);

/** The screen's state as the address gives it; anything unknown reads as its default. */
function readUrl(url: typeof URL_DEFAULTS) {
  const sort: SortColumn = SORT_COLUMNS.includes(url.sort as SortColumn) ? (url.sort as SortColumn) : 'season';
  const dir: SortDirection = url.dir === 'desc' ? 'desc' : 'asc';
  const season = positiveOrNull(url.season);
  const view: ContentView = { season, search: url.search, sort, dir, page: pageParam(url.page) };
  return { brandId: positiveOrNull(url.brand), season, sort, dir, view };
}

/** The brand's seasons, and the one in the address even while it has no content. */
function seasonsOf(page: ContentPage | undefined, season: number | null): number[] {
  const found = new Set(page?.seasons.map((s) => s.season));
  if (season) found.add(season);
  return [...found].sort((a, b) => a - b);
}

/** Where each item of the page stands within its season (the server says): what the up/down buttons move. */
function positionsOf(page: ContentPage | undefined): Map<number, { position: number; count: number }> {
  const sizes = new Map(page?.seasons.map((s) => [s.season, s.count]));
  return new Map(page?.rows.map((c) => [c.id, { position: c.position, count: sizes.get(c.season) ?? 0 }]));
}

/** Where an item at `position` of its season stands in the season order of the list (all seasons, or its own). */
function indexInList(page: ContentPage, season: number, position: number, oneSeason: boolean): number {
  const before = oneSeason ? 0 : page.seasons.filter((s) => s.season < season).reduce((n, s) => n + s.count, 0);
  return before + position - 1;
}

/**
 * Moves an item up or down within its season. After a move the list has reloaded: the item is followed to its
 * page (found from the seasons' sizes: the list is in the season order whenever moving is possible) and its button
 * gets the focus back.
 */
function useMove(list: ContentPage | undefined, oneSeason: boolean, page: number, showPage: (page: number) => void) {
  const move = useMoveContent();
  const [moved, setMoved] = useState<{ id: number; dir: MoveDirection; season: number; position: number } | null>(null);
  useEffect(() => {
    if (!moved || !list) return;
    const target = Math.floor(indexInList(list, moved.season, moved.position, oneSeason) / CONTENT_PAGE_SIZE) + 1;
    if (target !== page) {
      showPage(target);
      return;
    }
    if (!list.rows.some((c) => c.id === moved.id)) return;
    const other = moved.dir === 'up' ? 'down' : 'up';
    const find = (d: MoveDirection) => document.querySelector<HTMLButtonElement>(`[data-move="${moved.id}-${d}"]`);
    const button = find(moved.dir);
    (button && !button.disabled ? button : find(other))?.focus();
    setMoved(null);
  }, [moved, list, oneSeason, page, showPage]);

  return (item: Content, at: { position: number; count: number } | undefined, direction: MoveDirection) => {
    if (!at || move.isPending) return;
    const position = direction === 'up' ? at.position - 1 : at.position + 1;
    if (position < 1 || position > at.count) return;
    move.mutate(
      { item, position },
      { onSuccess: () => setMoved({ id: item.id, dir: direction, season: item.season, position }) },
    );
  };
}

function SeasonSelect({
  seasons,
  season,
  onChange,
}: {
  seasons: number[];
  season: number | null;
  onChange: (season: string) => void;
}) {
  return (
    <Select
      label="Season"
      data={[
        { value: ALL_SEASONS, label: 'All seasons' },
        ...seasons.map((s) => ({ value: String(s), label: `Season ${s}` })),
      ]}
      value={season ? String(season) : ALL_SEASONS}
      onChange={(v) => onChange(v && v !== ALL_SEASONS ? v : '')}
      allowDeselect={false}
      w={160}
    />
  );
}

/**
 * The brand whose content the screen lists. Drawn again only when the brands or the choice change: its Select
 * works through every brand (a thousand on a large catalogue) each time it is drawn, and the screen around it is
 * drawn at every key typed in the search box.
 */
const ChooseBrand = memo(function ChooseBrand({
  brands,
  pending,
  error,
  brand,
  onChange,
}: {
  brands: BrandName[] | undefined;
  pending: boolean;
  error: ReactNode;
  brand: BrandName | null;
  onChange: (brandId: string) => void;
}) {
  return (
    <BrandSelect
      label="Brand"
      brands={brands ?? []}
      placeholder={pending ? 'Loading brands…' : 'Choose a brand'}
      value={brand ? String(brand.id) : null}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      w={260}
      comboboxProps={{ shadow: 'md' }}
      error={error}
    />
  );
});

/** Past the brand: its season, a search, the compilation's links and the create action. */
function ListTools({
  seasons,
  season,
  onSeason,
  search,
  onSearch,
  onLinks,
  uploadButton,
  newButton,
}: {
  seasons: number[];
  season: number | null;
  onSeason: (season: string) => void;
  search: string;
  onSearch: (typed: string) => void;
  onLinks: () => void;
  uploadButton: ReactNode;
  newButton: ReactNode;
}) {
  return (
    <>
      <SeasonSelect seasons={seasons} season={season} onChange={onSeason} />
      <TextInput
        label="Search"
        placeholder="Title or S1E3"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={240}
      />
      <Group gap="sm" ml="auto">
        <Button variant="default" leftSection={<IconLink size={16} />} onClick={onLinks}>
          Links
        </Button>
        {uploadButton}
        {newButton}
      </Group>
    </>
  );
}

/** Opens "Upload episodes" for the chosen brand; its code starts loading as the pointer or the keyboard nears it. */
function UploadEpisodesButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const mayAdd = useMay(CALL_PERMISSIONS.content.add);
  if (!mayAdd) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconUpload size={16} aria-hidden />}
      onClick={onClick}
      onMouseEnter={IntakeModal.preload}
      onFocus={IntakeModal.preload}
      disabled={disabled}
    >
      Upload episodes
    </Button>
  );
}

function Intake({ brand, opened, onClose }: { brand: BrandName | null; opened: boolean; onClose: () => void }) {
  return brand && opened ? <IntakeModal key={brand.id} brand={brand} onClose={onClose} /> : null;
}

export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const { brandId, season, sort, dir, view } = readUrl(url);

  const brands = useBrandNames();
  const list = useContentPage(brandId, view);
  // A compilation shows content of other brands besides its own (api.md, "Compilations"); its failure is not shown.
  const linked = useLinks(brandId).data ?? [];
  const languages = useLanguages();
  const idle = useIdle();
  useEffect(() => whenIdle(ContentModal.preload), []);

  const [search, setSearch] = useUrlSearch(url.search, (typed) => setUrl({ search: typed, page: '1' }));

  const [linksOpen, setLinksOpen] = useState(false);
  const [intakeOpen, setIntakeOpen] = useState(false);

  const brand = brands.data?.find((b) => b.id === brandId) ?? null;
  // The brand in the address is taken at its word until the brands arrive: its rows need not wait for them.
  const showList = brand !== null || (brandId !== null && brands.isPending);
  const rows = list.data?.rows ?? [];
  // Without a brand (or with one that is not there), nothing is found.
  const find = useFindOnPage<Content>(list.data?.rows, itemQueries.content, showList);
  const { editing, open, closed } = useEditing({ what: 'content', find });
  const brandName = brand?.name ?? 'This brand';

  const seasons = useMemo(() => seasonsOf(list.data, season), [list.data, season]);
  const defaultSeason = season ?? seasons[seasons.length - 1] ?? 1;
  const positions = useMemo(() => positionsOf(list.data), [list.data]);

  const codes = useMemo(
    () => new Map((languages.data ?? []).map((l) => [l.id, l.code.toUpperCase()])),
    [languages.data],
  );

  const matching = list.data?.count ?? 0;
  const { page, pages, showPage } = useServerPages(list, view.page, CONTENT_PAGE_SIZE, setUrl);
  // Moving only means something when the table shows the season order itself.
  const mayReorder = useMay(CALL_PERMISSIONS.content.update);
  const reorderable = useAsShown(url.search === '' && sort === 'season' && dir === 'asc', list);
  const move = useMove(list.data, season !== null, page, showPage);
  // Stable, so the table (memo) renders only for new rows or columns.
  const onMove = useCallbackRef((item: Content, direction: MoveDirection) =>
    move(item, positions.get(item.id), direction),
  );
  const onSort = useCallbackRef((column: SortColumn, direction: SortDirection) =>
    setUrl({ sort: column, dir: direction, page: '1' }),
  );
  const onEdit = useCallbackRef(open);
  // Rows selected for one change (issue 38): cleared when another brand, season or search is listed.
  const bulk = useBulk({ brand, rows, matching, view, defaultSeason, listed: `${brandId} ${season} ${url.search}` });
  const onBrand = useCallbackRef((v: string) => {
    setSearch('');
    setUrl({ brand: v, season: '', search: '', page: '1' });
  });

  const newButton = (
    <NewButton what="content" permission={CALL_PERMISSIONS.content.add} onClick={() => open(null)} disabled={!brand} />
  );

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ChooseBrand
          brands={brands.data}
          pending={brands.isPending}
          error={choicesError(brands, 'the brands')}
          brand={brand}
          onChange={onBrand}
        />
        {showList ? (
          <ListTools
            seasons={seasons}
            season={season}
            onSeason={(v) => setUrl({ season: v, page: '1' })}
            search={search}
            onSearch={setSearch}
            onLinks={() => setLinksOpen(true)}
            uploadButton={
              <>
                <UploadEpisodesButton disabled={!brand} onClick={() => setIntakeOpen(true)} />
                <ExportTextsButton brand={brand} />
              </>
            }
            newButton={newButton}
          />
        ) : null}
      </Group>

      {!showList ? (
        <NoBrandChosen brands={brands} brandId={brandId} />
      ) : (
        <ContentList
          list={list}
          // Its rows name languages: drawn once with them, rather than drawn and then drawn again (100 rows).
          loading={languages.isPending}
          shown={{ visible: matching, page, pages, reorderable }}
          emptyText={emptyText(brandName, linked.length)}
          createAction={newButton}
          onClear={() => {
            setSearch('');
            setUrl({ search: '', season: '', page: '1' });
          }}
          onPage={showPage}
          bulk={bulk.bar}
        >
          <ContentTable
            rows={rows}
            positions={positions}
            codes={codes}
            sort={sort}
            dir={dir}
            onSort={onSort}
            reorderable={reorderable && mayReorder}
            onMove={onMove}
            onEdit={onEdit}
            selected={bulk.selected}
            onSelect={bulk.onSelect}
          />
        </ContentList>
      )}
      {showList && linked.length > 0 ? <LinkedContent brandName={brandName} links={linked} /> : null}

      <Suspense fallback={null}>
        {brand && editing ? (
          <ContentModal
            key={editing.key}
            brand={brand}
            initial={editing.item}
            defaultSeason={defaultSeason}
            onClosed={closed}
          />
        ) : null}
        <Intake brand={brand} opened={intakeOpen} onClose={() => setIntakeOpen(false)} />
        {brand && brands.data && (idle || linksOpen) ? (
          <LinksModal brand={brand} brands={brands.data} opened={linksOpen} onClose={() => setLinksOpen(false)} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
