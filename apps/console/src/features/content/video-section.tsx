import type { ContentLang } from '@kids-vod/contract';
import { formatDuration } from '@kids-vod/contract/format';
import { Button, FileButton, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconUnlink, IconUpload, IconVideo } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useVideoFiles } from '../../shared/api/index.ts';
import { DismissibleError } from '../../shared/feedback/index.ts';
import { choicesError } from '../../shared/lists/index.ts';
import { errorMessage } from '../../shared/session/index.ts';
import { formatBytes, videoFileLabel } from './format.ts';
import { useAttachVideo, useDetachVideo, useUploadVideo } from './video-api.ts';

export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime';

/**
 * The video of one language version: what is attached (with a preview) and how to change it:
 * detach it, choose an uploaded file attached nowhere, or upload a new one (attached once it arrives).
 */
export function VideoSection({
  contentId,
  langId,
  langName,
  version,
  onUseDuration,
}: {
  contentId: number;
  langId: number;
  langName: string;
  version: ContentLang | null;
  /** Copies the video's duration into the content's duration field. */
  onUseDuration: (seconds: number) => void;
}) {
  const files = useVideoFiles();
  const attach = useAttachVideo();
  const detach = useDetachVideo();
  const upload = useUploadVideo();
  const [search, setSearch] = useState('');
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const abort = useRef<AbortController | null>(null);
  const video = version?.video ?? null;
  const free = (files.data ?? []).filter((f) => f.content_lang_id === null);
  const busy = attach.isPending || detach.isPending || progress !== null;

  // Leaving the modal (or the language) stops an upload still running.
  useEffect(() => () => abort.current?.abort(), []);

  function attachFile(extId: string) {
    attach.mutate({ ext_id: extId, content_id: contentId, lang_id: langId });
  }

  function onFile(file: File | null) {
    resetFile.current?.();
    if (!file) return;
    setProblem(null);
    setProgress({ name: file.name, percent: 0 });
    abort.current = new AbortController();
    upload.mutate(
      {
        file,
        signal: abort.current.signal,
        onProgress: (percent) => setProgress({ name: file.name, percent }),
      },
      {
        onSuccess: (saved) => attachFile(saved.ext_id),
        onError: (err) => {
          if ((err as Error).name !== 'AbortError') setProblem(errorMessage(err));
        },
        onSettled: () => {
          setProgress(null);
          abort.current = null;
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Video in {langName}
      </Title>
      {video ? (
        <Paper withBorder p="sm" radius="sm">
          <Stack gap="xs">
            {/* biome-ignore lint/a11y/useMediaCaption: a preview of an uploaded file; captions are not part of it */}
            <video
              src={video.playback_url}
              controls
              preload="metadata"
              aria-label={`Preview of ${video.name}`}
              style={{ width: '100%', maxHeight: 200, background: 'black', borderRadius: 4 }}
            />
            <Text fw={500} size="sm" style={{ wordBreak: 'break-all' }}>
              {video.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatBytes(video.size_bytes)} · {formatDuration(video.duration_sec)}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconUnlink size={14} />}
                loading={detach.isPending}
                disabled={busy && !detach.isPending}
                onClick={() => version && detach.mutate(version.id)}
              >
                Detach
              </Button>
              {video.duration_sec ? (
                <Button size="xs" variant="subtle" onClick={() => onUseDuration(video.duration_sec ?? 0)}>
                  Use as content duration
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p="sm" radius="sm">
          <Group gap="xs" c="dimmed">
            <IconVideo size={18} aria-hidden />
            <Text size="sm">No video attached in {langName}.</Text>
          </Group>
        </Paper>
      )}

      <Select
        label="Choose a video"
        description={video ? 'Replaces the attached one' : 'Uploaded files not attached anywhere'}
        placeholder={files.isPending ? 'Loading files…' : free.length ? 'Search by name' : 'No free files'}
        searchable
        limit={100}
        nothingFoundMessage={free.length ? 'No file of that name' : 'Every uploaded file is attached: upload a new one'}
        data={free.map((f) => ({ value: f.ext_id, label: videoFileLabel(f) }))}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(extId) => {
          setSearch('');
          if (extId) attachFile(extId);
        }}
        disabled={busy}
        error={choicesError(files, 'the video files')}
      />

      <Group gap="xs">
        <FileButton onChange={onFile} accept={VIDEO_ACCEPT} resetRef={resetFile} disabled={busy}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} />} disabled={busy}>
              Upload a new video
            </Button>
          )}
        </FileButton>
        {progress ? (
          <Button variant="subtle" color="gray" size="xs" onClick={() => abort.current?.abort()}>
            Cancel upload
          </Button>
        ) : null}
      </Group>
      {progress ? (
        <Stack gap={4}>
          <Progress value={progress.percent} aria-label={`Uploading ${progress.name}`} />
          <Text size="xs" c="dimmed">
            Uploading {progress.name}: {progress.percent}%
          </Text>
        </Stack>
      ) : null}
      {problem ? (
        <DismissibleError p="xs" closeLabel="Dismiss the error" onDismiss={() => setProblem(null)}>
          {problem}
        </DismissibleError>
      ) : null}
    </Stack>
  );
}
