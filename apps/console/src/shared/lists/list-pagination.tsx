import { Group, Pagination, type PaginationProps } from '@mantine/core';

/**
 * A list's page buttons, each named for screen readers ("Page 2", "next page"). A new page starts at the top, as
 * a new screen does: the buttons sit under the list, and its next rows are read from the first.
 */
export function ListPagination({ onChange, ...props }: Pick<PaginationProps, 'total' | 'value' | 'onChange'>) {
  return (
    <Pagination
      {...props}
      onChange={(page) => {
        onChange?.(page);
        window.scrollTo(0, 0);
      }}
      getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
    />
  );
}

/** The page buttons under a list, at its right; nothing while it fits on one page. */
export function ListPages({ total, ...props }: Pick<PaginationProps, 'total' | 'value' | 'onChange'>) {
  if (total <= 1) return null;
  return (
    <Group justify="flex-end">
      <ListPagination total={total} {...props} />
    </Group>
  );
}
