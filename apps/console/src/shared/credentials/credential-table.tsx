import { Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ActionsHeader, ListState, ListTable } from '../lists/index.ts';
import { formatMoment } from '../time/index.ts';

/** What signs in or acts for someone: a session, an API token, an ingest key. */
interface Credential {
  id: number;
  created_at: string;
  last_used_at: string | null;
}

/** Columns of a credential table around its times: their header cells and each row's cells. */
interface Columns<T> {
  head: ReactNode;
  cells: (row: T) => ReactNode;
}

/** The call that ends one credential: its row shows it busy while that one is being ended. */
interface Revoke<T> {
  mutate: (row: T) => void;
  isPending: boolean;
  variables?: unknown;
}

/** What the row's button that ends it is given: busy while the call runs for this row, the call once confirmed. */
export interface Ending {
  loading: boolean;
  onConfirmed: () => void;
}

const isRow = (variables: unknown, row: Credential) =>
  typeof variables === 'object' && variables !== null && 'id' in variables && variables.id === row.id;

/**
 * A list of credentials, each on its row: what it is, when it began and when it was last used (a stale one is seen
 * and revoked), anything more about it, then its way to end (Revoke, Sign out), which ends it alone.
 */
export function CredentialTable<T extends Credential>({
  label,
  query,
  emptyText,
  testId,
  what,
  began = 'Created',
  more,
  actionsWidth = 110,
  revoke,
  end,
}: {
  label: string;
  query: UseQueryResult<T[]>;
  emptyText: string;
  testId?: string;
  /** What each is (its name, its browser), before its times. */
  what: Columns<T>;
  /** The header of when it began: "Created", "Signed in". */
  began?: string;
  /** After its times: its state, when it expires. */
  more?: Columns<T>;
  actionsWidth?: number;
  revoke: Revoke<T>;
  /** The row's button that ends it (given `ending`), or nothing where it cannot be ended from here. */
  end: (row: T, ending: Ending) => ReactNode;
}) {
  const rows = query.data ?? [];
  return (
    <ListState query={query} isEmpty={rows.length === 0} emptyText={emptyText}>
      <ListTable
        label={label}
        minWidth={640}
        head={
          <>
            {what.head}
            <Table.Th>{began}</Table.Th>
            <Table.Th>Last used</Table.Th>
            {more?.head}
            <ActionsHeader w={actionsWidth} />
          </>
        }
        rows={rows}
        testId={testId}
        cells={(row) => (
          <>
            {what.cells(row)}
            <Table.Td>{formatMoment(row.created_at)}</Table.Td>
            <Table.Td>{formatMoment(row.last_used_at)}</Table.Td>
            {more?.cells(row)}
            <Table.Td>
              {end(row, {
                loading: revoke.isPending && isRow(revoke.variables, row),
                onConfirmed: () => revoke.mutate(row),
              })}
            </Table.Td>
          </>
        )}
      />
    </ListState>
  );
}
