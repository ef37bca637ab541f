import { Anchor, type AnchorProps, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Row } from './list-cells.tsx';
import { SkeletonRows } from './list-state.tsx';
import type { SortDirection } from './url-state.ts';

/** One shade stronger than the default link colour: it stays readable on a hovered row. */
export const LINK_COLOUR = 'light-dark(var(--mantine-color-indigo-8), var(--mantine-color-indigo-3))';

/** What a screen gives its sortable list table: the rows of the page, how they are sorted, how one opens. */
export interface SortableRows<T> {
  rows: T[];
  loading: boolean;
  sort: string;
  direction: SortDirection;
  onSort: (column: string, direction: SortDirection) => void;
  onOpen: (row: T) => void;
}

/** The name of an item in a list, as the button that opens it. */
export function OpenLink({
  onOpen,
  children,
  ...props
}: AnchorProps & { onOpen: () => void; children: ReactNode; 'aria-label'?: string }) {
  return (
    <Anchor component="button" type="button" fw={500} ta="left" c={LINK_COLOUR} onClick={onOpen} {...props}>
      {children}
    </Anchor>
  );
}

/** A table's header row of plain column names. */
export function HeaderRow({ names }: { names: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {names.map((name) => (
          <Table.Th key={name}>{name}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The header of a column of row actions (Revoke, Sign out): named for screen readers, blank on screen. */
export function ActionsHeader({ w }: { w?: number }) {
  return (
    <Table.Th w={w}>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}

/**
 * A screen's list as a table: headers kept on one line, skeleton rows while it loads, and, with `onOpen`, a click
 * anywhere on a row (outside its own buttons and links) opens the item, as its name does.
 */
export function ListTable<T extends { id: number }>({
  label,
  minWidth,
  head,
  loading,
  skeleton,
  rows,
  testId,
  onOpen,
  cells,
  rowKey = (row) => row.id,
}: {
  label: string;
  minWidth: number;
  /** The header cells. */
  head: ReactNode;
  loading?: boolean;
  skeleton?: Parameters<typeof SkeletonRows>[0];
  rows: T[];
  /** The row's test id, or its prefix: `brand-row` gives `brand-row-<id>`. */
  testId?: string | ((row: T) => string);
  onOpen?: (row: T) => void;
  cells: (row: T) => ReactNode;
  /** What tells rows apart, where the id alone does not (the bin holds ids of several kinds). */
  rowKey?: (row: T) => string | number;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table highlightOnHover={onOpen !== undefined} verticalSpacing="xs" aria-label={label}>
        {/* Headers stay on one line; the sort icon beside its label. */}
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && skeleton
            ? SkeletonRows(skeleton)
            : rows.map((row) => (
                <Row
                  key={rowKey(row)}
                  data-testid={typeof testId === 'function' ? testId(row) : testId && `${testId}-${row.id}`}
                  onOpen={onOpen && (() => onOpen(row))}
                >
                  {cells(row)}
                </Row>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
