import type { VideoFile, VideoStatus } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/client';
import { Select, Stack } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useMoveToBin } from '../../shared/bin/index.ts';
import {
  ClearSearch,
  LazyListPages,
  ListHeader,
  ListState,
  pageParam,
  SearchField,
  useServerPages,
  useUrlSearch,
  useUrlState,
} from '../../shared/lists/index.ts';
import { useIdle } from '../../shared/screen/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { PlayerModal, TimelineModal, UploadVideo, VIDEO_STATUS_WORDS } from '../../shared/videos/index.ts';
import { useVideos, VIDEOS_PAGE_SIZE } from './api.ts';
import { VideosTable } from './videos-table.tsx';

/** `video`: the file whose timeline is open (a notification's link names it). */
const URL_DEFAULTS = { status: '', q: '', page: '1', video: '' };

const STATUSES = Object.keys(VIDEO_STATUS_WORDS) as VideoStatus[];
const STATUS_CHOICES = [
  { value: '', label: 'All statuses' },
  ...STATUSES.map((s) => ({ value: s, label: VIDEO_STATUS_WORDS[s] })),
];

/** "3 video files", "1 match" while searching or filtering. */
function countLabel(count: number, narrowed: boolean): string {
  const [one, many] = narrowed ? ['match', 'matches'] : ['video file', 'video files'];
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Every uploaded video file (api.md, third wave): its poster, what the master is, its status as it is processed
 * (live), where it is attached, and Play, Retry and Delete; Upload video adds one. Filtered by status, searched by
 * name, paged on the server.
 */
export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const status = STATUSES.includes(url.status as VideoStatus) ? (url.status as VideoStatus) : undefined;
  const asked = pageParam(url.page);
  const [search, setSearch] = useUrlSearch(url.q, (q) => setUrl({ q, page: '1' }));
  const list = useVideos({ status, search: url.q, page: asked });
  const { page, pages, showPage } = useServerPages(list, asked, VIDEOS_PAGE_SIZE, setUrl);
  const rows = list.data?.rows ?? [];
  const count = list.data?.count ?? 0;
  const narrowed = url.q !== '' || status !== undefined;

  const mayDelete = useMay(CALL_PERMISSIONS.content.fileDelete);
  // A video upload needs the catalogue permission, as a retry does (call-permissions.ts).
  const mayUpload = useMay(CALL_PERMISSIONS.content.fileRetry);
  const { remove } = useMoveToBin();
  const [deleting, setDeleting] = useState<number | null>(null);
  async function deleteFile(file: VideoFile) {
    setDeleting(file.id);
    try {
      await remove(
        {
          entity: 'video_files',
          id: file.id,
          name: file.name,
          consequence: 'Its renditions and poster go with it.',
        },
        {},
      );
    } finally {
      setDeleting(null);
    }
  }

  // The file playing, as the list has it now (its poster changes with "Use this frame").
  const [playingId, setPlayingId] = useState<number | null>(null);
  const [playedFile, setPlayedFile] = useState<VideoFile | null>(null);
  const playing = rows.find((f) => f.id === playingId) ?? (playedFile?.id === playingId ? playedFile : null);
  // The player's code (not hls.js) arrives once the screen is idle, so Play opens it at once.
  const idle = useIdle();

  // The timeline open, by the address: a notification's link opens it, Back closes it.
  const timelineId = /^\d+$/.test(url.video) ? Number(url.video) : null;
  const timelineFile =
    timelineId === null
      ? null
      : (rows.find((f) => f.id === timelineId) ?? { id: timelineId, name: `video #${timelineId}` });

  const clear = () => {
    setSearch('');
    setUrl({ q: '', status: '', page: '1' });
  };

  return (
    <Stack gap="md">
      <ListHeader
        count={list.data ? countLabel(count, narrowed) : null}
        // The new file joins the list (newest first) and is followed as it is processed; attached in a content item.
        action={mayUpload ? <UploadVideo label="Upload video" /> : null}
      >
        <SearchField label="Search video files" placeholder="Search by file name" value={search} onChange={setSearch} />
        <Select
          label="Status"
          data={STATUS_CHOICES}
          value={status ?? ''}
          allowDeselect={false}
          w={180}
          onChange={(v) => setUrl({ status: v ?? '', page: '1' })}
        />
      </ListHeader>

      <ListState
        query={list}
        isEmpty={count === 0}
        emptyText={
          narrowed
            ? 'No video file matches.'
            : 'No video files yet: upload one here, or in a content item on its language version.'
        }
        createAction={narrowed ? <ClearSearch onClear={clear}>Show every file</ClearSearch> : undefined}
      >
        <VideosTable
          rows={rows}
          loading={list.isPending}
          mayDelete={mayDelete}
          deleting={deleting}
          onPlay={(file) => {
            setPlayedFile(file);
            setPlayingId(file.id);
          }}
          onTimeline={(file) => setUrl({ video: String(file.id) })}
          onDelete={(file) => void deleteFile(file)}
        />
        {pages > 1 ? (
          <Suspense fallback={null}>
            <LazyListPages total={pages} value={page} onChange={showPage} />
          </Suspense>
        ) : null}
      </ListState>

      <Suspense fallback={null}>
        {idle || playing ? <PlayerModal file={playing} onClose={() => setPlayingId(null)} /> : null}
        {idle || timelineFile ? <TimelineModal file={timelineFile} onClose={() => setUrl({ video: '' })} /> : null}
      </Suspense>
    </Stack>
  );
}
