import { Pagination, type PaginationProps } from '@mantine/core';

/** A list's page buttons, each named for screen readers ("Page 2", "next page"). */
export function ListPagination(props: Pick<PaginationProps, 'total' | 'value' | 'onChange'>) {
  return (
    <Pagination
      {...props}
      getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
    />
  );
}
