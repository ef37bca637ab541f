import type { ContentLang, Subtitles } from '@kids-vod/contract';
import {
  SUBTITLES_ACCEPT,
  SUBTITLES_KIND_LABELS,
  SUBTITLES_KINDS,
  SUBTITLES_MAX_BYTES,
  SUBTITLES_MAX_SHIFT_SECONDS,
  type SubtitlesKind,
} from '@kids-vod/contract/client';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Loader,
  NumberInput,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBadgeCc, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/index.ts';
import { confirmAction, DismissibleError, WARNING_TEXT } from '../../shared/feedback/index.ts';
import { useDeleteSubtitles, useShiftSubtitles, useSubtitlesCues, useUploadSubtitles } from './subtitles-api.ts';

/** A cue's moment as the files write it: `00:01:02.500`. */
function clock(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}.${pad(ms % 1000, 3)}`;
}

/** At most this many cues are drawn at once; the rest are counted (a film has a couple of thousand). */
const CUES_SHOWN = 500;

/**
 * The cues of one file, text only: React writes a cue's text as text, so markup in it (`<i>`, `<script>`) is shown
 * as the characters it is, never run or rendered. Below, the timing shift: every cue moved by the same seconds.
 */
function CueView({ file }: { file: Subtitles }) {
  const cues = useSubtitlesCues(file.id);
  const shift = useShiftSubtitles();
  const [seconds, setSeconds] = useState<number | string>('');
  const captionId = useId();
  const amount = typeof seconds === 'number' ? seconds : Number.NaN;
  const canShift = Number.isFinite(amount) && amount !== 0 && Math.abs(amount) <= SUBTITLES_MAX_SHIFT_SECONDS;
  if (cues.isPending) return <Loader size="sm" aria-label={`Loading the cues of ${file.name}`} />;
  if (cues.isError) {
    return (
      <Alert color="red" title="Could not load the cues">
        <Button size="xs" variant="light" color="red" onClick={() => cues.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const shown = cues.data.cues.slice(0, CUES_SHOWN);
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={260} type="auto">
        <Table striped withTableBorder fz="xs" aria-labelledby={captionId}>
          <Table.Caption id={captionId}>
            Cues of {file.name}
            {cues.data.cues.length > CUES_SHOWN ? ` (the first ${CUES_SHOWN} of ${cues.data.cues.length})` : ''}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Start</Table.Th>
              <Table.Th scope="col">End</Table.Th>
              <Table.Th scope="col">Text</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((cue, i) => (
              // Cues have no id of their own; their order is their identity in one file.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={i}>
                <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {clock(cue.start)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {clock(cue.end)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{cue.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group gap="xs" align="flex-end">
        <NumberInput
          label="Shift every cue (seconds)"
          description="Positive: later; negative: earlier"
          size="xs"
          w={200}
          step={0.1}
          decimalScale={3}
          min={-SUBTITLES_MAX_SHIFT_SECONDS}
          max={SUBTITLES_MAX_SHIFT_SECONDS}
          value={seconds}
          onChange={setSeconds}
        />
        <Button
          size="xs"
          variant="default"
          disabled={!canShift}
          loading={shift.isPending}
          onClick={() => shift.mutate({ id: file.id, seconds: amount }, { onSuccess: () => setSeconds('') })}
        >
          Shift cues
        </Button>
      </Group>
    </Stack>
  );
}

/** One file: what it is, its warnings, its cues on demand, and Delete. */
function SubtitlesFile({ file, langName }: { file: Subtitles; langName: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSubtitles();
  const label = SUBTITLES_KIND_LABELS[file.kind];
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} size="sm" style={{ wordBreak: 'break-all' }}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {file.cues} {file.cues === 1 ? 'cue' : 'cues'} · read as {file.encoding}
            </Text>
          </Stack>
          <Badge
            variant="light"
            leftSection={file.kind === 'captions' ? <IconBadgeCc size={12} aria-hidden /> : null}
            // The kind is read whole; the file's name wraps instead.
            style={{ flexShrink: 0 }}
          >
            {label}
          </Badge>
        </Group>
        {file.warnings.length > 0 ? (
          <Paper p="xs" radius="sm" withBorder style={{ borderColor: 'var(--mantine-color-orange-filled)' }}>
            <Group gap={6} mb={4} wrap="nowrap">
              <IconAlertTriangle size={14} color={WARNING_TEXT} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="xs" fw={700} c={WARNING_TEXT}>
                {file.warnings.length === 1 ? 'A warning' : `${file.warnings.length} warnings`}
              </Text>
            </Group>
            <List size="xs" spacing={2}>
              {file.warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          </Paper>
        ) : null}
        <Group gap="xs">
          <Button size="xs" variant="default" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide cues' : 'Show cues'}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Delete ${file.name}`}
            loading={remove.isPending}
            onClick={async () => {
              const sure = await confirmAction({
                title: `Delete ${file.name}?`,
                message: `The ${langName} ${label.toLowerCase()} leave the video's playlist; the published catalogue keeps them until the next build.`,
              });
              if (sure) remove.mutate(file.id);
            }}
          >
            Delete
          </Button>
        </Group>
        {open ? <CueView file={file} /> : null}
      </Stack>
    </Paper>
  );
}

