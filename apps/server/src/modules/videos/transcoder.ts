import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { VideoSource } from '@kids-vod/contract';
import { and, eq, sql } from 'drizzle-orm';
import { videoFiles } from '../../db/schema.ts';
import { outsideAnyActor } from '../../lib/actor.ts';
import { queueWaitSeconds, transcodeSeconds } from '../../lib/metrics.ts';
import { collectGarbage, throwAway } from '../../lib/storage/garbage.ts';
import { audioTracksOf } from './audio.ts';
import { fillEpisodeDuration } from './data.ts';
import { MediaToolFailed, NotAVideo, OverCeiling, probeMaster, transcodeLadder } from './engine/index.ts';
import { failureSentence, why } from './failure-words.ts';
import { firstPlaybackUrl } from './hls/index.ts';
import { recordJobEvent } from './job-log.ts';
import { catchUpReady, READY_RETRY_MS, tellFailed, tellReady } from './ready.ts';
import { storeLadder } from './store-ladder.ts';
import type { Transcoder, TranscoderOptions } from './transcoder-options.ts';
import { jobFolder, removeDeadJobFolders } from './work-folders.ts';

export type { Transcoder, TranscoderOptions };

/**
 * How the video jobs run (docs/decisions/060-video-jobs.md). A job is its video's row: claimed `for update skip
 * locked`, then held by a lease the worker renews while ffmpeg runs. A worker that dies (`kill -9`, a lost machine)
 * stops renewing; once its lease has run out another worker claims the video, throws away what the dead one had
 * written, and starts again. LEASE_MS + POLL_MS is the longest a dead worker's video waits: well under a minute.
 */
export const LEASE_MS = 30_000;
const RENEW_MS = LEASE_MS / 3;
const POLL_MS = 5_000;
/** Tries before a video is `failed` for good; a person can Retry it then. */
export const MAX_ATTEMPTS = 3;
/** Waits before the second and third tries: a full disk or an unreachable bucket gets time to come back. */
const BACKOFF_MS = [30_000, 120_000];
/** Progress is written at most this often: a row a second per video is plenty for a live bar. */
const PROGRESS_EVERY_MS = 1_000;
/** How often a job looks whether its video was moved to the bin (then it stops: issue 37). */
export const BIN_CHECK_MS = 2_000;

interface Claimed {
  id: number;
  storage_key: string;
  source: VideoSource | null;
  attempts: number;
  attempt_prefix: string;
}

/** What a job lets go of when it ends, whichever way. */
const LET_GO = { progress: 0, lease_owner: null, lease_until: null, attempt_prefix: null };
const LOST_EVERY_TIME =
  'Processing stopped every time it was tried (the worker was lost): try again, or upload a new export of the video';

