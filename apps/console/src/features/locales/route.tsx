import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Button, CloseButton, Group, MultiSelect, Pill, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconLanguage, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLanguages } from '../../shared/api/index.ts';
import { ReadOnlyNotice } from '../../shared/editing/index.ts';
import { confirmAction } from '../../shared/feedback/index.ts';
import {
  ClearSearch,
  countText,
  ListPagination,
  ListState,
  pageOf,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { AddKeyModal } from './add-key-modal.tsx';
import { AddLanguageModal } from './add-language-modal.tsx';
import { useDeleteKey, useLocales } from './api.ts';
import { filterEntries, missingCounts, visibleColumns } from './grid-model.ts';
import { LocalesGrid } from './locales-grid.tsx';

/** Thousands of keys stay quick: the grid shows one page of them. */
const PAGE_SIZES = ['25', '50', '100', '200'];
/** Language codes the Languages field shows before "+N more". */
const SHOWN_PILLS = 3;
const URL_DEFAULTS = { q: '', langs: '', missing: '', dir: 'asc', page: '1', size: '50' };

/** Adding languages and keys, for a role that may change the strings. */
function ChangeActions({ addKey, onAddLanguage }: { addKey: ReactNode; onAddLanguage: () => void }) {
  if (!addKey) return null;
  return (
    <Group gap="sm">
      <Button variant="default" leftSection={<IconLanguage size={16} />} onClick={onAddLanguage}>
        Add language
      </Button>
      {addKey}
    </Group>
  );
}

export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const locales = useLocales();
  const languages = useLanguages();
  const deleteKey = useDeleteKey();
  const [modal, setModal] = useState<{ kind: 'key' | 'language'; at: number } | null>(null);

  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q, page: '1' }));

  const onlyMissing = url.missing === '1';
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  // Rows translated under "Only missing" stay until the filter changes (see GridFilter.kept).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's values are what resets it
  useEffect(() => setKept(new Set()), [onlyMissing, url.q, url.langs]);
  const onSaved = useCallback((key: string) => {
    setKept((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
  }, []);

  const entries = locales.data ?? [];
  const allLanguages = languages.data ?? [];
  const columns = useMemo(
    () => visibleColumns(languages.data ?? [], locales.data ?? [], url.langs),
    [languages.data, locales.data, url.langs],
  );
  const missing = useMemo(() => missingCounts(locales.data ?? [], columns), [locales.data, columns]);
  const rows = useMemo(() => {
    const found = filterEntries(locales.data ?? [], { search: url.q, onlyMissing, columns, kept });
    return url.dir === 'desc' ? found.reverse() : found;
  }, [locales.data, url.q, onlyMissing, columns, kept, url.dir]);

  const size = PAGE_SIZES.includes(url.size) ? Number(url.size) : 50;
  const { page, pages, pageRows } = pageOf(rows, url.page, size);

  const mayChange = useMay(CALL_PERMISSIONS.locale.upsert);

  async function onDelete(key: string) {
    const confirmed = await confirmAction({
      title: `Delete ${key}?`,
      message: 'Its text in every language is deleted with it; the apps fall back to their built-in text.',
    });
    if (confirmed) deleteKey.mutate(key);
  }

  const addKey = mayChange ? (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ kind: 'key', at: Date.now() })}>
      Add key
    </Button>
  ) : null;
  const filtered = url.q !== '' || onlyMissing;
  const total = entries.length;
  const clearFilters = () => {
    setSearch('');
    setUrl({ q: '', missing: '', page: '1' });
  };

  return (
    <Stack gap="md">
      {mayChange ? null : <ReadOnlyNotice />}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Key or text"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              search ? (
                <CloseButton
                  size="sm"
                  aria-label="Clear search"
                  onClick={() => {
                    setSearch('');
                    setUrl({ q: '', page: '1' });
                  }}
                />
              ) : null
            }
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: 220, sm: 280 }}
          />
          <MultiSelect
            label="Languages"
            data={allLanguages.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
            value={columns.map((l) => l.code)}
            // Nothing chosen means the default columns again (English and the languages with strings).
            onChange={(codes) => setUrl({ langs: codes.join(','), page: '1' })}
            // Codes, and at most a few of them, keep the field one line high; the full names are in the list.
            renderPill={({ option, value, onRemove }) => {
              const index = columns.findIndex((l) => l.code === value);
              if (index > SHOWN_PILLS) return null;
              if (index === SHOWN_PILLS) return <Pill>+{columns.length - SHOWN_PILLS} more</Pill>;
              return (
                <Pill withRemoveButton onRemove={onRemove} title={option?.label}>
                  {String(value).toUpperCase()}
                </Pill>
              );
            }}
            searchable
            nothingFoundMessage="No such language"
            disabled={languages.isPending}
            w={{ base: 260, sm: 380 }}
            // Mantine's 100 px minimum for the search box would push it under the pills, two lines high.
            styles={{ inputField: { minWidth: 48 } }}
          />
          <Switch
            label="Only missing"
            checked={onlyMissing}
            onChange={(e) => setUrl({ missing: e.currentTarget.checked ? '1' : '', page: '1' })}
            mb={8}
          />
          {locales.data ? (
            <Text size="sm" c="dimmed" aria-live="polite" mb={8}>
              {countText(rows.length, total, filtered, ['key', 'keys'])}
            </Text>
          ) : null}
        </Group>
        <ChangeActions addKey={addKey} onAddLanguage={() => setModal({ kind: 'language', at: Date.now() })} />
      </Group>

      <ListState
        query={languages.isError ? languages : locales}
        isEmpty={rows.length === 0}
        emptyText={
          total === 0
            ? 'No app strings yet.'
            : url.q
              ? `No key or text matches “${url.q}”.`
              : 'Every key has its text in the languages shown.'
        }
        createAction={
          total === 0 ? (
            addKey
          ) : (
            <ClearSearch onClear={clearFilters}>{url.q ? 'Clear search' : 'Show all keys'}</ClearSearch>
          )
        }
      >
        <LocalesGrid
          // The grid scrolls in a box of its own: another page, order or filter starts at its top (a new box).
          key={[page, size, url.dir, url.q, url.missing].join('|')}
          rows={pageRows}
          columns={columns}
          missing={missing}
          loading={locales.isPending || languages.isPending}
          direction={url.dir === 'desc' ? 'desc' : 'asc'}
          onSort={(dir) => setUrl({ dir, page: '1' })}
          onDelete={onDelete}
          readOnly={!mayChange}
          onSaved={onSaved}
        />
        <Group justify="space-between">
          <Group gap="xs">
            <Text size="sm" aria-hidden>
              Keys per page
            </Text>
            <Select
              aria-label="Keys per page"
              data={PAGE_SIZES}
              value={String(size)}
              onChange={(v) => setUrl({ size: v ?? '50', page: '1' })}
              allowDeselect={false}
              w={90}
              size="xs"
            />
          </Group>
          {pages > 1 ? (
            <ListPagination total={pages} value={page} onChange={(p) => setUrl({ page: String(p) })} />
          ) : null}
        </Group>
      </ListState>

      {modal?.kind === 'key' ? (
        <AddKeyModal
          key={modal.at}
          onAdded={(key) => {
            // The new key is shown at once, whatever page and filters were on.
            setSearch(key);
            setUrl({ q: key, missing: '', page: '1' });
          }}
          onClosed={() => setModal(null)}
        />
      ) : null}
      {modal?.kind === 'language' ? (
        <AddLanguageModal
          key={modal.at}
          onAdded={(language) => setUrl({ langs: [...columns.map((l) => l.code), language.code].join(','), page: '1' })}
          onClosed={() => setModal(null)}
        />
      ) : null}
    </Stack>
  );
}
