import type { Promo } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Button, SegmentedControl, Select, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { itemQueries, useBrandNames, useLanguages } from '../../shared/api/index.ts';
import { useEditing, useFindOnPage } from '../../shared/editing/index.ts';
import { choicesError } from '../../shared/fields/index.ts';
import {
  countText,
  ListHeader,
  ListState,
  NewButton,
  SearchField,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { usePromos } from './api.ts';
import { PromoCards } from './promo-cards.tsx';
import { PromoModal } from './promo-modal.tsx';

const URL_DEFAULTS = { q: '', lang: '', status: '' };
const STATUSES = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** A banner matches the search by its title or button text, and a language when the app in it shows the banner. */
function matches(promo: Promo, url: typeof URL_DEFAULTS): boolean {
  const q = url.q.trim().toLowerCase();
  if (q && !promo.title.toLowerCase().includes(q) && !promo.button_text.toLowerCase().includes(q)) return false;
  if (url.lang && promo.lang_id !== null && String(promo.lang_id) !== url.lang) return false;
  if (url.status === 'active' && !promo.is_active) return false;
  if (url.status === 'inactive' && promo.is_active) return false;
  return true;
}

export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q }));
  const promos = usePromos();
  const brands = useBrandNames();
  const languages = useLanguages();
  const { editing, open, closed } = useEditing({ what: 'banner', find: useFindOnPage(promos.data, itemQueries.promo) });

  const brandById = useMemo(() => new Map(brands.data?.map((b) => [b.id, b])), [brands.data]);
  const languageById = useMemo(() => new Map(languages.data?.map((l) => [l.id, l])), [languages.data]);
  // The server's order (by sort) is the order the apps show them in.
  const rows = useMemo(() => (promos.data ?? []).filter((p) => matches(p, url)), [promos.data, url]);

  const newBanner = <NewButton what="banner" permission={CALL_PERMISSIONS.promo.add} onClick={() => open(null)} />;
  const total = promos.data?.length ?? 0;
  const filtering = (url.q.trim() !== '' || url.lang !== '' || url.status !== '') && total > 0;

  return (
    <Stack gap="md">
      <ListHeader
        count={promos.data ? countText(rows.length, total, filtering, ['banner', 'banners']) : null}
        action={newBanner}
      >
        <SearchField
          label="Search banners"
          placeholder="Search by title or button text"
          value={search}
          onChange={setSearch}
          width={280}
        />
        <Select
          aria-label="Shown in language"
          placeholder="Any language"
          data={(languages.data ?? []).map((l) => ({ value: String(l.id), label: `Shown in ${l.name}` }))}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Any language' }}
          value={url.lang || null}
          onChange={(v) => setUrl({ lang: v ?? '' })}
          error={choicesError(languages, 'the languages')}
          w={200}
        />
        <SegmentedControl
          aria-label="Status"
          data={STATUSES}
          value={url.status}
          onChange={(v) => setUrl({ status: v })}
        />
      </ListHeader>

      <ListState
        query={promos}
        isEmpty={rows.length === 0}
        emptyText={filtering ? 'No banner matches these filters.' : 'No promo banners yet.'}
        createAction={
          filtering ? (
            <Button variant="default" onClick={() => setUrl(URL_DEFAULTS)}>
              Clear filters
            </Button>
          ) : (
            newBanner
          )
        }
      >
        <PromoCards rows={rows} loading={promos.isPending} brands={brandById} languages={languageById} onOpen={open} />
      </ListState>

      {editing ? <PromoModal key={editing.key} initial={editing.item} onClosed={closed} /> : null}
    </Stack>
  );
}
