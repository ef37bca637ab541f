import { type BrandName, BULK_UPDATE_MAX_IDS, type Content } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { errorMessage } from '../../shared/api/index.ts';
import { lazyComponent } from '../../shared/screen/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { matchingIds } from './bulk-api.ts';
import type { ContentView } from './content-api.ts';
import { type BulkChange, type ContentSelection, episodes, pageState, useContentSelection } from './selection.ts';

// The confirmation (a form, date fields) is not needed to show the list: loaded when the bar first shows.
const BulkModal = lazyComponent(() => import('./bulk-modal.tsx').then((m) => m.BulkModal));

const CHANGES: [BulkChange, string][] = [
  ['publish', 'Publish'],
  ['unpublish', 'Unpublish'],
  ['season', 'Set season'],
  ['availability', 'Set availability'],
];

/**
 * What can be done with the rows selected, above the table while any are: one change for all of them (each asks
 * first, with the count), and, once the page is selected whole, every item matching the search at once.
 */
export function BulkBar({
  selection,
  pageIds,
  matching,
  brandId,
  view,
  onChange,
}: {
  selection: ContentSelection;
  pageIds: number[];
  /** How many items match the list's season and search. */
  matching: number;
  brandId: number;
  view: Pick<ContentView, 'season' | 'search'>;
  onChange: (change: BulkChange) => void;
}) {
  const [finding, setFinding] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const count = selection.ids.size;
  if (count === 0) return null;
  const offerAll =
    !selection.allMatching &&
    pageState(selection.ids, pageIds) === 'all' &&
    matching > count &&
    matching <= BULK_UPDATE_MAX_IDS;

  async function selectAllMatching() {
    setFinding(true);
    setFailed(null);
    try {
      selection.selectAll(await matchingIds(brandId, view));
    } catch (err) {
      setFailed(errorMessage(err));
    } finally {
      setFinding(false);
    }
  }

  return (
    <Paper withBorder p="xs" component="section" aria-label="Selected content">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500} aria-live="polite" data-testid="selection-count">
          {selection.allMatching ? `All ${episodes(count)} matching selected` : `${episodes(count)} selected`}
        </Text>
        {offerAll ? (
          <Button variant="subtle" size="compact-sm" loading={finding} onClick={() => void selectAllMatching()}>
            Select all {matching.toLocaleString('en-GB')} matching
          </Button>
        ) : null}
        {failed ? (
          <Text size="sm" c="red.8" role="alert">
            Could not select them all: {failed}
          </Text>
        ) : null}
        <Group gap="xs" ml="auto">
          {CHANGES.map(([change, label]) => (
            <Button
              key={change}
              variant="default"
              size="compact-sm"
              onClick={() => onChange(change)}
              onMouseEnter={BulkModal.preload}
              onFocus={BulkModal.preload}
            >
              {label}
            </Button>
          ))}
          <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The bar and the confirmation of the change chosen in it; a change done clears the selection. */
export function BulkActions(props: Omit<Parameters<typeof BulkBar>[0], 'onChange'> & { defaultSeason: number }) {
  const { selection, brandId, defaultSeason } = props;
  const [change, setChange] = useState<BulkChange | null>(null);
  return (
    <>
      <BulkBar {...props} onChange={setChange} />
      <Suspense fallback={null}>
        {change ? (
          <BulkModal
            change={change}
            ids={[...selection.ids]}
            brandId={brandId}
            defaultSeason={defaultSeason}
            onClose={() => setChange(null)}
            onDone={() => {
              setChange(null);
              selection.clear();
              // The bar goes with the selection: the focus goes back to the table's first checkbox.
              setTimeout(() => document.querySelector<HTMLInputElement>('[data-select-page]')?.focus(), 0);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}

/**
 * The content screen's selection: the rows' checkboxes (none where the person may not change content) and the bar
 * above the table. `listed` names what the list holds (brand, season, search): the selection is cleared when it
 * changes.
 */
export function useBulk({
  brand,
  rows,
  matching,
  view,
  defaultSeason,
  listed,
}: {
  brand: BrandName | null;
  rows: Content[];
  matching: number;
  view: Pick<ContentView, 'season' | 'search'>;
  defaultSeason: number;
  listed: string;
}) {
  const mayBulk = useMay(CALL_PERMISSIONS.content.bulkUpdate);
  const selection = useContentSelection(listed);
  const pageIds = rows.map((c) => c.id);
  // Stable, so the table (memo) renders only for new rows or a new selection.
  const onSelect = useCallbackRef((what: number | 'page') =>
    what === 'page' ? selection.setPage(pageIds) : selection.toggle(what),
  );
  const bar =
    brand && mayBulk ? (
      <BulkActions
        selection={selection}
        pageIds={pageIds}
        matching={matching}
        brandId={brand.id}
        view={view}
        defaultSeason={defaultSeason}
      />
    ) : null;
  return { bar, selected: mayBulk ? selection.ids : null, onSelect };
}
