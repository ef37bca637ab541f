import { api, type BrandSort, listPage, type SortDirection } from '@kids-vod/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { send, sharedKeys } from '../../shared/api/index.ts';
import { pageAsked } from '../../shared/lists/index.ts';

// Apart from the screen's saves (api.ts): the list shows before the code that edits it loads.

/** Rows of the brands table per page: a catalogue has hundreds of brands, the table shows a screen of them. */
export const BRAND_PAGE_SIZE = 50;

/** What the brands screen's address asks of the list (decision 033: searched, sorted and paged by the server). */
export interface BrandsView {
  search: string;
  sort: BrandSort | undefined;
  dir: SortDirection;
  page: number;
}

/** One page of the brands table, under the brands' key, so every save that reloads the brands reloads it. */
export const brandsPageQuery = (view: BrandsView) =>
  queryOptions({
    queryKey: [...sharedKeys.brands, 'page', view] as const,
    queryFn: async () =>
      listPage(
        await send(api.brand.list, {
          body: {
            fields: 'table',
            ...(view.sort ? { sort: view.sort, dir: view.dir } : {}),
            ...pageAsked(view, BRAND_PAGE_SIZE),
          },
        }),
      ),
  });
/** The page shown stays while the next one (another page, search or sort) loads. */
export const useBrandsPage = (view: BrandsView) =>
  useQuery({ ...brandsPageQuery(view), placeholderData: keepPreviousData });
