import type { ReadinessListRow } from '@kids-vod/contract';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { useLanguages } from '../../shared/api/index.ts';
import {
  Cell,
  FilterSelect,
  LINK_COLOUR,
  ListHeader,
  ListPages,
  ListState,
  ListTable,
  pageParam,
  useServerPages,
  useUrlState,
} from '../../shared/lists/index.ts';
import { problemCount } from '../../shared/readiness/index.ts';
import { editAddress } from '../../shared/screen/index.ts';
import { queryClient } from '../../shared/session/index.ts';
import { formatMoment } from '../../shared/time/index.ts';
import { READINESS_PAGE_SIZE, readinessListQuery, useReadinessList } from './api.ts';

const URL_DEFAULTS = { lang: '', page: '1' };
const HEAD = ['Brand', 'Language', 'Problems', 'Episodes a child can watch', 'Available from', 'Mend in'];

const langParam = (value: string) => (Number(value) > 0 ? Number(value) : null);

/** The worklist is asked for as soon as the route is chosen, beside the screen's code. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url).searchParams;
  void queryClient.prefetchQuery(
    readinessListQuery(langParam(url.get('lang') ?? ''), pageParam(url.get('page') ?? '1')),
  );
  return null;
}

/** "1 brand language with problems", "12 brand languages with problems". */
const countText = (n: number) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? 'brand language' : 'brand languages'} with problems`;

/** A row's place in a unique key: a brand appears once a language. */
const rowKey = (row: ReadinessListRow) => `${row.brand_id}-${row.lang_id}`;

/**
 * Readiness across the catalogue (issue 38, console.md fourth wave): every brand and language with problems, the
 * soonest to become available first, filtered by language and paged on the server. Each row links to where its
 * problems are mended: the brand's modal, whose Readiness section names each problem with a link to its item, and
 * the brand's content.
 */
export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const langId = langParam(url.lang);
  const asked = pageParam(url.page);
  const list = useReadinessList(langId, asked);
  const { page, pages, showPage } = useServerPages(list, asked, READINESS_PAGE_SIZE, setUrl);
  const languages = useLanguages();
  const nameOf = (id: number) => languages.data?.find((l) => l.id === id)?.name ?? `Language ${id}`;
  const count = list.data?.count ?? 0;
  const rows = (list.data?.rows ?? []).map((r) => ({ ...r, id: r.brand_id }));

  return (
    <Stack gap="md">
      <ListHeader count={list.data ? countText(count) : null} action={null}>
        <FilterSelect
          label="Language"
          placeholder="Every language"
          data={(languages.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          value={langId === null ? '' : String(langId)}
          onChange={(lang) => setUrl({ lang, page: '1' })}
          searchable
          w={220}
        />
      </ListHeader>
      <Text size="sm" c="dimmed">
        Brands without a start date come first: they go out as soon as they are ready. Then by when they become
        available.
      </Text>
      <ListState
        query={list}
        isEmpty={count === 0}
        emptyText={
          langId === null ? 'Every brand is ready in every language.' : `Every brand is ready in ${nameOf(langId)}.`
        }
      >
        <ListTable
          label="Brands and languages with problems"
          minWidth={800}
          head={HEAD.map((name) => <Table.Th key={name}>{name}</Table.Th>)}
          rows={rows}
          rowKey={rowKey}
          testId={(row) => `readiness-row-${rowKey(row)}`}
          cells={(row) => (
            <>
              <Cell>
                <Anchor
                  component={Link}
                  to={editAddress('brands', { id: row.brand_id }) ?? ''}
                  size="sm"
                  fw={500}
                  c={LINK_COLOUR}
                >
                  {row.name}
                </Anchor>
              </Cell>
              <Cell>{nameOf(row.lang_id)}</Cell>
              <Cell>{problemCount(row.problem_count)}</Cell>
              <Cell>{row.playable}</Cell>
              <Cell>{formatMoment(row.starts_at, 'As soon as ready')}</Cell>
              <Cell>
                <Anchor
                  component={Link}
                  to={`/admin/content?brand=${row.brand_id}`}
                  size="sm"
                  c={LINK_COLOUR}
                  aria-label={`Content of ${row.name}`}
                >
                  Content
                </Anchor>
              </Cell>
            </>
          )}
        />
        <ListPages total={pages} value={page} onChange={showPage} />
      </ListState>
    </Stack>
  );
}
