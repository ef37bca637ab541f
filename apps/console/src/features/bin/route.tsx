import { BIN_DAYS, BIN_ENTITIES, type BinEntity, type BinRow, CALL_PERMISSIONS, may } from '@kids-vod/contract/client';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { Suspense, useEffect, useRef } from 'react';
import { BIN_KINDS, purgeDate } from '../../shared/bin/index.ts';
import { confirmAction, RowDeleteButton } from '../../shared/feedback/index.ts';
import {
  ActionsHeader,
  ClearSearch,
  LazyListPages,
  ListHeader,
  ListState,
  ListTable,
  useUrlState,
} from '../../shared/lists/index.ts';
import { useMay, useRole } from '../../shared/session/index.ts';
import { formatDay, formatMoment } from '../../shared/time/index.ts';
import { BIN_PAGE_SIZE, useBin, useBinActions } from './api.ts';

const KIND_CHOICES = [
  { value: '', label: 'All kinds' },
  ...BIN_ENTITIES.map((e) => ({ value: e, label: BIN_KINDS[e].plural })),
];

const rowKey = (row: BinRow) => `${row.entity}:${row.id}`;

/** "3 items in the bin"; the kind's own words when filtered ("1 brand"). */
function countLabel(count: number, entity: BinEntity | undefined): string {
  const what = entity ? BIN_KINDS[entity].plural.toLowerCase() : count === 1 ? 'item' : 'items';
  return `${count} ${entity && count === 1 ? BIN_KINDS[entity].label.toLowerCase() : what} in the bin`;
}

/**
 * What was deleted, newest first: each item's kind, name, who deleted it and when, and when the bin lets it go for
 * good. Restore for whoever may change that kind of item; Delete for good for admins.
 */
export function Component() {
  const [url, setUrl] = useUrlState({ kind: '', page: '1' });
  const entity = (BIN_ENTITIES as readonly string[]).includes(url.kind) ? (url.kind as BinEntity) : undefined;
  const page = Math.max(1, Math.floor(Number(url.page)) || 1);
  const list = useBin({ entity, page });
  const role = useRole();
  const mayPurge = useMay(CALL_PERMISSIONS.bin.purge);
  const { restore, purge } = useBinActions();
  const table = useRef<HTMLDivElement>(null);

  const rows = list.data?.rows ?? [];
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / BIN_PAGE_SIZE));
  // A page past the end (its items restored meanwhile, or an old link) shows the last page instead.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pages) setUrl({ page: String(pages) });
  }, [list.data, list.isPlaceholderData, page, pages, setUrl]);

  /** The row has left the list: the keyboard goes to the row now in its place, else to the kind filter. */
  function focusAfter(index: number) {
    const actions = table.current?.querySelectorAll<HTMLElement>('tbody tr');
    const next = actions?.[Math.min(index, actions.length - 1)]?.querySelector<HTMLElement>('button');
    (next ?? document.getElementById('bin-kind'))?.focus({ preventScroll: true });
  }

  function onRestore(row: BinRow, index: number) {
    restore.mutate(row, { onSuccess: () => focusAfter(index) });
  }

  async function onPurge(row: BinRow, index: number) {
    const sure = await confirmAction({
      title: `Delete ${row.name} for good?`,
      message: `It cannot be restored afterwards.${row.entity === 'brands' ? ' Its content and language versions are deleted with it.' : row.entity === 'content' ? ' Its language versions, their videos and its viewing minutes are deleted with it.' : ''}`,
      confirmLabel: 'Delete for good',
    });
    if (sure) purge.mutate(row, { onSuccess: () => focusAfter(index) });
  }

  const busy = (row: BinRow, mutation: typeof restore) =>
    mutation.isPending && mutation.variables?.entity === row.entity && mutation.variables.id === row.id;

  return (
    <Stack gap="md">
      <ListHeader count={list.data ? countLabel(count, entity) : null} action={null}>
        <Select
          id="bin-kind"
          label="Kind"
          data={KIND_CHOICES}
          value={entity ?? ''}
          allowDeselect={false}
          w={260}
          onChange={(kind) => setUrl({ kind: kind ?? '', page: '1' })}
        />
      </ListHeader>
      <Text size="sm" c="dimmed">
        Deleted items stay here for {BIN_DAYS} days, then they are deleted for good.
      </Text>

      <ListState
        query={list}
        isEmpty={count === 0}
        emptyText={entity ? `No ${BIN_KINDS[entity].plural.toLowerCase()} in the bin.` : 'The bin is empty.'}
        createAction={
          entity ? <ClearSearch onClear={() => setUrl({ kind: '', page: '1' })}>Show all kinds</ClearSearch> : undefined
        }
      >
        <div ref={table}>
          <ListTable
            label="Deleted items"
            minWidth={940}
            loading={list.isPending}
            skeleton={{ columns: 7 }}
            rows={rows}
            rowKey={rowKey}
            testId={(row) => `bin-row-${row.entity}-${row.id}`}
            head={
              <>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Deleted by</Table.Th>
                <Table.Th>Deleted</Table.Th>
                <Table.Th>Deleted for good on</Table.Th>
                {/* Two items may share a name ("Ducks · English" deleted twice): the number tells them apart. */}
                <Table.Th>Number</Table.Th>
                <ActionsHeader w={mayPurge ? 290 : 130} />
              </>
            }
            cells={(row) => {
              const index = rows.indexOf(row);
              const mayRestore = role !== undefined && may(role, BIN_KINDS[row.entity].permission);
              return (
                <>
                  <Table.Td>{BIN_KINDS[row.entity].label}</Table.Td>
                  <Table.Td fw={500}>{row.name}</Table.Td>
                  <Table.Td>
                    {row.deleted_by ?? (
                      <Text c="dimmed" size="sm" span>
                        a script
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatMoment(row.deleted_at)}</Table.Td>
                  <Table.Td>{formatDay(purgeDate(row.deleted_at))}</Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>#{row.id}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      {mayRestore ? (
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconRestore size={14} aria-hidden />}
                          aria-label={`Restore ${row.name}`}
                          loading={busy(row, restore)}
                          onClick={() => onRestore(row, index)}
                        >
                          Restore
                        </Button>
                      ) : null}
                      {mayPurge ? (
                        <RowDeleteButton
                          icon={IconTrashX}
                          aria-label={`Delete for good: ${row.name}`}
                          loading={busy(row, purge)}
                          onClick={() => void onPurge(row, index)}
                        >
                          Delete for good
                        </RowDeleteButton>
                      ) : null}
                    </Group>
                  </Table.Td>
                </>
              );
            }}
          />
        </div>
        {pages > 1 ? (
          <Suspense fallback={null}>
            <LazyListPages total={pages} value={Math.min(page, pages)} onChange={(p) => setUrl({ page: String(p) })} />
          </Suspense>
        ) : null}
      </ListState>
    </Stack>
  );
}
