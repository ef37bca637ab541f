import { lazyComponent } from '../screen/index.ts';

// The page buttons on their own, for lists that load them only once they have more than one page (the brands,
// the bin): the pagination's code loads when there are two.
export const LazyListPages = lazyComponent(() => import('./list-pagination.tsx').then((m) => m.ListPages));
