// The page buttons on their own, for lists that load them only once they have more than one page.
export { ListPages } from './list-pagination.tsx';
