import { api, type VideoStatus } from '@kids-vod/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { videoFiles } from '../db/schema.ts';
import type { TestApp } from './harness.ts';

let serial = 0;

/**
 * A video file as processing leaves it, `ready` with its HLS master: uploads and processing are another module's,
 * so the row is inserted directly. `fields` may say otherwise (`status: 'queued'`, …).
 */
export async function newVideoFile(t: TestApp, fields: Partial<typeof videoFiles.$inferInsert> = {}) {
  serial += 1;
  const [file] = await t.database.db
    .insert(videoFiles)
    .values({
      ext_id: `test-vid-${serial}`,
      name: `clip-${serial}.mp4`,
      storage_key: `videos/test-${serial}.mp4`,
      size_bytes: 1000,
      duration_sec: 60,
      status: 'ready',
      progress: 100,
      playback_url: `https://cdn.example.com/test/${serial}/master.m3u8`,
      ...fields,
    })
    .returning();
  return file;
}

/** A new (ready) video file, attached through the API to the language version `langId` of content `contentId`. */
export async function attachNewVideo(
  t: TestApp,
  contentId: number,
  langId: number,
  fields: Partial<typeof videoFiles.$inferInsert> = {},
) {
  const file = await newVideoFile(t, fields);
  await t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: contentId, lang_id: langId });
  return file;
}

/** A moment no test reaches. */
const FAR_AWAY = '2100-01-01T00:00:00.000Z';

type VideoState = { status: VideoStatus } & Omit<PgUpdateSetSource<typeof videoFiles>, 'id' | 'status'>;

/**
 * Sets where a video stands as the job runner would leave it, directly in the database: `queued` or `processing`
 * without a playback URL, `failed` with a sentence, `ready` (markVideoReady) with its HLS master and poster. For tests
 * that need a video in a state without running ffmpeg.
 */
export async function setVideoState(t: TestApp, id: number, { status, ...fields }: VideoState) {
  const done = status === 'ready';
  const [file] = await t.database.db
    .update(videoFiles)
    .set({
      status,
      progress: done ? 100 : status === 'processing' ? 40 : 0,
      failure: status === 'failed' ? 'The video could not be read: its file is damaged.' : null,
      // Only a ready video has a ladder to play (api.md, "Video processing").
      ...(done ? {} : { playback_url: null }),
      // A job runner of the app under test leaves the row as it is: not due yet, or held by a lease of another.
      ...(status === 'queued' ? { next_attempt_at: FAR_AWAY } : {}),
      ...(status === 'processing'
        ? { lease_owner: 'another worker', lease_until: FAR_AWAY }
        : { lease_owner: null, lease_until: null }),
      ...fields,
    })
    .where(eq(videoFiles.id, id))
    .returning();
  if (!file) throw new Error(`No video file ${id}`);
  return file;
}

/**
 * A video (uploaded, so `queued`) made `ready` as processing would: its HLS master (the one it has, else one named by
 * its id) and, when given, its poster and duration. Upload tests whose video must play in the catalogue call it after
 * the upload, in an app that does not process videos itself (`TRANSCODE_CONCURRENCY: '0'`), so no job races it.
 */
export function markVideoReady(
  t: TestApp,
  id: number,
  fields: Partial<Pick<typeof videoFiles.$inferInsert, 'playback_url' | 'thumbnail_url' | 'duration_sec'>> = {},
) {
  return setVideoState(t, id, {
    status: 'ready',
    playback_url:
      fields.playback_url ?? sql`coalesce(${videoFiles.playback_url}, ${`/media/videos/${id}/hls/master.m3u8`})`,
    ...(fields.thumbnail_url === undefined ? {} : { thumbnail_url: fields.thumbnail_url }),
    ...(fields.duration_sec === undefined ? {} : { duration_sec: fields.duration_sec }),
  });
}
