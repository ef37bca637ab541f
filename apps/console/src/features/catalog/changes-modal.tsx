import type { CatalogueChange } from '@kids-vod/contract';
import { Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { processingSentence } from '../../shared/hidden-items/index.ts';
import { HeaderRow } from '../../shared/lists/index.ts';
import { ProblemList, problemCount } from '../../shared/readiness/index.ts';
import type { LanguageChanges } from './api.ts';
import { formatTime } from './format.ts';

const KIND_WORDS: Record<CatalogueChange['kind'], string> = {
  brand: 'Brand',
  content: 'Episode',
  promo: 'Banner',
  stream: 'Stream',
  link: 'Link',
  string: 'App string',
};

/** The file's field names as editors know them from the forms. */
const FIELD_WORDS: Record<string, string> = {
  logo_url: 'logo',
  thumbnail_url: 'thumbnail',
  image_url: 'image',
  poster_url: 'poster',
  duration_sec: 'duration',
  age_rating: 'age rating',
  linked_content: 'compilation episodes',
  sort_number: 'number',
  bg_color: 'background colour',
  button_color: 'button colour',
  button_text: 'button text',
  brand_id: 'brand it opens',
  content_id: 'episode it opens',
  countries: 'where it may be watched',
  text: 'text',
};
const fieldWords = (fields: string[] = []) => fields.map((f) => FIELD_WORDS[f] ?? f.replaceAll('_', ' ')).join(', ');

const CHANGE_COLOURS = { added: 'green', removed: 'red', changed: 'blue' } as const;
/** Most a list shows; the count says how many more there are. */
const SHOWN = 200;

/** Episodes this build leaves out while their video is processing: they come in a later build. */
function Processing({ entry }: { entry: LanguageChanges }) {
  const sentence = processingSentence(entry.diff.video_processing);
  return sentence ? (
    <Text size="sm" c="dimmed" data-testid={`video-processing-${entry.language.code}`}>
      {sentence} Publishing again once a video is ready adds its episode.
    </Text>
  ) : null;
}

/**
 * What stops the language, before the build (decision 064): brands left out with nothing to watch, the episode
 * problems of each brand's readiness, unreadable banners; in the brand modal's words, each a link to its item.
 */
function NotReady({ entry }: { entry: LanguageChanges }) {
  const problems = entry.diff.not_ready ?? [];
  if (problems.length === 0) return null;
  const count = entry.diff.not_ready_count ?? problems.length;
  return (
    <Stack gap={4} data-testid={`not-ready-${entry.language.code}`}>
      <Text size="sm" fw={500}>
        Not ready in {entry.language.name}: {problemCount(count)}
        {count > problems.length ? `, the first ${problems.length} listed` : ''}
      </Text>
      <ProblemList problems={problems} language={entry.language.name} langId={entry.language.id} />
    </Stack>
  );
}

function ChangeList({ entry }: { entry: LanguageChanges }) {
  const { language, diff } = entry;
  const live = diff.live ? `the live build of ${formatTime(diff.live.created_at)}` : 'nothing (first publish)';
  if (diff.changes.length === 0) {
    return (
      <Stack gap={6}>
        <Text size="sm" data-testid={`no-changes-${language.code}`}>
          Nothing to change: {live} already has all of this.
        </Text>
        <Processing entry={entry} />
        <NotReady entry={entry} />
      </Stack>
    );
  }
  const counts = (['added', 'removed', 'changed'] as const)
    .map((change) => [change, diff.changes.filter((c) => c.change === change).length] as const)
    .filter(([, n]) => n > 0);
  return (
    <Stack gap={6}>
      <Text size="sm">
        Against {live}: {counts.map(([change, n]) => `${n} ${change}`).join(', ')}.
      </Text>
      <Processing entry={entry} />
      <NotReady entry={entry} />
      <Table
        verticalSpacing={4}
        aria-label={`Changes to the ${language.name} catalogue`}
        data-testid={`changes-${language.code}`}
      >
        <HeaderRow names={['Change', 'What', 'Name', 'Fields']} />
        <Table.Tbody>
          {diff.changes.slice(0, SHOWN).map((c) => (
            <Table.Tr key={`${c.kind}-${c.id}-${c.change}`} data-change={c.change}>
              <Table.Td>
                <Badge
                  tt="none"
                  variant="light"
                  radius="sm"
                  color={CHANGE_COLOURS[c.change]}
                  c="var(--mantine-color-text)"
                >
                  {c.change[0].toUpperCase() + c.change.slice(1)}
                </Badge>
              </Table.Td>
              <Table.Td>{KIND_WORDS[c.kind]}</Table.Td>
              <Table.Td>{c.name || `#${c.id}`}</Table.Td>
              <Table.Td>{fieldWords(c.fields)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {diff.changes.length > SHOWN ? (
        <Text size="sm" c="dimmed">
          And {diff.changes.length - SHOWN} more.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * What publishing would change, per language, before anything reaches the apps: publishing only on confirmation.
 * With nothing to change the publish button says "Publish anyway" (a new build of the same content, for a build
 * lost from a CDN or a new PUBLIC_URL).
 */
export function ChangesModal({
  entries,
  onConfirm,
  onClose,
}: {
  entries: LanguageChanges[] | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const anything = entries?.some((e) => e.diff.changes.length > 0) ?? false;
  const single = entries?.length === 1 ? entries[0].language.name : null;
  const title = single ? `Publish the ${single} catalogue?` : `Publish ${entries?.length ?? 0} catalogues?`;
  return (
    <Modal
      opened={entries !== null}
      onClose={onClose}
      title={title}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {entries?.map((entry) =>
          single ? (
            <ChangeList key={entry.language.id} entry={entry} />
          ) : (
            <Stack key={entry.language.id} gap={4} component="section" aria-label={entry.language.name}>
              <Title order={3} size="h5">
                {entry.language.name}{' '}
                <Text span size="xs" c="dimmed">
                  {entry.language.code}
                </Text>
              </Title>
              <ChangeList entry={entry} />
            </Stack>
          ),
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onConfirm} variant={anything ? 'filled' : 'default'} data-autofocus>
            {anything ? 'Publish' : 'Publish anyway'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
