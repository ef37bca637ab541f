import { Pagination, type PaginationProps } from '@mantine/core';

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
