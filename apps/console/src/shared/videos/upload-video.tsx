import type { VideoFile } from '@kids-vod/contract';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/index.ts';
import { DismissibleError } from '../feedback/index.ts';
import { useUploadVideo } from './video-calls.ts';

/**
 * What the file chooser offers: the masters the server probes (MP4, QuickTime including ProRes, Matroska, WebM, AVI,
 * MXF), by type and by extension (a browser knows no type for some of them).
 */
export const VIDEO_ACCEPT =
  'video/mp4,video/webm,video/quicktime,video/x-matroska,video/x-msvideo,application/mxf,.mp4,.m4v,.mov,.mkv,.webm,.avi,.mxf';

/**
 * Uploads one master: the button, then its progress with Cancel, and a failure beside it until dismissed. The Videos
 * screen's upload and the content modal's (which attaches the file once it has arrived, `onUploaded`).
 */
export function UploadVideo({
  label,
  disabled = false,
  onUploaded,
}: {
  label: string;
  disabled?: boolean;
  onUploaded?: (file: VideoFile) => void;
}) {
  const upload = useUploadVideo();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const abort = useRef<AbortController | null>(null);

  // Leaving the screen (or the modal's language) stops an upload still running.
  useEffect(() => () => abort.current?.abort(), []);

  function onFile(file: File | null) {
    resetFile.current?.();
    if (!file) return;
    setProblem(null);
    setProgress({ name: file.name, percent: 0 });
    abort.current = new AbortController();
    upload.mutate(
      { file, signal: abort.current.signal, onProgress: (percent) => setProgress({ name: file.name, percent }) },
      {
        onSuccess: (saved) => onUploaded?.(saved),
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

  const busy = disabled || progress !== null;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <FileButton onChange={onFile} accept={VIDEO_ACCEPT} resetRef={resetFile} disabled={busy}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} disabled={busy}>
              {label}
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
