import type { AutomaticBuild, AutomaticBuildState, Language } from '@kids-vod/contract';
import { Alert, Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconLoader2, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { HeaderRow, LINK_COLOUR, ListPages, ListState, SkeletonRows } from '../../shared/lists/index.ts';
import { formatMoment } from '../../shared/time/index.ts';
import { useAutomaticBuilds } from './api.ts';

/** Automatic builds a page. */
const PAGE_SIZE = 20;

const STATES: Record<AutomaticBuildState, { words: string; Icon: typeof IconClock; colour: string }> = {
  waiting: { words: 'Waiting', Icon: IconClock, colour: 'var(--mantine-color-dimmed)' },
  running: { words: 'Running', Icon: IconLoader2, colour: 'var(--mantine-color-blue-6)' },
  done: { words: 'Done', Icon: IconCircleCheck, colour: 'var(--mantine-color-green-6)' },
  failed: { words: 'Failed', Icon: IconX, colour: 'var(--mantine-color-red-6)' },
};

function StateBadge({ state }: { state: AutomaticBuildState }) {
  const { words, Icon, colour } = STATES[state];
  return (
    <Badge variant="default" radius="sm" tt="none" fw={500} leftSection={<Icon size={14} color={colour} aria-hidden />}>
      {words}
    </Badge>
  );
}

function Outcome({ job, language }: { job: AutomaticBuild; language: string }) {
  if (job.state === 'failed' || job.error) {
    return (
      <Text size="sm" c={job.state === 'failed' ? 'red' : 'dimmed'}>
        {job.error ?? 'Failed'}
        {job.next_try_at ? ` · tried again ${formatMoment(job.next_try_at)}` : ''}
      </Text>
    );
  }
  if (job.build_id) {
    return (
      <Anchor component={Link} to={`/admin/json?lang=${encodeURIComponent(job.lang)}`} size="sm" c={LINK_COLOUR}>
        Build {job.build_id} of the {language} catalogue
      </Anchor>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Not built yet
    </Text>
  );
}

/**
 * The log of the builds the server ran by itself at edges, newest first, a page at a time; an alert when some keep
 * failing (they will not be tried again, so a person must look).
 */
export function AutomaticBuilds({
  page,
  onPage,
  languages,
}: {
  page: number;
  onPage: (page: number) => void;
  languages: Map<string, Language>;
}) {
  const jobs = useAutomaticBuilds((page - 1) * PAGE_SIZE, PAGE_SIZE);
  const failing = jobs.data?.failing ?? 0;
  const rows = jobs.data?.rows ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="builds-title">
      <Title order={2} size="h4" id="builds-title">
        Automatic builds
      </Title>
      {failing > 0 ? (
        <Alert
          color="red"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Automatic builds are failing"
        >
          {failing === 1 ? 'One automatic build has' : `${failing} automatic builds have`} failed and will not be tried
          again: the catalogues affected do not follow the schedule until a build succeeds. Publish them on the JSON
          Build screen.
        </Alert>
      ) : null}
      <ListState
        query={jobs}
        isEmpty={rows.length === 0}
        emptyText="No automatic build yet: they run by themselves when something opens or closes."
      >
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="xs" aria-label="Automatic builds, newest first">
            <HeaderRow names={['For the edge of', 'Language', 'State', 'Tries', 'Outcome']} />
            <Table.Tbody>
              {jobs.isPending
                ? SkeletonRows({ columns: 5 })
                : rows.map((job) => {
                    const language = languages.get(job.lang)?.name ?? job.lang;
                    return (
                      <Table.Tr key={job.id} data-testid={`automatic-build-${job.id}`}>
                        <Table.Td>{formatMoment(job.at)}</Table.Td>
                        <Table.Td>{language}</Table.Td>
                        <Table.Td>
                          <StateBadge state={job.state} />
                        </Table.Td>
                        <Table.Td>{job.attempts ?? '—'}</Table.Td>
                        <Table.Td>
                          <Outcome job={job} language={language} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <ListPages total={Math.ceil((jobs.data?.count ?? 0) / PAGE_SIZE)} value={page} onChange={onPage} />
        </Group>
      </ListState>
    </Stack>
  );
}
