import { Group, Progress, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheckFilled, IconWifiOff } from '@tabler/icons-react';
import { DANGER_TEXT, SUCCESS_TEXT } from '../../../shared/feedback/index.ts';
import type { IntakeFile, RowPlan, UploadPlan } from './intake-rows.ts';
import type { RowProgress } from './intake-run.ts';

/** Before the upload: what the row will do, or why it will not be uploaded. */
export function PlanCell({
  plan,
  name,
  clashing,
  editable,
  langName,
  onKeep,
}: {
  plan: RowPlan | undefined;
  name: string;
  clashing: boolean;
  editable: boolean;
  langName: (id: number) => string;
  onKeep: () => void;
}) {
  const keep = clashing ? (
    <Radio
      size="xs"
      label="Keep this file"
      aria-label={`Keep ${name}`}
      checked={plan?.kind === 'upload'}
      onChange={onKeep}
      disabled={!editable}
    />
  ) : null;
  if (!plan || plan.kind === 'left-out') {
    // Left out by the intake itself, it says why; unchecked by the person, the person knows.
    return (
      <Text size="xs" c="dimmed">
        {plan?.why ? `Left out: ${plan.why}` : 'Left out'}
      </Text>
    );
  }
  if (plan.kind === 'incomplete') {
    return (
      <Text size="xs" c={DANGER_TEXT}>
        {plan.why}
      </Text>
    );
  }
  if (plan.kind === 'clash') {
    return (
      <Stack gap={2}>
        <Text size="xs" c={DANGER_TEXT}>
          Clash: same episode and language as {plan.keptName}, which is kept
        </Text>
        {keep}
      </Stack>
    );
  }
  if (plan.kind === 'no-brand-version') {
    return (
      <Text size="xs" c={DANGER_TEXT}>
        Waits for the {langName(plan.langId)} version of the brand
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {plan.replaces ? 'Replaces the video this version has' : 'Ready to upload'}
      </Text>
      {keep}
    </Stack>
  );
}

/** After confirm: the row's bar and words, named by its file. */
export function ProgressCell({ name, progress }: { name: string; progress: RowProgress }) {
  switch (progress.stage) {
    case 'waiting':
      return (
        <Text size="xs" c="dimmed">
          Waiting
        </Text>
      );
    case 'uploading':
      return (
        <Stack gap={2}>
          <Progress value={progress.percent} size="sm" aria-label={`Uploading ${name}`} />
          <Group gap={4} wrap="nowrap">
            {progress.retrying ? <IconWifiOff size={14} aria-hidden /> : null}
            <Text size="xs" c={progress.retrying ? DANGER_TEXT : 'dimmed'}>
              {progress.retrying ? 'Connection lost, retrying…' : `Uploading ${progress.percent}%`}
            </Text>
          </Group>
        </Stack>
      );
    case 'attaching':
      return (
        <Text size="xs" c="dimmed">
          Attaching
        </Text>
      );
    case 'queued':
      // Uploaded and attached, in the line of videos to process: no bar at 0% that does not move.
      return (
        <Text size="xs" c="dimmed">
          Waiting to process
        </Text>
      );
    case 'processing':
      return (
        <Stack gap={2}>
          <Progress value={progress.percent} size="sm" color="grape" aria-label={`Processing ${name}`} />
          <Text size="xs" c="dimmed">{`Processing ${progress.percent}%`}</Text>
        </Stack>
      );
    case 'ready':
      return (
        <Stack gap={2}>
          <Group gap={4} wrap="nowrap">
            <IconCircleCheckFilled
              size={14}
              color="var(--mantine-color-green-6)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text size="xs" c={SUCCESS_TEXT}>
              Ready and attached
            </Text>
          </Group>
          {progress.note ? (
            <Text size="xs" c="dimmed">
              {progress.note}
            </Text>
          ) : null}
        </Stack>
      );
    case 'failed':
      return (
        <Stack gap={2}>
          <Group gap={4} wrap="nowrap">
            <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="xs" c={DANGER_TEXT} fw={500}>
              Failed: {progress.sentence}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {progress.done.length ? `Done before: ${progress.done.join(', ')}` : 'Nothing was created for it'}
          </Text>
        </Stack>
      );
  }
}

/**
 * The title a master gives the version it creates (the name's guess, editable). An existing version keeps its own;
 * the sheet's title, where it gives one, is the one written; subtitles and thumbnails name nothing.
 */
export function TitleCell({
  row,
  upload,
  editable,
  sheetTitle,
  onChange,
}: {
  row: IntakeFile;
  upload: UploadPlan | null;
  editable: boolean;
  sheetTitle: string | undefined;
  onChange: (patch: Partial<IntakeFile>) => void;
}) {
  if (row.kind !== 'video')
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (sheetTitle !== undefined)
    return (
      <Text size="sm" c="dimmed">
        {sheetTitle} · from the sheet
      </Text>
    );
  if (upload !== null && upload.versionTitle !== null)
    return (
      <Text size="sm" c="dimmed">
        {upload.versionTitle || '(no title)'} · kept
      </Text>
    );
  if (!editable) return <Text size="sm">{row.title}</Text>;
  return (
    <TextInput
      aria-label={`Title of ${row.name}`}
      placeholder="No title in the name"
      value={row.title}
      onChange={(e) => onChange({ title: e.currentTarget.value })}
      size="xs"
    />
  );
}
