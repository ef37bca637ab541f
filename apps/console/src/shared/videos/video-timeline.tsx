import type { VideoEvent, VideoFile } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { Button, Code, Loader, Modal, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { send, sharedKeys } from '../api/index.ts';
import { DANGER_TEXT } from '../feedback/index.ts';
import { formatMoment } from '../time/index.ts';
import { isUnderWay, LIVE_EVERY_MS } from './video-calls.ts';

/** Events shown before "Show all": the latest tries are what a person looks for. */
const SHORT = 8;

/** What an event says, in the product's words (api.md "Operations"). */
export function eventWords(e: Pick<VideoEvent, 'event' | 'worker' | 'detail'>): string {
  const why = e.detail ? `: ${e.detail}` : '';
  switch (e.event) {
    case 'queued':
      return `Queued${e.detail ? ` (${e.detail})` : ''}`;
    case 'started':
      return e.worker ? `Started on ${e.worker}` : 'Started';
    case 'retried':
      return `Will be retried${why}`;
    case 'lease_lost':
      return e.worker ? `Worker ${e.worker} lost it` : 'Worker lost it';
    case 'stopped':
      return `Stopped${why}`;
    case 'failed':
      return `Failed${why}`;
    case 'ready':
      return 'Ready';
  }
}

/** The timeline's key under the files' key: an upload, retry or attach anywhere reads it again. */
const timelineKey = (id: number) => [...sharedKeys.files, 'timeline', id] as const;

/**
 * A video's timeline (its job's events, newest last) and, when it failed, the last lines ffmpeg wrote. Read again
 * every two seconds while the video is under way.
 */
export function VideoTimeline({ id }: { id: number }) {
  const [all, setAll] = useState(false);
  const detail = useQuery({
    queryKey: timelineKey(id),
    queryFn: () => send(api.content.fileGet, { body: { id } }),
    refetchInterval: (query) => (query.state.data && isUnderWay(query.state.data) ? LIVE_EVERY_MS : false),
  });
  if (detail.isPending) return <Loader size="sm" aria-label="Loading the timeline" />;
  if (!detail.data) return <Text c={DANGER_TEXT}>The timeline could not be read.</Text>;
  const { events, log } = detail.data;
  const shown = all ? events : events.slice(-SHORT);
  return (
    <Stack gap="sm" data-testid={`video-timeline-${id}`}>
      {events.length > shown.length ? (
        <Button size="compact-xs" variant="subtle" onClick={() => setAll(true)} w="fit-content">
          Show all {events.length} events
        </Button>
      ) : null}
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          No events yet.
        </Text>
      ) : (
        <Timeline active={shown.length - 1} bulletSize={14} lineWidth={2} aria-label="Timeline">
          {shown.map((e) => (
            <Timeline.Item key={`${e.at}-${e.event}`} title={eventWords(e)}>
              <Text size="xs" c="dimmed">
                {formatMoment(e.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {log?.length ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            ffmpeg’s last lines
          </Text>
          <Code block aria-label="ffmpeg’s last lines" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {log.join('\n')}
          </Code>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The timeline in a modal of its own (the Videos screen's Timeline), open while `file` is given. */
export function TimelineModal({ file, onClose }: { file: Pick<VideoFile, 'id' | 'name'> | null; onClose: () => void }) {
  const [shown, setShown] = useState(file);
  if (file && file !== shown) setShown(file);
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={shown ? `Timeline of ${shown.name}` : 'Timeline'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {shown ? <VideoTimeline id={shown.id} /> : null}
    </Modal>
  );
}
