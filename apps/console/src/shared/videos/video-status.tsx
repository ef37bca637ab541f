import type { VideoFile, VideoStatus } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/client';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import {
  type Icon,
  IconAlertTriangle,
  IconCircleCheckFilled,
  IconClockHour4,
  IconLoader2,
  IconRefresh,
} from '@tabler/icons-react';
import { DANGER_TEXT } from '../feedback/index.ts';
import { useMay } from '../session/index.ts';
import { useRetryVideo, VIDEO_STATUS_WORDS } from './video-calls.ts';
import { formatTimeLeft } from './video-words.ts';

/** Each status's icon and its colour; the word says the status without either. */
const STATUS_ICONS: Record<VideoStatus, { icon: Icon; color: string }> = {
  queued: { icon: IconClockHour4, color: 'var(--mantine-color-dimmed)' },
  processing: { icon: IconLoader2, color: 'var(--mantine-color-blue-6)' },
  ready: { icon: IconCircleCheckFilled, color: 'var(--mantine-color-green-6)' },
  failed: { icon: IconAlertTriangle, color: 'var(--mantine-color-red-6)' },
};

/** "45% · about 3 min left", or the percent alone while the time left cannot be told yet. */
export const progressWords = (file: Pick<VideoFile, 'progress' | 'eta_sec'>): string =>
  file.eta_sec === null ? `${file.progress}%` : `${file.progress}% · ${formatTimeLeft(file.eta_sec)}`;

/**
 * A video file's status in words, as the file list, the picker's file and the content modal show it: while it is
 * processed its percent as a bar and the time left; failed, the server's sentence and (for whoever may change the
 * catalogue) Retry. The words change as the file is read again; screen readers hear the status, not every percent.
 */
export function VideoStatusLine({ file, compact = false }: { file: VideoFile; compact?: boolean }) {
  const { icon: StatusIcon, color } = STATUS_ICONS[file.status];
  const mayRetry = useMay(CALL_PERMISSIONS.content.fileRetry);
  const retry = useRetryVideo();
  return (
    <Stack gap={4} miw={compact ? undefined : 180} data-testid={`video-status-${file.id}`}>
      <Group gap={6} wrap="nowrap" aria-live="polite">
        <StatusIcon size={16} color={color} aria-hidden style={{ flexShrink: 0 }} />
        <Text
          size="sm"
          c={file.status === 'failed' ? DANGER_TEXT : undefined}
          fw={file.status === 'failed' ? 500 : 400}
        >
          {VIDEO_STATUS_WORDS[file.status]}
        </Text>
      </Group>
      {file.status === 'processing' ? (
        <>
          <Progress
            value={file.progress}
            size="sm"
            aria-label={`Processing ${file.name}`}
            // A bar's name and value; Mantine sets aria-valuenow from `value`.
          />
          <Text size="xs" c="dimmed">
            {progressWords(file)}
          </Text>
        </>
      ) : null}
      {file.status === 'failed' ? (
        <>
          {file.failure ? (
            <Text size="xs" c="dimmed" maw={compact ? undefined : 320}>
              {file.failure}
            </Text>
          ) : null}
          {mayRetry ? (
            <Group>
              <Button
                size="compact-xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                aria-label={`Retry ${file.name}`}
                loading={retry.isPending}
                onClick={() => retry.mutate(file)}
              >
                Retry
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
