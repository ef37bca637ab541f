/**
 * The hook "a video became ready" (issue 36): other modules register what they add to a ready video (subtitles add
 * themselves to its HLS master), and videos calls them without importing them, so no module calls back into the
 * other. The listeners are given at the composition root (video-services.ts, for the server and `npm run worker`).
 *
 * A listener that fails is not only logged: the video's `master_due_at` stays set, and every transcoder's poll tells
 * the listeners again once it is due, until all succeed. So the catalogue, which lists the episode's subtitles, and
 * the master it names come to agree even when a storage write failed at the moment the video became ready.
 */
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { videoFiles } from '../../db/schema.ts';
import type { Storage } from '../../lib/storage/index.ts';

/** What another module does when a video becomes ready; it must be idempotent (it may be told again). */
export type VideoReadyListener = (db: Db, storage: Storage, videoId: number) => Promise<void>;

/**
 * What another module does when a video failed for good (notifications, webhooks: decision 078). Told once, after the
 * failure committed; a listener that throws is logged, and the others are still told.
 */
export type VideoFailedListener = (db: Db, videoId: number) => Promise<void>;

/** Tells every listener of a failed video; never throws (the job that failed is closed either way). */
export async function tellFailed(
  context: Pick<ReadyContext, 'db' | 'log'> & { failedListeners: readonly VideoFailedListener[] },
  videoId: number,
): Promise<void> {
  for (const listener of context.failedListeners) {
    await listener(context.db, videoId).catch((err) =>
      context.log.warn({ err, video: videoId }, 'a listener of a failed video failed'),
    );
  }
}

/** How long after a failed listener it is tried again (and how long a poll that took it holds it). */
export const READY_RETRY_MS = 30_000;
/** Videos told again at one poll, at most. */
const CATCH_UP_BATCH = 10;

interface ReadyContext {
  db: Db;
  storage: Storage;
  listeners: readonly VideoReadyListener[];
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Tells every listener that the video is ready; clears its `master_due_at` when all succeeded. */
export async function tellReady(context: ReadyContext, videoId: number): Promise<boolean> {
  const { db, storage, listeners, log } = context;
  let failed = false;
  for (const listener of listeners) {
    await listener(db, storage, videoId).catch((err) => {
      failed = true;
      log.warn({ err, video: videoId }, 'a ready video was not completed: tried again at a later poll');
    });
  }
  if (!failed) await db.update(videoFiles).set({ master_due_at: null }).where(eq(videoFiles.id, videoId));
  return !failed;
}

/**
 * The ready videos whose listeners did not all succeed, due now: each taken (its `master_due_at` pushed on, so that
 * another process's poll skips it meanwhile) and told again. Answers how many were told.
 */
export async function catchUpReady(context: ReadyContext): Promise<number> {
  const { db } = context;
  const now = context.now();
  const later = new Date(now.getTime() + READY_RETRY_MS).toISOString();
  const taken = await db.transaction(async (tx) => {
    const due = (await tx.execute(sql`
      select id from ${videoFiles}
      where master_due_at <= ${now.toISOString()}::timestamptz and status = 'ready' and deleted_at is null
      order by master_due_at limit ${CATCH_UP_BATCH} for update skip locked`)) as unknown as { rows: { id: number }[] };
    const ids = due.rows.map((r) => r.id);
    if (ids.length === 0) return [];
    await tx
      .update(videoFiles)
      .set({ master_due_at: later })
      .where(
        and(
          inArray(videoFiles.id, ids),
          isNotNull(videoFiles.master_due_at),
          lte(videoFiles.master_due_at, now.toISOString()),
        ),
      );
    return ids;
  });
  for (const id of taken) await tellReady(context, id);
  return taken.length;
}
