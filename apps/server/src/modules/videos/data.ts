import { randomUUID } from 'node:crypto';
import type { VideoFile, VideoFileDetail, VideoFilePage, VideoSource, VideoStatus } from '@kids-vod/contract';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brands, content, contentLangs, languages, videoFiles } from '../../db/schema.ts';
import { currentActor } from '../../lib/actor.ts';
import { conflict, itemNotFound, notFound } from '../../lib/errors.ts';
import { likeAnywhere } from '../../lib/like.ts';
import { moveToBin } from '../bin/index.ts';
import { keepJobEvent, timelineOf } from './job-log.ts';
import { toVideoFile, videoFileColumns } from './view.ts';

const selectFiles = (db: Executor) =>
  db
    .select({ ...videoFileColumns, content_id: contentLangs.content_id })
    .from(videoFiles)
    .leftJoin(contentLangs, eq(contentLangs.id, videoFiles.content_lang_id));

/** Every video file not in the bin, newest first; a page when `limit` is given. */
export async function listVideoFiles(
  db: Executor,
  query: { status?: VideoStatus; search?: string; offset?: number; limit?: number } = {},
): Promise<VideoFile[] | VideoFilePage> {
  const conditions: SQL[] = [sql`${videoFiles.deleted_at} is null`];
  if (query.status) conditions.push(eq(videoFiles.status, query.status));
  if (query.search) conditions.push(ilike(videoFiles.name, likeAnywhere(query.search)));
  const where = and(...conditions);
  const rows = selectFiles(db).where(where).orderBy(desc(videoFiles.created_at), desc(videoFiles.id));
  if (query.limit === undefined) return (await rows).map((row) => toVideoFile(row));
  const [page, [total]] = await Promise.all([
    rows.limit(query.limit).offset(query.offset ?? 0),
    db.select({ n: count() }).from(videoFiles).where(where),
  ]);
  return { rows: page.map((row) => toVideoFile(row)), count: total.n };
}

export async function getVideoFile(db: Executor, id: number): Promise<VideoFile> {
  const [row] = await selectFiles(db).where(and(eq(videoFiles.id, id), sql`${videoFiles.deleted_at} is null`));
  if (!row) throw itemNotFound('Video file', id);
  return toVideoFile(row);
}

/** One video with its job's timeline, and ffmpeg's last lines while it is failed (`files/get`). */
export async function getVideoFileDetail(db: Executor, id: number): Promise<VideoFileDetail> {
  const file = await getVideoFile(db, id);
  const { events, log } = await timelineOf(db, id);
  return { ...file, events, ...(file.status === 'failed' && log ? { log } : {}) };
}

/**
 * A new video file, queued for processing (its id): its master stored under `storage_key`, what the probe read of
 * it. The one place a video's row is made (uploads ask here). In a transaction of its own, though it is one statement: that is
 * where the audit log learns who uploaded.
 */
export async function addVideoFile(
  db: Executor,
  file: { name: string; storage_key: string; size_bytes: number; source: VideoSource },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(videoFiles)
      .values({
        ...file,
        ext_id: `vf_${randomUUID().replaceAll('-', '')}`,
        duration_sec: Math.round(file.source.duration_sec),
        status: 'queued',
        // Told when it is ready or failed (notifications); the history says who uploaded it too.
        uploaded_by: currentActor()?.user_id ?? null,
      })
      .returning({ id: videoFiles.id });
    await keepJobEvent(tx, 'queued', { video: row.id, reason: 'uploaded' });
    return row.id;
  });
}

/**
 * The video `extId` attached to the language version `versionId` (locked by the caller first, always before the
 * files, so that attaches to one version run one after the other), in place of the one it had. Answers false when
 * it was attached there already; refused when it is attached to another version.
 */
export async function attachVideoFile(db: Executor, extId: string, versionId: number): Promise<boolean> {
  const [file] = await db
    .select({ id: videoFiles.id, content_lang_id: videoFiles.content_lang_id })
    .from(videoFiles)
    .where(eq(videoFiles.ext_id, extId))
    .for('update');
  if (!file) throw notFound('Video file');
  if (file.content_lang_id === versionId) return false;
  if (file.content_lang_id !== null) {
    throw conflict('This video is attached to another language version. Detach it first.');
  }
  await detachVideoFile(db, versionId);
  await db.update(videoFiles).set({ content_lang_id: versionId }).where(eq(videoFiles.id, file.id));
  await fillEpisodeDuration(db, file.id);
  return true;
}

/** The language version's video, if any, detached from it (kept in the videos list, unattached). */
export async function detachVideoFile(db: Executor, versionId: number): Promise<void> {
  await db.update(videoFiles).set({ content_lang_id: null }).where(eq(videoFiles.content_lang_id, versionId));
}

export const RETRIED_BY_A_PERSON = 'retried by a person';

/** A failed video goes back in the queue, due now, with its attempts counted afresh. */
export async function retryVideoFile(db: Executor, id: number): Promise<VideoFile> {
  const file = await getVideoFile(db, id);
  if (file.status !== 'failed') throw conflict(`Only a failed video is retried; this one is ${file.status}`);
  await db
    .update(videoFiles)
    .set({ status: 'queued', failure: null, progress: 0, attempts: 0, next_attempt_at: sql`now()` })
    .where(and(eq(videoFiles.id, id), eq(videoFiles.status, 'failed')));
  await keepJobEvent(db, 'queued', { video: id, reason: RETRIED_BY_A_PERSON });
  return getVideoFile(db, id);
}

/** To the bin, once detached: an attached file is refused with where it is attached, so it can be found. */
export async function deleteVideoFile(db: Executor, id: number): Promise<void> {
  const [row] = await db
    .select({
      brand: brands.name,
      season: content.season,
      number: content.sort_number,
      lang: languages.name,
      title: contentLangs.title,
    })
    .from(videoFiles)
    .innerJoin(contentLangs, eq(contentLangs.id, videoFiles.content_lang_id))
    .innerJoin(content, eq(content.id, contentLangs.content_id))
    .innerJoin(brands, eq(brands.id, content.brand_id))
    .innerJoin(languages, eq(languages.id, contentLangs.lang_id))
    .where(and(eq(videoFiles.id, id), sql`${videoFiles.deleted_at} is null`));
  if (row) {
    const title = row.title ? ` “${row.title}”` : '';
    throw conflict(
      `The video is attached to ${row.brand} S${row.season}E${row.number}${title} (${row.lang}): detach it first`,
    );
  }
  await moveToBin(db, 'video_files', id);
}

/**
 * An episode whose duration is unknown (0) takes its video's (issue 30: the duration comes from the video, no one
 * types it): when a video is attached to one of its language versions, and when such a video becomes ready (its
 * duration measured then, where the upload's probe gave none). A duration someone typed is kept; the console shows
 * when a video disagrees with it. `updated_at` is left as it is: filling an empty field must not make a form open
 * on the episode stale.
 */
export async function fillEpisodeDuration(db: Executor, videoFileId: number): Promise<void> {
  await db
    .update(content)
    .set({ duration_sec: sql`${videoFiles.duration_sec}` })
    .from(videoFiles)
    .innerJoin(contentLangs, eq(contentLangs.id, videoFiles.content_lang_id))
    .where(
      and(
        eq(videoFiles.id, videoFileId),
        eq(content.id, contentLangs.content_id),
        eq(content.duration_sec, 0),
        sql`${videoFiles.duration_sec} > 0`,
      ),
    );
}
