import type { VideoFile } from '@kids-vod/contract';
import { videoFiles } from '../../db/schema.ts';

/** The columns a video file is answered from; `content_id` comes from the language version it is attached to. */
export const videoFileColumns = {
  id: videoFiles.id,
  ext_id: videoFiles.ext_id,
  name: videoFiles.name,
  size_bytes: videoFiles.size_bytes,
  duration_sec: videoFiles.duration_sec,
  status: videoFiles.status,
  progress: videoFiles.progress,
  failure: videoFiles.failure,
  source: videoFiles.source,
  renditions: videoFiles.renditions,
  audio_tracks: videoFiles.audio_tracks,
  playback_url: videoFiles.playback_url,
  thumbnail_url: videoFiles.thumbnail_url,
  created_at: videoFiles.created_at,
  content_lang_id: videoFiles.content_lang_id,
  started_at: videoFiles.started_at,
};

export type VideoFileRow = {
  [K in keyof typeof videoFileColumns]: (typeof videoFileColumns)[K]['_']['data'] | null;
} & {
  content_id: number | null;
};

/** Below this much done, a time left is a guess from too little (ffmpeg's first seconds include its start-up). */
const ETA_FROM_PERCENT = 3;

/**
 * A row as the contract answers it. The time left is told from the pace so far: the ladder is encoded in one pass at a
 * steady rate, so elapsed × remaining / done is a fair estimate once a few percent are done.
 */
export function toVideoFile(row: VideoFileRow, now = Date.now()): VideoFile {
  const { started_at, audio_tracks, ...file } = row as VideoFileRow & Omit<VideoFile, 'eta_sec'>;
  let eta: number | null = null;
  if (file.status === 'processing' && started_at && file.progress >= ETA_FROM_PERCENT) {
    const elapsed = Math.max(0, now - new Date(started_at).getTime()) / 1000;
    eta = Math.round((elapsed * (100 - file.progress)) / file.progress);
  }
  // Where a track's playlist is stored is the server's business; the HLS master names it to players.
  const tracks = (audio_tracks ?? []).map(({ index, lang_id, tag, problem }) => ({ index, lang_id, tag, problem }));
  return { ...file, audio_tracks: tracks, eta_sec: eta };
}
