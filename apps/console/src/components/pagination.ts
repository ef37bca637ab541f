// The page buttons on their own, for lists that load them only once they have more than one page.
export { ListPagination } from './list-pagination.tsx';
