import { Button, Center, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { useBrandNames } from '../../shared/api/index.ts';
import { ListPagination, ListState } from '../../shared/lists/index.ts';
import { CONTENT_PAGE_SIZE, type useContentPage } from './content-api.ts';

function NoMatch({ onClear }: { onClear: () => void }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text c="dimmed">No content matches the filter.</Text>
      <Button variant="default" onClick={onClear}>
        Clear the filter
      </Button>
    </Stack>
  );
}

/** Before a brand is chosen (or when the one in the address is gone): what to do instead. */
export function NoBrandChosen({
  brands,
  brandId,
}: {
  brands: ReturnType<typeof useBrandNames>;
  brandId: number | null;
}) {
  return (
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
  );
}

/** "12 items" or "3 of 12 items match", which of them the page shows, and why the order cannot be changed. */
function listSummary(shown: number, total: number, page: number, pages: number, reorderable: boolean): string {
  const count = shown === total ? `${total} items` : `${shown} of ${total} items match`;
  const range =
    pages > 1 ? ` · showing ${(page - 1) * CONTENT_PAGE_SIZE + 1}–${Math.min(page * CONTENT_PAGE_SIZE, shown)}` : '';
  return `${count}${range}${reorderable ? '' : ' · clear the search and sort by season to reorder'}`;
}

/** The brand's content as a table, or why there is none to show, with the count and pages under it. */
export function ContentList({
  list,
  loading,
  shown,
  emptyText,
  createAction,
  onClear,
  onPage,
  bulk,
  children,
}: {
  list: ReturnType<typeof useContentPage>;
  /** The rows wait for this as well as for the list. */
  loading: boolean;
  shown: { visible: number; page: number; pages: number; reorderable: boolean };
  emptyText: string;
  createAction: ReactNode;
  onClear: () => void;
  onPage: (page: number) => void;
  /** The selected rows' bar (bulk changes), above the table. */
  bulk?: ReactNode;
  children: ReactNode;
}) {
  const total = list.data?.total ?? 0;
  const { visible, page, pages, reorderable } = shown;
  let body: ReactNode;
  if (list.isPending || loading) body = <Text c="dimmed">Loading content…</Text>;
  else if (visible === 0) body = <NoMatch onClear={onClear} />;
  else
    body = (
      <Stack gap="sm">
        {bulk}
        {children}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {listSummary(visible, total, page, pages, reorderable)}
          </Text>
          {pages > 1 ? <ListPagination total={pages} value={page} onChange={onPage} /> : null}
        </Group>
      </Stack>
    );
  return (
    <ListState query={list} isEmpty={total === 0} emptyText={emptyText} createAction={createAction}>
      {body}
    </ListState>
  );
}

/** What an empty list says; a compilation with no content of its own shows its linked items below. */
export function emptyText(brandName: string, linked: number): string {
  if (linked === 0) return `${brandName} has no content yet.`;
  return `${brandName} has no content of its own; it shows ${linked === 1 ? '1 linked item' : `${linked} linked items`}.`;
}
