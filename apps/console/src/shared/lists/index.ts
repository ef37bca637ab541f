export { ClearFilters } from './clear-filters.tsx';
export { FilterSelect } from './filter-select.tsx';
export { Cell, CellBadge, CellGroup, CellText, Row } from './list-cells.tsx';
export { ListHeader } from './list-header.tsx';
export { ListPages, ListPagination } from './list-pagination.tsx';
export {
  ClearSearch,
  countText,
  ListState,
  Loaded,
  openOnRowClick,
  SkeletonRows,
} from './list-state.tsx';
export { ActionsHeader, HeaderRow, LINK_COLOUR, ListTable, OpenLink, type SortableRows } from './list-table.tsx';
export { useListView } from './list-view.ts';
export { NewButton } from './new-button.tsx';
export { LazyListPages } from './pagination.ts';
export { SearchField } from './search-field.tsx';
export { pageAsked, useAsShown, useServerPages } from './server-pages.ts';
export { SortHeader } from './sort-header.tsx';
export { ACTIVE, ItemState, PUBLISHED, StateLabel } from './state-label.tsx';
export {
  pageOf,
  pageParam,
  type SortDirection,
  sortRows,
  urlInputProps,
  useUrlSearch,
  useUrlState,
} from './url-state.ts';
