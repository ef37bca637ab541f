import type { VideoFile } from '@kids-vod/contract';
import { Anchor, Box, Button, Group, Image, Stack, Table, Text } from '@mantine/core';
import { IconListDetails, IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useBrandNames, useLanguages } from '../../shared/api/index.ts';
import { RowDeleteButton } from '../../shared/feedback/index.ts';
import { ActionsHeader, LINK_COLOUR, ListTable } from '../../shared/lists/index.ts';
import { editAddress } from '../../shared/screen/index.ts';
import { formatMoment } from '../../shared/time/index.ts';
import { codecWords, sourceWords, VideoStatusLine } from '../../shared/videos/index.ts';
import { useAttachedContent } from './api.ts';

const POSTER = { w: 96, h: 54 };

/** The poster the apps show, or a plain frame until the file has one. */
function Poster({ file }: { file: VideoFile }) {
  if (file.thumbnail_url) {
    return <Image src={file.thumbnail_url} alt="" {...POSTER} fit="cover" radius="sm" loading="lazy" />;
  }
  return (
    <Box
      {...POSTER}
      bg="var(--mantine-color-default-hover)"
      style={{ display: 'grid', placeItems: 'center', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <IconVideo size={20} color="var(--mantine-color-dimmed)" aria-hidden />
    </Box>
  );
}

/** Where the file is attached: a link that opens the content item (its brand, episode and language), or "Not attached". */
function AttachedTo({ file }: { file: VideoFile }) {
  const content = useAttachedContent(file.content_id);
  const brands = useBrandNames();
  const languages = useLanguages();
  if (file.content_id === null) {
    return (
      <Text size="sm" c="dimmed">
        Not attached
      </Text>
    );
  }
  const item = content.data;
  const version = item?.langs.find((l) => l.id === file.content_lang_id);
  const language = languages.data?.find((l) => l.id === version?.lang_id)?.name;
  const brand = brands.data?.find((b) => b.id === item?.brand_id)?.name;
  const episode = item ? `S${item.season}E${item.sort_number}` : `Content #${file.content_id}`;
  const title = [brand, episode, version?.title || null].filter(Boolean).join(' · ');
  const href = item ? editAddress('content', item) : null;
  return (
    <Stack gap={0}>
      {href ? (
        <Anchor component={Link} to={href} size="sm" c={LINK_COLOUR} fw={500}>
          {title}
        </Anchor>
      ) : (
        <Text size="sm">{title}</Text>
      )}
      {language ? (
        <Text size="xs" c="dimmed">
          {language} version
        </Text>
      ) : null}
    </Stack>
  );
}

/** One page of video files: poster, name, what the master is, status (live), where it is attached, and its actions. */
export function VideosTable({
  rows,
  loading,
  mayDelete,
  deleting,
  onPlay,
  onTimeline,
  onDelete,
}: {
  rows: VideoFile[];
  loading: boolean;
  mayDelete: boolean;
  /** The file whose delete is on its way. */
  deleting: number | null;
  onPlay: (file: VideoFile) => void;
  /** Its job's events, and ffmpeg's last lines when it failed. */
  onTimeline: (file: VideoFile) => void;
  onDelete: (file: VideoFile) => void;
}) {
  const languages = useLanguages();
  return (
    <ListTable
      label="Video files"
      minWidth={1080}
      loading={loading}
      skeleton={{ rows: 5, columns: 6, image: POSTER }}
      rows={rows}
      testId="video-row"
      head={
        <>
          <Table.Th w={POSTER.w + 20}>Poster</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Attached to</Table.Th>
          <ActionsHeader w={300} />
        </>
      }
      cells={(file) => (
        <>
          <Table.Td>
            <Poster file={file} />
          </Table.Td>
          <Table.Td maw={260}>
            <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              #{file.id} · uploaded {formatMoment(file.created_at)}
            </Text>
          </Table.Td>
          <Table.Td maw={280}>
            <Text size="sm">{sourceWords(file, languages.data)}</Text>
            {file.source ? (
              <Text size="xs" c="dimmed">
                {codecWords(file.source)}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            <VideoStatusLine file={file} />
          </Table.Td>
          <Table.Td maw={260}>
            <AttachedTo file={file} />
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              {file.status === 'ready' && file.playback_url ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconPlayerPlay size={14} aria-hidden />}
                  aria-label={`Play ${file.name}`}
                  onClick={() => onPlay(file)}
                >
                  Play
                </Button>
              ) : null}
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconListDetails size={14} aria-hidden />}
                aria-label={`Timeline of ${file.name}`}
                onClick={() => onTimeline(file)}
              >
                Timeline
              </Button>
              {mayDelete ? (
                <RowDeleteButton
                  aria-label={`Delete ${file.name}`}
                  loading={deleting === file.id}
                  onClick={() => onDelete(file)}
                >
                  Delete
                </RowDeleteButton>
              ) : null}
            </Group>
          </Table.Td>
        </>
      )}
    />
  );
}
