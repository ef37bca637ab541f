import type { ContentLang, Language, VideoFile } from '@kids-vod/contract';
import {
  Box,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlayFilled, IconUnlink, IconUpload, IconVideo } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { errorMessage, filesQuery } from '../../shared/api/index.ts';
import { DismissibleError } from '../../shared/feedback/index.ts';
import { choicesError } from '../../shared/fields/index.ts';
import { VideoPlayer } from '../../shared/player/index.ts';
import {
  liveWhileUnderWay,
  progressWords,
  sourceWords,
  useVideoFile,
  VIDEO_STATUS_WORDS,
  VideoStatusLine,
} from '../../shared/videos/index.ts';
import { BorrowedVideo } from './borrowed-video.tsx';
import { videoFileLabel } from './format.ts';
import { useAttachVideo, useDetachVideo, useUploadVideo } from './video-api.ts';

/**
 * What the file chooser offers: the masters the server probes (MP4, QuickTime including ProRes, Matroska, WebM, AVI,
 * MXF), by type and by extension (a browser knows no type for some of them).
 */
export const VIDEO_ACCEPT =
  'video/mp4,video/webm,video/quicktime,video/x-matroska,video/x-msvideo,application/mxf,.mp4,.m4v,.mov,.mkv,.webm,.avi,.mxf';

/** A free file as the picker offers it, with its status while it is not ready: "… · #12 · processing 45%". */
function pickerLabel(file: VideoFile): string {
  const label = videoFileLabel(file);
  if (file.status === 'ready') return label;
  const status = file.status === 'processing' ? `processing ${progressWords(file)}` : VIDEO_STATUS_WORDS[file.status];
  return `${label} · ${status.toLowerCase()}`;
}

/**
 * The poster with Play over it; Play puts the player in its place (its code and hls.js arrive then, not with the
 * modal), playing.
 */
export function PosterOrPlayer({ video, audioLang = null }: { video: VideoFile; audioLang?: string | null }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <Suspense
        fallback={
          <Center h={160}>
            <Loader size="sm" aria-label="Loading the player" />
          </Center>
        }
      >
        <VideoPlayer file={video} autoPlay autoFocus audioLang={audioLang} />
      </Suspense>
    );
  }
  return (
    <Box pos="relative" style={{ aspectRatio: '16 / 9', background: 'black', borderRadius: 4, overflow: 'hidden' }}>
      {video.thumbnail_url ? <Image src={video.thumbnail_url} alt="" h="100%" w="100%" fit="contain" /> : null}
      <Center pos="absolute" inset={0}>
        <Button
          leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
          aria-label={`Play ${video.name}`}
          onClick={() => setPlaying(true)}
        >
          Play
        </Button>
      </Center>
    </Box>
  );
}

/** The attached file: its status (live), the poster and player once it is ready, and what can be done with it. */
function AttachedVideo({
  video,
  busy,
  detaching,
  onDetach,
  onUseDuration,
}: {
  video: VideoFile;
  busy: boolean;
  detaching: boolean;
  onDetach: () => void;
  onUseDuration: (seconds: number) => void;
}) {
  const duration = video.duration_sec ?? (video.source ? Math.round(video.source.duration_sec) : null);
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        {video.status === 'ready' && video.playback_url ? <PosterOrPlayer video={video} /> : null}
        <Text fw={500} size="sm" style={{ wordBreak: 'break-all' }}>
          {video.name}
        </Text>
        <Text size="sm" c="dimmed">
          {sourceWords(video)}
        </Text>
        <VideoStatusLine file={video} compact />
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconUnlink size={14} aria-hidden />}
            loading={detaching}
            disabled={busy && !detaching}
            onClick={onDetach}
          >
            Detach
          </Button>
          {duration ? (
            <Button size="xs" variant="subtle" onClick={() => onUseDuration(duration)}>
              Use as content duration
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The video of one language version: what is attached (with a preview) and how to change it:
 * detach it, choose an uploaded file attached nowhere, or upload a new one (attached once it arrives).
 */
export function VideoSection({
  contentId,
  langId,
  langName,
  version,
  versions,
  languages,
  onUseDuration,
}: {
  contentId: number;
  langId: number;
  langName: string;
  version: ContentLang | null;
  /** The item's other language versions: one with a video of its own may lend it, with this language's audio. */
  versions: ContentLang[];
  languages: Language[];
  /** Copies the video's duration into the content's duration field. */
  onUseDuration: (seconds: number) => void;
}) {
  // The free files' statuses move while one of them is processed: the list is read again until all are done.
  const files = useQuery({
    ...filesQuery,
    refetchInterval: (query) => liveWhileUnderWay(query.state.data?.filter((f) => f.content_lang_id === null)),
  });
  const attach = useAttachVideo();
  const detach = useDetachVideo();
  const upload = useUploadVideo();
  const [search, setSearch] = useState('');
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const abort = useRef<AbortController | null>(null);
  // The attached file as stored now: read again while it is queued or processed, so its status moves on screen.
  const video = useVideoFile(version?.video ?? null).data ?? null;
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
        <AttachedVideo
          video={video}
          busy={busy}
          detaching={detach.isPending}
          onDetach={() => version && detach.mutate(version.id)}
          onUseDuration={onUseDuration}
        />
      ) : version?.video_from_lang_id ? null : (
        <Paper withBorder p="sm" radius="sm">
          <Group gap="xs" c="dimmed">
            <IconVideo size={18} aria-hidden />
            <Text size="sm">No video attached in {langName}.</Text>
          </Group>
        </Paper>
      )}
      {video ? null : <BorrowedVideo version={version} versions={versions} languages={languages} langName={langName} />}

      <Select
        label="Choose a video"
        description={video ? 'Replaces the attached one' : 'Uploaded files not attached anywhere'}
        placeholder={files.isPending ? 'Loading files…' : free.length ? 'Search by name' : 'No free files'}
        searchable
        limit={100}
        nothingFoundMessage={free.length ? 'No file of that name' : 'Every uploaded file is attached: upload a new one'}
        data={free.map((f) => ({ value: f.ext_id, label: pickerLabel(f) }))}
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
