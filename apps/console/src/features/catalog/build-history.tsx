import type { CatalogueBuildRecord, Language } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Badge, Button, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { confirmAction, SUCCESS_TEXT } from '../../shared/feedback/index.ts';
import {
  ActionsHeader,
  ListState,
  SkeletonRows,
  type SortDirection,
  SortHeader,
  sortRows,
  useUrlState,
} from '../../shared/lists/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { useBuilds, useRollBack } from './api.ts';
import { BuildDetails, UrlCell } from './build-cells.tsx';
import { formatShortTime, formatTime } from './format.ts';

/** A badge beside a line of text: as written (not upper case), never shrunk or clipped by the line. */
const BADGE_IN_TEXT = { tt: 'none', radius: 'sm', style: { flex: 'none', overflow: 'visible' } } as const;

const ALL = 'all';
const PAGE = 50;
/** The most the server lists at once. */
const MAX_LIMIT = 200;

const sortValue: Record<string, (b: CatalogueBuildRecord) => string | number> = {
  language: (b) => b.lang_code,
  size: (b) => b.size_bytes,
  created: (b) => b.created_at,
};

/** Who published a build, and for a rollback which build it made live again. */
function Provenance({ build }: { build: CatalogueBuildRecord }) {
  const by = build.created_by ? ` by ${build.created_by}` : '';
  if (build.rollback_of) {
    return (
      <Text size="xs" c="dimmed" data-testid={`rollback-${build.id}`}>
        Rolled back to the build of {formatShortTime(build.rollback_of.created_at)}
        {by}
      </Text>
    );
  }
  if (build.automatic) {
    return (
      <Group gap={4} mt={2}>
        <Badge size="xs" variant="default" {...BADGE_IN_TEXT} data-testid={`automatic-${build.id}`}>
          Automatic
        </Badge>
        <Text size="xs" c="dimmed">
          published by the schedule
        </Text>
      </Group>
    );
  }
  return by ? (
    <Text size="xs" c="dimmed">
      Published{by}
    </Text>
  ) : null;
}

/** Earlier builds, newest first, of every language or of one (the language and the sort are in the URL). */
export function BuildHistory({ languages, languagesLoaded }: { languages: Language[]; languagesLoaded: boolean }) {
  const [url, setUrl] = useUrlState({ lang: '', sort: '', dir: 'asc', limit: String(PAGE) });
  const language = languages.find((l) => l.code === url.lang) ?? null;
  const limit = Math.min(MAX_LIMIT, Math.max(PAGE, Number(url.limit) || PAGE));
  // A language in the URL is looked up by its code once the languages are there.
  const builds = useBuilds(language?.id ?? null, limit, url.lang === '' || languagesLoaded);
  const names = useMemo(() => new Map(languages.map((l) => [l.id, l.name])), [languages]);
  const direction: SortDirection = url.dir === 'desc' ? 'desc' : 'asc';

  const rows = useMemo(() => {
    const list = builds.data ?? [];
    const value = sortValue[url.sort];
    return value ? sortRows(list, value, direction) : list;
  }, [builds.data, url.sort, direction]);
  const rollBack = useRollBack();
  const mayRollBack = useMay(CALL_PERMISSIONS.catalog.publishBuild);

  /** Asked first: a rollback replaces what every app of the language downloads. */
  async function makeLive(build: CatalogueBuildRecord, name: string) {
    const confirmed = await confirmAction({
      title: `Make this ${name} build live again?`,
      message: `The ${name} apps will download the build of ${formatTime(build.created_at)} again, in place of the live one. The history keeps both.`,
      confirmLabel: 'Make live',
      danger: false,
    });
    if (confirmed) rollBack.mutate(build);
  }

  const unknownLanguage = url.lang !== '' && languagesLoaded && !language;
  const header = { sort: url.sort, direction, onSort: (sort: string, dir: SortDirection) => setUrl({ sort, dir }) };

  return (
    <Stack gap="sm" component="section" aria-labelledby="history-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4" id="history-title">
          Earlier builds
        </Title>
        <Select
          label="Builds of"
          data={[
            { value: ALL, label: 'All languages' },
            ...languages.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` })),
          ]}
          value={url.lang || ALL}
          onChange={(v) => setUrl({ lang: !v || v === ALL ? '' : v, limit: String(PAGE) })}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No such language"
          w={260}
        />
      </Group>
      {unknownLanguage ? (
        <Text c="dimmed">There is no language with the code “{url.lang}”.</Text>
      ) : (
        <ListState
          query={builds}
          isEmpty={rows.length === 0}
          emptyText={
            language ? `No ${language.name} catalogue has been published yet.` : 'No catalogue has been published yet.'
          }
        >
          <Table.ScrollContainer minWidth={1000}>
            <Table verticalSpacing="xs" aria-label="Earlier builds">
              <Table.Thead style={{ whiteSpace: 'nowrap' }}>
                <Table.Tr>
                  <SortHeader label="Language" column="language" {...header} />
                  <Table.Th>URL</Table.Th>
                  <SortHeader label="Size" column="size" {...header} />
                  <Table.Th>SHA-256</Table.Th>
                  <SortHeader label="Created" column="created" {...header} />
                  <Table.Th>Counts</Table.Th>
                  {mayRollBack ? <ActionsHeader /> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {builds.isPending
                  ? SkeletonRows({ columns: mayRollBack ? 7 : 6 })
                  : rows.map((b) => {
                      const name = names.get(b.lang_id) ?? b.lang_code;
                      const what = `the ${name} build of ${formatTime(b.created_at)}`;
                      return (
                        <Table.Tr key={b.id} data-testid={`build-${b.id}`}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <Group gap={6} wrap="nowrap">
                              <Text size="sm">
                                {name}{' '}
                                <Text span size="xs" c="dimmed">
                                  {b.lang_code}
                                </Text>
                              </Text>
                              {b.is_live ? (
                                <Tooltip label="The newest build: the stable URL the apps download serves this one">
                                  <Badge variant="light" color="green" {...BADGE_IN_TEXT} c={SUCCESS_TEXT}>
                                    Live
                                  </Badge>
                                </Tooltip>
                              ) : null}
                            </Group>
                            <Provenance build={b} />
                          </Table.Td>
                          <UrlCell url={b.versioned_url} what={what} stableUrl={b.is_live ? b.url : undefined} />
                          <BuildDetails build={b} what={what} language={name} />
                          {mayRollBack ? (
                            <Table.Td>
                              {b.is_live ? null : (
                                <Button
                                  size="compact-sm"
                                  variant="default"
                                  aria-label={`Make live ${what}`}
                                  loading={rollBack.isPending && rollBack.variables?.id === b.id}
                                  disabled={rollBack.isPending}
                                  onClick={() => makeLive(b, name)}
                                >
                                  Make live
                                </Button>
                              )}
                            </Table.Td>
                          ) : null}
                        </Table.Tr>
                      );
                    })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {builds.data && builds.data.length >= limit && limit < MAX_LIMIT ? (
            <Group justify="center">
              <Button variant="default" onClick={() => setUrl({ limit: String(limit + PAGE) })}>
                Show more builds
              </Button>
            </Group>
          ) : null}
        </ListState>
      )}
    </Stack>
  );
}
