import type { Language } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { DEFAULT_LANG_ID } from '@kids-vod/contract/client';
import { Alert, Badge, Button, Group, Loader, Paper, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClock, IconLock, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/index.ts';
import { SUCCESS_TEXT } from '../../shared/feedback/index.ts';
import { processingSentence } from '../../shared/hidden-items/index.ts';
import { roleLabel, rolesWith, useMay, useRole } from '../../shared/session/index.ts';
import { type LanguageResult, useCheckChanges, usePublishCatalogue, usePublishEveryCatalogue } from './api.ts';
import { BuildDetails, UrlCell } from './build-cells.tsx';
import { ChangesModal } from './changes-modal.tsx';

const ALL = 'all';

function Status({ result }: { result: LanguageResult }) {
  switch (result.status) {
    case 'waiting':
      return (
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconClock size={16} aria-hidden />
          <Text size="sm">Waiting</Text>
        </Group>
      );
    case 'publishing':
      return (
        <Group gap={6} wrap="nowrap">
          <Loader size={14} aria-hidden />
          <Text size="sm">Publishing…</Text>
        </Group>
      );
    case 'published':
      return (
        <Group gap={4} wrap="nowrap" c={SUCCESS_TEXT}>
          <IconCircleCheck size={16} aria-hidden />
          <Text size="sm">Published</Text>
        </Group>
      );
    case 'failed':
      return (
        <Group gap={4} wrap="nowrap" c="var(--mantine-color-error)">
          <IconAlertCircle size={16} aria-hidden />
          <Text size="sm" fw={500}>
            Failed
          </Text>
        </Group>
      );
  }
}

/** This run's languages: waiting, being published, then the build or the server's reason it failed. */
function ResultsTable({ results }: { results: LanguageResult[] }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="xs" aria-label="Published now">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>Language</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>URL</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>SHA-256</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Counts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((result) => {
            const what = `the ${result.language.name} catalogue`;
            return (
              <Table.Tr key={result.language.id} data-testid={`result-${result.language.code}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {result.language.name}{' '}
                  <Text span size="xs" c="dimmed">
                    {result.language.code}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Status result={result} />
                </Table.Td>
                {result.status === 'published' ? (
                  <>
                    <UrlCell url={result.build.url} what={what} />
                    <BuildDetails build={result.build} what={what} language={result.language.name} />
                  </>
                ) : (
                  // A failure's reason (the server's detail) takes the place of the build's columns.
                  <Table.Td colSpan={5}>
                    {result.status === 'failed' ? (
                      <Text size="sm" c="var(--mantine-color-error)">
                        {result.error}
                      </Text>
                    ) : null}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * What the builds just published left out while videos are processing, one sentence a language: publishing again
 * once they are ready adds them (api.md, "Video processing").
 */
function StillProcessing({ results }: { results: LanguageResult[] }) {
  const sentences = results.flatMap((result) => {
    if (result.status !== 'published') return [];
    const several = results.length > 1 ? result.language.name : undefined;
    const sentence = processingSentence(result.build.counts.content_video_processing, several);
    return sentence ? [{ id: result.language.id, code: result.language.code, sentence }] : [];
  });
  if (sentences.length === 0) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconClock size={18} aria-hidden />} p="xs" aria-live="polite">
      <Stack gap={2}>
        {sentences.map(({ id, code, sentence }) => (
          <Text key={id} size="sm" data-testid={`still-processing-${code}`}>
            {sentence}
          </Text>
        ))}
        <Text size="sm" c="dimmed">
          Publishing again once a video is ready adds its episode.
        </Text>
      </Stack>
    </Alert>
  );
}

/** A run of several languages: which is being published, how many are done, how many failed. */
function Progressing({ results, running }: { results: LanguageResult[]; running: boolean }) {
  const total = results.length;
  const done = results.filter((r) => r.status === 'published' || r.status === 'failed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const current = results.findIndex((r) => r.status === 'publishing');
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite" data-testid="publish-progress">
          {running
            ? `Publishing ${results[current]?.language.name ?? ''}: ${Math.min(done + 1, total)} of ${total}`
            : `Done: ${done} of ${total}`}
        </Text>
        {!running ? (
          <Group gap={6}>
            <Badge tt="none" variant="light" color="green" c={SUCCESS_TEXT}>
              {done - failed} published
            </Badge>
            {failed > 0 ? (
              <Badge
                tt="none"
                variant="light"
                color="red"
                c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))"
              >
                {failed} failed
              </Badge>
            ) : null}
          </Group>
        ) : null}
      </Group>
      <Progress value={(done / total) * 100} aria-label={`Published ${done} of ${total}`} animated={running} />
    </Stack>
  );
}

/** Choose a language (or all of them), build and publish its catalogue, and see what came of it. */
export function PublishPanel({ languages }: { languages: Language[] }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [results, setResults] = useState<LanguageResult[] | null>(null);
  const publishOne = usePublishCatalogue();
  const publishAll = usePublishEveryCatalogue();
  const checkChanges = useCheckChanges();
  // What would change, shown for confirmation until published or closed.
  const review = checkChanges.data ?? null;
  const running = publishOne.isPending || publishAll.isPending || checkChanges.isPending;
  const mayPublish = useMay(CALL_PERMISSIONS.catalog.publish);
  const role = useRole();

  const chosen = choice ?? languages.find((l) => l.id === DEFAULT_LANG_ID)?.code ?? null;
  const options = [
    { value: ALL, label: 'All languages' },
    ...languages.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` })),
  ];

  /** First what would change, per language; publishing only once that is confirmed. */
  function start() {
    const targets = chosen === ALL ? languages : languages.filter((l) => l.code === chosen);
    if (targets.length === 0) return;
    checkChanges.mutate(targets);
  }

  function publish() {
    const targets = review?.map((r) => r.language) ?? [];
    checkChanges.reset();
    if (targets.length === 0) return;
    setResults(targets.map((language) => ({ language, status: 'waiting' })));
    const report = (result: LanguageResult) =>
      setResults((prev) => prev?.map((r) => (r.language.id === result.language.id ? result : r)) ?? null);
    if (targets.length > 1) {
      publishAll.mutate({ languages: targets, onResult: report });
      return;
    }
    const [language] = targets;
    report({ language, status: 'publishing' });
    publishOne.mutate(language, {
      onSuccess: (build) => report({ language, status: 'published', build }),
      onError: (err) => report({ language, status: 'failed', error: errorMessage(err) }),
    });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="publish-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="publish-title">
          Build and publish
        </Title>
        <Text size="sm" c="dimmed">
          Builds the catalogue the kids apps download (brands, content, compilations, promo banners, streams and app
          strings of a language) and publishes it at its URL. Nothing reaches the apps until it is published.
        </Text>
        {mayPublish ? (
          <Group align="flex-end" gap="sm">
            <Select
              label="Language"
              data={options}
              value={chosen}
              onChange={(v) => v && setChoice(v)}
              allowDeselect={false}
              searchable
              nothingFoundMessage="No such language"
              disabled={running || languages.length === 0}
              w={260}
            />
            <Button leftSection={<IconUpload size={16} />} onClick={start} loading={running} disabled={!chosen}>
              Build and publish
            </Button>
            {checkChanges.isPending ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                Comparing with the live build…
              </Text>
            ) : null}
          </Group>
        ) : (
          <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />} p="xs" data-testid="read-only">
            Your role ({roleLabel(role)}) may not publish catalogues: {rolesWith('catalogue')} accounts publish them.
          </Alert>
        )}

        {results && results.length > 1 ? <Progressing results={results} running={running} /> : null}
        {results ? <ResultsTable results={results} /> : null}
        {results ? <StillProcessing results={results} /> : null}
      </Stack>
      <ChangesModal entries={review} onConfirm={publish} onClose={checkChanges.reset} />
    </Paper>
  );
}
