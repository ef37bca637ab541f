import type { Stream } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { DEFAULT_LANG_ID } from '@kids-vod/contract/client';
import { Stack } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { itemQueries, useLanguages } from '../../shared/api/index.ts';
import { useEditing, useFindOnPage } from '../../shared/editing/index.ts';
import { LanguageSelect } from '../../shared/fields/index.ts';
import {
  ClearSearch,
  countText,
  ListHeader,
  ListPages,
  ListState,
  NewButton,
  SearchField,
  useListView,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { useStreams } from './api.ts';
import { StreamModal } from './stream-modal.tsx';
import { StreamsTable, sortStreams } from './streams-table.tsx';

/** Rows per page; a language has a handful of streams, the pages keep a long list fast anyway. */
const PAGE_SIZE = 50;
const URL_DEFAULTS = { lang: String(DEFAULT_LANG_ID), q: '', sort: '', dir: 'asc', page: '1' };

function matches(stream: Stream, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || stream.title.toLowerCase().includes(q) || stream.url.toLowerCase().includes(q);
}

const LIST_VIEW = { matches, sort: sortStreams, pageSize: PAGE_SIZE };

export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q, page: '1' }));
  const languages = useLanguages();
  const asked = Number(url.lang) > 0 ? Number(url.lang) : DEFAULT_LANG_ID;
  // A link to a language that is not there (an old link, a typo) shows the default language rather than an error.
  const langId = languages.data && !languages.data.some((l) => l.id === asked) ? DEFAULT_LANG_ID : asked;
  const streams = useStreams(langId);
  const { editing, open, closed } = useEditing({
    what: 'stream',
    find: useFindOnPage(streams.data, itemQueries.stream),
  });

  const language = languages.data?.find((l) => l.id === langId);
  const languageName = language?.name ?? `language ${langId}`;
  const { rows, direction, total, searching, page, pages, pageRows } = useListView(streams.data, url, LIST_VIEW);

  const newStream = <NewButton what="stream" permission={CALL_PERMISSIONS.stream.add} onClick={() => open(null)} />;

  return (
    <Stack gap="md">
      <ListHeader
        count={
          streams.data ? `${countText(rows.length, total, searching, ['stream', 'streams'])} in ${languageName}` : null
        }
        action={newStream}
      >
        <LanguageSelect
          aria-label="Language"
          leftSection={<IconLanguage size={16} aria-hidden />}
          value={String(langId)}
          // Another language is another list: its search and page start afresh, the chosen order stays.
          onChange={(v) => setUrl({ lang: v ?? URL_DEFAULTS.lang, q: '', page: '1' })}
          w={200}
        />
        <SearchField
          label="Search streams"
          placeholder="Search by title or URL"
          value={search}
          onChange={setSearch}
          width={280}
        />
      </ListHeader>

      <ListState
        query={streams}
        isEmpty={rows.length === 0}
        emptyText={searching ? `No stream matches “${url.q.trim()}”.` : `No streams in ${languageName} yet.`}
        createAction={searching ? <ClearSearch onClear={() => setUrl({ q: '', page: '1' })} /> : newStream}
      >
        <StreamsTable
          rows={pageRows}
          loading={streams.isPending}
          sort={url.sort}
          direction={direction}
          onSort={(sort, dir) => setUrl({ sort, dir })}
          onOpen={open}
        />
        <ListPages total={pages} value={page} onChange={(p) => setUrl({ page: String(p) })} />
      </ListState>

      {editing ? <StreamModal key={editing.key} initial={editing.item} langId={langId} onClosed={closed} /> : null}
    </Stack>
  );
}
