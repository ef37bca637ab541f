import type { Stream } from '@kids-vod/contract';
import { Anchor, Avatar, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconBroadcast, IconExternalLink } from '@tabler/icons-react';
import {
  ACTIVE,
  ItemState,
  ListTable,
  OpenLink,
  type SortableRows,
  type SortDirection,
  SortHeader,
  sortRows,
} from '../../shared/lists/index.ts';

export const STREAM_SORT_COLUMNS = ['title', 'url', 'order', 'active'] as const;

const sortValue: Record<(typeof STREAM_SORT_COLUMNS)[number], (s: Stream) => string | number | boolean> = {
  title: (s) => s.title,
  url: (s) => s.url,
  order: (s) => s.sort,
  active: (s) => s.is_active,
};

/** Rows in the chosen order; without one, the server's (order, then id): the order the apps show them in. */
export function sortStreams(rows: Stream[], column: string, direction: SortDirection): Stream[] {
  const value = sortValue[column as keyof typeof sortValue];
  return value ? sortRows(rows, value, direction) : rows;
}

export function StreamsTable({ rows, loading, sort, direction, onSort, onOpen }: SortableRows<Stream>) {
  const header = { sort, direction, onSort };
  return (
    <ListTable
      label="Streams"
      minWidth={860}
      head={
        <>
          <Table.Th w={96}>Poster</Table.Th>
          <SortHeader label="Title" column="title" {...header} />
          <SortHeader label="URL" column="url" {...header} />
          <SortHeader label="Order" column="order" {...header} />
          <SortHeader label="Active" column="active" {...header} />
        </>
      }
      loading={loading}
      skeleton={{ columns: 5, image: { w: 80, h: 45 } }}
      rows={rows}
      testId="stream-row"
      onOpen={onOpen}
      cells={(s) => (
        <>
          <Table.Td>
            <Avatar src={s.poster_url} alt={`${s.title} poster`} radius="sm" w={80} h={45} color="indigo">
              <IconBroadcast size={20} aria-hidden />
            </Avatar>
          </Table.Td>
          {/* The title keeps room for a few words; the URL column gives way (it truncates). */}
          <Table.Td miw={180}>
            <OpenLink onOpen={() => onOpen(s)}>{s.title}</OpenLink>
          </Table.Td>
          <Table.Td maw={420}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" ff="monospace" truncate title={s.url}>
                {s.url}
              </Text>
              <Tooltip label="Open the stream in a new tab">
                <Anchor
                  href={s.url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Open ${s.title} in a new tab`}
                  c="dimmed"
                  display="inline-flex"
                >
                  <IconExternalLink size={16} aria-hidden />
                </Anchor>
              </Tooltip>
            </Group>
          </Table.Td>
          <Table.Td>{s.sort}</Table.Td>
          <Table.Td>
            <ItemState on={s.is_active} words={ACTIVE} item={s} />
          </Table.Td>
        </>
      )}
    />
  );
}