export function createTranscoder(options: TranscoderOptions): Transcoder {
  const { db, storage, bin, log } = options;
  const clock = options.now ?? (() => new Date());
  const readyContext = { db, storage, log, listeners: options.whenReady ?? [], now: clock };
  const failedContext = { db, log, failedListeners: options.whenFailed ?? [] };
  /** A job event at this moment of the transcoder's clock, kept in the video's timeline (job-log.ts). */
  const record = (
    tx: typeof db,
    event: Parameters<typeof recordJobEvent>[2],
    fields: Parameters<typeof recordJobEvent>[3],
  ) => recordJobEvent(tx, log, event, { ...fields, at: clock().toISOString() });
  const owner = `${options.name ?? hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const working = new Map<number, { abort: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** The lease runs out at this instant when taken or renewed now. */
  const leaseEnd = () => new Date(clock().getTime() + LEASE_MS).toISOString();

  /** The next due video, claimed; `{failed}` when the one found was failed instead (look again), undefined when none. */
  async function claim(): Promise<Claimed | { failed: number } | undefined> {
    const now = clock().toISOString();
    const prefix = `hls/${randomUUID()}`;
    return db.transaction(async (tx) => {
      const found = (
        (await tx.execute(sql`
          select id, attempt_prefix, status, attempts, next_attempt_at from ${videoFiles}
          where deleted_at is null
            and ((status = 'queued' and next_attempt_at <= ${now}::timestamptz)
              or (status = 'processing' and lease_until < ${now}::timestamptz))
          order by next_attempt_at, id limit 1 for update skip locked`)) as unknown as {
          rows: (Pick<Claimed, 'id' | 'attempts'> & {
            attempt_prefix: string | null;
            status: string;
            next_attempt_at: string;
          })[];
        }
      ).rows[0];
      if (!found) return undefined;
      // What a dead worker wrote for this video is garbage now, deleted after this commits.
      if (found.attempt_prefix) await throwAway(tx, [{ key: found.attempt_prefix, folder: true }]);
      if (found.status === 'processing' && found.attempts >= MAX_ATTEMPTS) {
        // Its worker was lost on every try: a master that brings its worker down is not tried for ever.
        await tx
          .update(videoFiles)
          .set({ ...LET_GO, status: 'failed', failure: LOST_EVERY_TIME })
          .where(eq(videoFiles.id, found.id));
        await record(tx as typeof db, 'failed', { video: found.id, attempt: found.attempts, reason: LOST_EVERY_TIME });
        return { failed: found.id };
      }
      // Queued since it became due; a video whose worker was lost waited since its lease ran out (not measured).
      if (found.status === 'queued')
        queueWaitSeconds.observe(Math.max(0, clock().getTime() - new Date(found.next_attempt_at).getTime()) / 1000);
      const [row] = await tx
        .update(videoFiles)
        .set({
          status: 'processing',
          progress: 0,
          failure: null,
          attempts: sql`${videoFiles.attempts} + 1`,
          started_at: now,
          lease_owner: owner,
          lease_until: leaseEnd(),
          attempt_prefix: prefix,
        })
        .where(eq(videoFiles.id, found.id))
        .returning({
          id: videoFiles.id,
          storage_key: videoFiles.storage_key,
          source: videoFiles.source,
          attempts: videoFiles.attempts,
        });
      return { ...row, attempt_prefix: prefix };
    });
  }

  /** An event that changes nothing of the job: a failed write of it is logged, never the job's failure. */
  const keepBestEffort = (event: 'started' | 'ready', job: Claimed) =>
    record(db, event, { video: job.id, attempt: job.attempts, worker: owner }).catch((err) =>
      log.warn({ err, video: job.id }, `the ${event} event of a video was not kept`),
    );

  /** This attempt still holds the video: its worker's lease, and its own prefix (not a later claim of the same). */
  const held = (job: Claimed) =>
    and(
      eq(videoFiles.id, job.id),
      eq(videoFiles.lease_owner, owner),
      eq(videoFiles.attempt_prefix, job.attempt_prefix),
      eq(videoFiles.status, 'processing'),
    );

  /** Changes the video's row while this attempt still holds it; false when the lease was lost. */
  async function whileHeld(job: Claimed, set: Partial<typeof videoFiles.$inferInsert>): Promise<boolean> {
    const rows = await db.update(videoFiles).set(set).where(held(job)).returning({ id: videoFiles.id });
    return rows.length === 1;
  }

  /** A try that did not finish: failed for good, queued again after a wait, or (stopping, binned) queued as it was. */
  async function settleFailure(job: Claimed, err: unknown, lost: boolean, binned: boolean): Promise<string> {
    const event = { video: job.id, attempt: job.attempts, worker: owner };
    // Another worker has it (this one was thought dead): what this one wrote is garbage, the row is not ours.
    if (lost) {
      await record(db, 'lease_lost', event);
      await throwAway(db, [{ key: job.attempt_prefix, folder: true }]);
      return 'lease_lost';
    }
    // Stopping is not the video's failure: it is queued again as it was, due at once for whoever runs next. A video
    // in the bin is not claimed until it is restored.
    const halted = stopped || binned;
    const final = !halted && (err instanceof NotAVideo || err instanceof OverCeiling || job.attempts >= MAX_ATTEMPTS);
    if (!halted) log.warn({ err, video: job.id, attempt: job.attempts, final }, 'processing a video failed');
    const happened = halted ? 'stopped' : final ? 'failed' : 'retried';
    const next = halted
      ? {
          status: 'queued' as const,
          next_attempt_at: clock().toISOString(),
          attempts: sql`${videoFiles.attempts} - 1`,
        }
      : final
        ? { status: 'failed' as const, failure: failureSentence(err) }
        : {
            status: 'queued' as const,
            next_attempt_at: new Date(clock().getTime() + BACKOFF_MS[job.attempts - 1]).toISOString(),
          };
    await db.transaction(async (tx) => {
      const settled = await tx
        .update(videoFiles)
        .set({ ...next, ...LET_GO })
        .where(held(job))
        .returning({ id: videoFiles.id });
      // Only what is still this attempt's: a ready write that committed though its answer was lost stays live.
      if (settled.length === 1) await throwAway(tx, [{ key: job.attempt_prefix, folder: true }]);
      // Kept with the change it tells of (what ffmpeg last wrote, for a failure a person reads).
      await record(tx as typeof db, happened, {
        ...event,
        reason: why(err, binned, stopped),
        lines: err instanceof MediaToolFailed ? err.lines : undefined,
      });
    });
    if (happened === 'failed') await tellFailed(failedContext, job.id);
    return happened;
  }

  async function work(job: Claimed, abort: AbortController): Promise<void> {
    let dir: string | undefined;
    let lastWrite = 0;
    let lost = false;
    let binned = false;
    const began = performance.now();
    let result = 'ready';
    await keepBestEffort('started', job);
    const inBin = async () => {
      const [row] = await db.select({ at: videoFiles.deleted_at }).from(videoFiles).where(eq(videoFiles.id, job.id));
      binned = binned || Boolean(row?.at);
      return binned;
    };
    // A video moved to the bin stops its job within seconds (ffmpeg is killed); restored, it is claimed again.
    const binCheck = setInterval(() => {
      inBin()
        .then((yes) => yes && abort.abort())
        .catch(() => undefined);
    }, BIN_CHECK_MS);
    binCheck.unref();
    const renew = setInterval(() => {
      whileHeld(job, { lease_until: leaseEnd() })
        .then((held) => {
          if (!held) {
            lost = true;
            abort.abort();
          }
        })
        .catch((err) => log.warn({ err, video: job.id }, 'could not renew the lease of a video'));
    }, RENEW_MS);
    renew.unref();
    try {
      await mkdir(options.workDir, { recursive: true });
      dir = await jobFolder(options.workDir, job.id);
      const master = await storage.localPath(job.storage_key, dir);
      const source = job.source ?? (await probeMaster(bin, master));
      const outDir = path.join(dir, 'out');
      await mkdir(outDir);
      const audio = await audioTracksOf(db, source);
      const ladder = await transcodeLadder(bin, {
        input: master,
        source,
        outDir,
        audioLabels: audio.labels,
        steps: options.ladder,
        limits: options.limits,
        signal: abort.signal,
        onProgress: (percent) => {
          const at = Date.now();
          if (at - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = at;
          whileHeld(job, { progress: Math.min(99, percent), lease_until: leaseEnd() }).catch(() => undefined);
        },
      });
      const posterKey = await storeLadder(storage, outDir, ladder, job.attempt_prefix, abort.signal);
      if (await inBin()) throw new Error('The video was moved to the bin');
      const ready = await whileHeld(job, {
        status: 'ready',
        progress: 100,
        failure: null,
        source,
        duration_sec: Math.round(source.duration_sec),
        renditions: ladder.renditions.map(({ width, height, bandwidth, playlist }) => ({
          width,
          height,
          bandwidth,
          playlist,
        })),
        audio_tracks: audio.tracks,
        output_prefix: job.attempt_prefix,
        attempt_prefix: null,
        poster_key: posterKey,
        ...firstPlaybackUrl(storage, job.attempt_prefix, ladder.master),
        first_pts_90k: ladder.first_pts_90k,
        // Cleared once every listener of a ready video succeeded; else told again at a poll after this (ready.ts).
        master_due_at: new Date(clock().getTime() + READY_RETRY_MS).toISOString(),
        thumbnail_url: storage.publicUrl(posterKey),
        lease_owner: null,
        lease_until: null,
      });
      if (!ready) {
        // Claimed by another worker meanwhile (this one was thought dead), or deleted: what it wrote is garbage.
        await throwAway(db, [{ key: job.attempt_prefix, folder: true }]);
      } else {
        await keepBestEffort('ready', job);
        // Best effort: the video is ready whatever happens to its episode's duration.
        await fillEpisodeDuration(db, job.id).catch((err) =>
          log.warn({ err, video: job.id }, 'episode duration not filled'),
        );
        // The episode's subtitles join the master the ladder was written with (a text rewrite, decision 067).
        await tellReady(readyContext, job.id);
      }
    } catch (err) {
      result = await settleFailure(job, err, lost, binned);
    } finally {
      transcodeSeconds.observe({ result }, (performance.now() - began) / 1000);
      clearInterval(renew);
      clearInterval(binCheck);
      if (dir) await rm(dir, { recursive: true, force: true });
      collectGarbage(db, storage).catch((err) => log.warn({ err }, 'could not delete thrown-away objects'));
    }
  }

  async function runDue(): Promise<number> {
    let started = 0;
    // Ready videos whose listeners failed are told again first: it is quick, and their masters are behind.
    if (!stopped)
      await catchUpReady(readyContext).catch((err) => log.warn({ err }, 'could not tell ready videos again'));
    while (!stopped && working.size < options.concurrency) {
      const job = await claim();
      if (job && 'failed' in job) {
        await tellFailed(failedContext, job.failed);
        continue;
      }
      if (!job) break;
      started += 1;
      const abort = new AbortController();
      const done = work(job, abort)
        .catch((err) => log.error({ err, video: job.id }, 'a video job could not be closed'))
        .finally(() => {
          working.delete(job.id);
          if (!stopped) wake();
        });
      working.set(job.id, { abort, done });
    }
    return started;
  }

  let looking: Promise<unknown> = Promise.resolve();
  function wake() {
    if (stopped) return;
    // Outside the request that woke it: what the jobs change is the machine's, not the uploader's (the history).
    outsideAnyActor(() => {
      looking = looking.then(runDue).catch((err) => log.error({ err }, 'looking for video jobs failed'));
    });
  }

  return {
    wake,
    async runDue() {
      const started = await runDue();
      await Promise.all([...working.values()].map((w) => w.done));
      return started;
    },
    start() {
      stopped = false;
      // What jobs of a dead process left in the work folder (kill -9: their ffmpeg died with it).
      removeDeadJobFolders(options.workDir)
        .then((removed) => removed > 0 && log.info({ removed }, 'work folders of dead video jobs removed'))
        .catch((err) => log.warn({ err }, 'could not remove work folders of dead video jobs'));
      wake();
      timer = setInterval(wake, options.pollMs ?? POLL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await looking;
      for (const w of working.values()) w.abort.abort();
      await Promise.all([...working.values()].map((w) => w.done));
    },
  };
}
