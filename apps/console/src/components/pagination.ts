// Mantine's Pagination on its own, for lists that load it only once they have more than one page.
export { Pagination } from '@mantine/core';
