import type { ContentLang, Language, VideoFile } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/client';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconUnlink, IconVideo } from '@tabler/icons-react';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { filesQuery, useLanguages } from '../../shared/api/index.ts';
import { choicesError } from '../../shared/fields/index.ts';
import { useMay } from '../../shared/session/index.ts';
import {
  AudioLanguages,
  liveWhileUnderWay,
  PosterOrPlayer,
  progressWords,
  sourceWords,
  UploadVideo,
  useVideoFile,
  VIDEO_STATUS_WORDS,
  VIDEO_UPLOAD_KEY,
  VideoStatusLine,
  VideoTimeline,
} from '../../shared/videos/index.ts';
import { BorrowedVideo } from './borrowed-video.tsx';
import { videoFileLabel } from './format.ts';
import { useAttachVideo, useDetachVideo } from './video-api.ts';

/** A free file as the picker offers it, with its status while it is not ready: "… · #12 · processing 45%". */
function pickerLabel(file: VideoFile): string {
  const label = videoFileLabel(file);
  if (file.status === 'ready') return label;
  const status = file.status === 'processing' ? `processing ${progressWords(file)}` : VIDEO_STATUS_WORDS[file.status];
  return `${label} · ${status.toLowerCase()}`;
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
  const languages = useLanguages();
  // Readiness links lead here: a track's language is named under the player, as in the Videos screen's.
  const mayName = useMay(CALL_PERMISSIONS.content.fileAudio);
  // Shown on asking (a failure's, or any file's): its job's events and ffmpeg's last lines.
  const [timeline, setTimeline] = useState(false);
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        {video.status === 'ready' && video.playback_url ? <PosterOrPlayer video={video} /> : null}
        {video.status === 'ready' && mayName ? <AudioLanguages file={video} /> : null}
        <Text fw={500} size="sm" style={{ wordBreak: 'break-all' }}>
          {video.name}
        </Text>
        <Text size="sm" c="dimmed">
          {sourceWords(video, languages.data)}
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
          <Button size="xs" variant="subtle" aria-expanded={timeline} onClick={() => setTimeline((v) => !v)}>
            {timeline ? 'Hide timeline' : 'Timeline'}
          </Button>
        </Group>
        {timeline ? <VideoTimeline id={video.id} /> : null}
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
  const uploading = useIsMutating({ mutationKey: VIDEO_UPLOAD_KEY }) > 0;
  const [search, setSearch] = useState('');
  // The attached file as stored now: read again while it is queued or processed, so its status moves on screen.
  const video = useVideoFile(version?.video ?? null).data ?? null;
  const free = (files.data ?? []).filter((f) => f.content_lang_id === null);
  const busy = attach.isPending || detach.isPending || uploading;

  function attachFile(extId: string) {
    attach.mutate({ ext_id: extId, content_id: contentId, lang_id: langId });
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

      <UploadVideo
        label="Upload a new video"
        disabled={attach.isPending || detach.isPending}
        onUploaded={(saved) => attachFile(saved.ext_id)}
      />
    </Stack>
  );
}
