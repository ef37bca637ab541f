import type { VideoEvent, VideoEventName } from '@kids-vod/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { videoEvents } from '../../db/schema.ts';
import { videoJobEvents } from '../../lib/metrics.ts';

/** What happens to a video's job (api.md, "Operations": the events of a `VideoFile`). */
export type JobEvent = VideoEventName;

export interface JobEventFields {
  video: number;
  attempt?: number;
  worker?: string;
  /** The person's sentence for a failure or a retry, or why a job stopped (the server stopping, the bin). */
  reason?: string;
  /** On `failed`: the last lines ffmpeg wrote (kept with the event, the server's paths taken out). */
  lines?: readonly string[];
  /** When it happened, by the transcoder's clock (a test's); the database's now otherwise. */
  at?: string;
}

/**
 * One structured log line per job event, with the video, the attempt and the worker, so that an operator follows a
 * video through the server's and the workers' logs (`grep '"video":42'`); counted for /metrics.
 */
export function logJobEvent(log: Pick<FastifyBaseLogger, 'info' | 'warn'>, event: JobEvent, fields: JobEventFields) {
  const { lines: _lines, at: _at, ...rest } = fields;
  const line = { job_event: event, ...rest };
  if (event === 'failed' || event === 'lease_lost') log.warn(line, `video job ${event}`);
  else log.info(line, `video job ${event}`);
  videoJobEvents.inc({ event });
}

/** Lines ffmpeg's failure keeps: its last ones, as many as a person reads at a glance. */
const LOG_LINES = 20;
/**
 * An absolute path's folders (`/srv/data/work/job-12/`, `C:\data\`), taken out of ffmpeg's lines: the file's own name
 * says which input or output it was; where the server keeps it is the server's business.
 */
const FOLDERS = /(?:file:)?(?:[A-Za-z]:)?[\\/](?:[^\s'"\\/:,]+[\\/])+/g;

/** ffmpeg's last lines as a person may read them: the server's folders taken out, the last LOG_LINES. */
export function withoutServerPaths(lines: readonly string[]): string[] {
  return lines.slice(-LOG_LINES).map((line) => line.replace(FOLDERS, ''));
}

/**
 * Keeps a job event in the video's timeline (decision 078). Inside the caller's transaction when given one, so an
 * event is kept exactly when what it says was committed; its log line is the caller's once that committed.
 */
export async function keepJobEvent(db: Executor, event: JobEvent, fields: JobEventFields): Promise<void> {
  await db.insert(videoEvents).values({
    video_id: fields.video,
    ...(fields.at ? { at: fields.at } : {}),
    event,
    worker: fields.worker ?? null,
    detail: fields.reason ?? null,
    log: event === 'failed' && fields.lines?.length ? withoutServerPaths(fields.lines) : null,
  });
}

/** A job event kept in the video's timeline, with its log line and its count. */
export async function recordJobEvent(
  db: Executor,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  event: JobEvent,
  fields: JobEventFields,
): Promise<void> {
  await keepJobEvent(db, event, fields);
  logJobEvent(log, event, fields);
}

/** A video's timeline, oldest first, and ffmpeg's last lines of its latest failure. */
export async function timelineOf(
  db: Executor,
  videoId: number,
): Promise<{ events: VideoEvent[]; log: string[] | null }> {
  const rows = await db
    .select({
      at: videoEvents.at,
      event: videoEvents.event,
      worker: videoEvents.worker,
      detail: videoEvents.detail,
      log: videoEvents.log,
    })
    .from(videoEvents)
    .where(eq(videoEvents.video_id, videoId))
    .orderBy(asc(videoEvents.id));
  const lastFailure = rows.findLast((r) => r.event === 'failed');
  return { events: rows.map(({ log: _log, ...event }) => event), log: lastFailure?.log ?? null };
}
