import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { errorMessage } from '../api/index.ts';

/**
 * A part that needs its reads first (a brand's language versions, its country rules): a named loader while they load
 * (`pending`: the query's own unless more reads are waited for), the failure with Retry, then the part.
 */
export function Loaded({
  query,
  pending = query.isPending,
  label,
  children,
}: {
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch' | 'isFetching' | 'isPending'>;
  pending?: boolean;
  /** The loader's accessible name: "Loading country rules". */
  label: string;
  children: ReactNode;
}) {
  if (pending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={label} />
      </Center>
    );
  }
  return (
    <ListState query={query} isEmpty={false} emptyText="">
      {children}
    </ListState>
  );
}

/** A list that failed to load says so inline with Retry (never a toast); an empty one offers its create action. */
export function ListState({
  query,
  isEmpty,
  emptyText,
  createAction,
  children,
}: {
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch' | 'isFetching' | 'isPending'>;
  isEmpty: boolean;
  emptyText: string;
  createAction?: ReactNode;
  children: ReactNode;
}) {
  if (query.isError) {
    return (
      <Alert color="red" title="Could not load" role="alert">
        <Group justify="space-between">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" loading={query.isFetching} onClick={() => query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!query.isPending && isEmpty) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text c="dimmed">{emptyText}</Text>
        {createAction}
      </Stack>
    );
  }
  return children;
}

/** "3 of 12 brands" while a search narrows the list, "12 brands" otherwise. */
export function countText(shown: number, total: number, filtered: boolean, [one, many]: [string, string]): string {
  return `${filtered ? `${shown} of ${total}` : total} ${total === 1 ? one : many}`;
}

/** The empty state's action while searching: take the search away rather than create. */
export function ClearSearch({ onClear, children = 'Clear search' }: { onClear: () => void; children?: ReactNode }) {
  return (
    <Button variant="default" onClick={onClear}>
      {children}
    </Button>
  );
}

/** Placeholder rows while a table's first answer is on its way; `image` sizes the first column's picture. */
export function SkeletonRows({
  rows = 3,
  columns,
  image,
}: {
  rows?: number;
  columns: number;
  image?: { w: number; h: number };
}) {
  return Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
    <Table.Tr key={i}>
      {Array.from({ length: columns }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <Table.Td key={j}>{j === 0 && image ? <Skeleton {...image} /> : <Skeleton h={14} />}</Table.Td>
      ))}
    </Table.Tr>
  ));
}

/**
 * A click anywhere on a row opens its item, as its name's button does for the keyboard; a click on one of the
 * row's own buttons or links is theirs.
 */
export function openOnRowClick(open: () => void) {
  return (e: MouseEvent) => {
    if (!(e.target as HTMLElement).closest('button, a')) open();
  };
}