/**
 * The subtitles of one language version (api.md "Subtitles and audio per language"): its files with their
 * warnings, a file's cues and a timing shift, and an upload of WebVTT or SRT as subtitles or captions.
 */
export default function SubtitlesSection({ version, langName }: { version: ContentLang | null; langName: string }) {
  const upload = useUploadSubtitles();
  const [kind, setKind] = useState<SubtitlesKind>('subtitles');
  const [problem, setProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const kindId = useId();
  const said = useRef<HTMLDivElement>(null);
  // The refusal shows under the button that was used, near the modal's footer: brought into view, not left below it.
  useEffect(() => {
    if (problem) said.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);

  function onFile(file: File | null) {
    resetFile.current?.();
    if (!file || !version) return;
    setProblem(null);
    if (file.size > SUBTITLES_MAX_BYTES) {
      setProblem(`${file.name} is bigger than ${SUBTITLES_MAX_BYTES / 1024 / 1024} MB: is it a subtitles file?`);
      return;
    }
    upload.mutate(
      { file, contentLangId: version.id, kind },
      { onError: (err) => setProblem(`${file.name}: ${errorMessage(err)}`) },
    );
  }

  return (
    // No accessible name with "title" in it: the modal's forms are found by getByLabel('Title'), which matches parts of
    // names ("Sub-title-s"); headings name the section instead.
    <Stack gap="sm" mt="lg" data-testid="subtitles-section">
      <Title order={3} size="h5">
        Subtitles in {langName}
      </Title>
      {!version ? (
        <Text size="sm" c="dimmed">
          Save the {langName} version first: subtitles belong to it.
        </Text>
      ) : (
        <>
          {version.subtitles.length === 0 ? (
            <Text size="sm" c="dimmed">
              No subtitles in {langName}.
            </Text>
          ) : (
            version.subtitles.map((file) => <SubtitlesFile key={file.id} file={file} langName={langName} />)
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id={kindId}>
              Kind of the next file
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby={kindId}
              value={kind}
              onChange={(value) => setKind(value as SubtitlesKind)}
              data={SUBTITLES_KINDS.map((k) => ({ value: k, label: SUBTITLES_KIND_LABELS[k] }))}
            />
          </Stack>
          <Group gap="xs">
            <FileButton onChange={onFile} accept={SUBTITLES_ACCEPT} resetRef={resetFile} disabled={upload.isPending}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                >
                  Upload subtitles (WebVTT or SRT)
                </Button>
              )}
            </FileButton>
          </Group>
          {problem ? (
            <div ref={said}>
              <DismissibleError p="xs" closeLabel="Dismiss the error" onDismiss={() => setProblem(null)}>
                {problem}
              </DismissibleError>
            </div>
          ) : null}
        </>
      )}
    </Stack>
  );
}
