import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { SortDirection } from './url-state.ts';

/** A column header that sorts the table by its column; the sort is announced to screen readers. */
export function SortHeader({
  label,
  column,
  sort,
  direction,
  onSort,
  align,
}: {
  label: string;
  column: string;
  sort: string;
  direction: SortDirection;
  onSort: (column: string, direction: SortDirection) => void;
  /** Number columns are right-aligned, their header too. */
  align?: 'left' | 'right';
}) {
  const active = sort === column;
  const Icon = !active ? IconArrowsSort : direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th ta={align} aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(column, active && direction === 'asc' ? 'desc' : 'asc')}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'inherit' }}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
