import { PROMO_CODE_SORTS, PROMO_CODES_PAGE_SIZE, type PromoCode, type PromoCodeSort } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../shared/api/index.ts';
import { useEditAsked, useEditing } from '../../shared/editing/index.ts';
import { confirmAction } from '../../shared/feedback/index.ts';
import {
  ClearSearch,
  ListPagination,
  ListState,
  NewButton,
  pageParam,
  SearchField,
  type SortDirection,
  useServerPages,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { useDeletePromoCode, usePromoCode, usePromoCodes } from './api.ts';
import { PAGE_SIZES, pageSizeOf, rememberedPageSize, rememberPageSize } from './page-size.ts';
import { PromoCodeModal } from './promo-code-modal.tsx';
import { PromoCodesTable } from './promo-codes-table.tsx';

// No sort in the URL is the spec's order, newest first; the server searches and sorts, as it pages.
const URL_DEFAULTS = { page: '1', size: String(PROMO_CODES_PAGE_SIZE), q: '', sort: '', dir: 'asc' };

/** The list's state as the address gives it; anything unknown reads as its default. */
function readUrl(url: typeof URL_DEFAULTS) {
  const limit = pageSizeOf(url.size, PROMO_CODES_PAGE_SIZE);
  const page = pageParam(url.page);
  const sort = PROMO_CODE_SORTS.includes(url.sort as PromoCodeSort) ? (url.sort as PromoCodeSort) : undefined;
  const dir: SortDirection = url.dir === 'desc' ? 'desc' : 'asc';
  return { limit, page, sort, dir };
}

/** "1 promo code", "3 matches". */
function countLabel(count: number, searching: boolean): string {
  const [one, many] = searching ? ['match', 'matches'] : ['promo code', 'promo codes'];
  return `${count} ${count === 1 ? one : many}`;
}

/** Search, page size and count above the list. */
function ListTools({
  search,
  onSearch,
  limit,
  onLimit,
  count,
}: {
  search: string;
  onSearch: (typed: string) => void;
  limit: number;
  onLimit: (size: number) => void;
  /** Absent until the first answer. */
  count: string | null;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-end">
      <SearchField
        label="Search promo codes"
        placeholder="Search by code or description"
        value={search}
        onChange={onSearch}
        width={280}
      />
      <Select
        label="Per page"
        data={PAGE_SIZES.map(String)}
        value={String(limit)}
        allowDeselect={false}
        w={96}
        onChange={(size) => onLimit(Number(size))}
      />
      {count !== null ? (
        <Text size="sm" c="dimmed" aria-live="polite" mb={8} data-testid="promo-code-count">
          {count}
        </Text>
      ) : null}
    </Group>
  );
}

export function Component() {
  // The page size chosen last is the list's default: the address names another only when it differs.
  const [remembered] = useState(() => rememberedPageSize(localStorage));
  const [url, setUrl] = useUrlState({ ...URL_DEFAULTS, size: String(remembered) });
  const { limit, page, sort, dir } = readUrl(url);
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q, page: '1' }));
  const list = usePromoCodes({ page, limit, search: url.q, ...(sort ? { sort, dir } : {}) });
  const searching = url.q !== '';
  const clearSearch = () => {
    setSearch('');
    setUrl({ q: '', page: '1' });
  };
  const rows = list.data?.rows ?? [];
  const count = list.data?.count ?? 0;
  // A page past the end (its codes deleted elsewhere, or an old link) shows the last page instead.
  const { pages, showPage: goTo } = useServerPages(list, page, limit, setUrl);

  const remove = useDeletePromoCode({
    // Deleting the only code of the last page goes to the page before, not to an empty one.
    onDeleted: () => {
      if (rows.length === 1 && page === pages && page > 1) goTo(page - 1);
    },
  });
  async function deleteCode(code: PromoCode) {
    const confirmed = await confirmAction({
      title: `Delete ${code.code}?`,
      message: 'The code can no longer be redeemed. This cannot be undone.',
    });
    if (confirmed) remove.mutate(code);
  }

  // The list is paged on the server: a code in the address is known by loading it (the modal shares the answer).
  const asked = useEditAsked();
  const detail = usePromoCode(typeof asked === 'number' ? asked : null);
  const notThere = detail.error instanceof ApiError && detail.error.status === 404;
  const { editing, open, closed } = useEditing<number>({
    what: 'promo code',
    // Another failure (the connection) opens the modal, which says so with a Retry.
    find: (id) => (notThere ? null : detail.data || detail.isError ? id : undefined),
  });

  const newCode = (
    <NewButton what="promo code" permission={CALL_PERMISSIONS.promoCode.add} onClick={() => open(null)} />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        {/* An empty list has nothing to search or page through. */}
        {list.isPending || count > 0 || searching ? (
          <ListTools
            search={search}
            onSearch={setSearch}
            limit={limit}
            // The first code on screen stays on screen: its page under the new size.
            onLimit={(next) => {
              rememberPageSize(localStorage, next);
              setUrl({ size: String(next), page: String(Math.floor(((page - 1) * limit) / next) + 1) });
            }}
            count={list.data ? countLabel(count, searching) : null}
          />
        ) : (
          <span />
        )}
        {newCode}
      </Group>

      <ListState
        query={list}
        isEmpty={count === 0}
        emptyText={searching ? `No promo code matches “${url.q}”.` : 'No promo codes yet.'}
        createAction={searching ? <ClearSearch onClear={clearSearch} /> : newCode}
      >
        <PromoCodesTable
          rows={rows}
          sort={sort ?? ''}
          direction={dir}
          onSort={(column, direction) => setUrl({ sort: column, dir: direction, page: '1' })}
          loading={list.isPending}
          skeletonRows={Math.min(limit, 5)}
          deleting={remove.isPending ? (remove.variables?.id ?? null) : null}
          onOpen={(code) => open(code.id)}
          onDelete={deleteCode}
        />
        {count > 0 ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              Page {Math.min(page, pages)} of {pages}
            </Text>
            <ListPagination total={pages} value={Math.min(page, pages)} onChange={goTo} />
          </Group>
        ) : null}
      </ListState>

      {editing ? (
        <PromoCodeModal
          key={editing.key}
          editId={editing.item}
          // The newest code comes first: show the first page, where the new one is.
          onCreated={() => goTo(1)}
          onClosed={closed}
        />
      ) : null}
    </Stack>
  );
}
