import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { createJobRunner, type Job } from './lib/jobs.ts';
import { collectGarbage } from './lib/storage/garbage.ts';
import type { Storage } from './lib/storage/index.ts';
import { emptyBinJob } from './modules/bin/index.ts';
import type { CatalogueListeners } from './modules/catalog/index.ts';
import { publishOnScheduleJob } from './modules/schedule/index.ts';
import { cleanUpExpiredUploads } from './modules/uploads/tus.ts';
import { createTranscoder, type Transcoder, type VideoServices } from './modules/videos/index.ts';
import { createWebhookSender, type WebhookSender } from './modules/webhooks/index.ts';

export interface ServerJobs {
  /** Runs every scheduled job due now (not the videos: `transcoder.runDue`). */
  runDue(): Promise<string[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Processing videos in this process; undefined when TRANSCODE_CONCURRENCY is 0 (workers do it). */
  transcoder?: Transcoder;
  /** Sends the webhooks' deliveries as they fall due (decision 079); undefined without `webhooks`. */
  webhooks?: WebhookSender;
}

/** Objects thrown away (a purged video, an attempt that did not finish) and not yet deleted: looked for each minute. */
const collectGarbageJob = (storage: Storage): Job => ({
  name: 'collect-storage-garbage',
  everyMs: 60_000,
  run: async () => {},
  afterRun: async (db) => {
    await collectGarbage(db, storage);
  },
});

/**
 * Resumable uploads with no progress for a day (decision 063), looked for each hour. Files of this instance's work
 * folder, so every instance runs it for its own (afterRun runs on the instance that took the job; an instance whose
 * turn it is not finds its leftovers the next time it takes it).
 */
const cleanUpUploadsJob = (workDir: string, log: FastifyBaseLogger): Job => ({
  name: 'clean-up-expired-uploads',
  everyMs: 60 * 60_000,
  run: async () => {},
  afterRun: async (_db, now) => {
    const removed = await cleanUpExpiredUploads(workDir, now);
    if (removed > 0) log.info({ removed }, 'resumable uploads without progress for a day removed');
  },
});

/**
 * The work the server does by itself: emptying the bin, publishing on schedule, deleting thrown-away objects,
 * removing resumable uploads left without progress, processing videos, and sending webhooks. Written once for main.ts and the e2e journeys, so the server they drive runs the same jobs as
 * the real one. Publishing on schedule runs every 15 s, so the runner looks for due jobs every 5 s
 * (docs/decisions/031-scheduler.md); videos are claimed as they are queued and every few seconds (decision 060).
 */
export function createServerJobs(options: {
  db: Db;
  storage: Storage;
  publicUrl?: string;
  log: FastifyBaseLogger;
  /** The clock the jobs run by: the real one, or one a test controls. */
  now?: () => Date;
  /** The app's video services, and how many videos to process at once here (0: none, workers do). */
  videos?: { services: VideoServices; concurrency: number };
  /** Who is told of the schedule's builds (the app's `catalogueListeners`). */
  catalogue?: CatalogueListeners;
  /** Sends webhook deliveries here: whether private addresses are allowed, and a receiver's time to answer. */
  webhooks?: { allowPrivate: boolean; timeoutMs: number };
}): ServerJobs {
  const { db, storage, publicUrl, log, now, videos } = options;
  const publishOnSchedule = publishOnScheduleJob({
    storage,
    publicUrl,
    listeners: options.catalogue,
    onBuildError: (err, lang) => log.error({ err, lang }, 'automatic catalogue build failed'),
  });
  const jobs = [emptyBinJob, publishOnSchedule, collectGarbageJob(storage)];
  if (videos) jobs.push(cleanUpUploadsJob(videos.services.workDir, log));
  const runner = createJobRunner(db, jobs, {
    now,
    onError: (job, err) => log.error({ err, job }, 'scheduled job failed'),
  });
  const transcoder =
    videos && videos.concurrency > 0
      ? createTranscoder({ db, storage, ...videos.services, concurrency: videos.concurrency, log, now })
      : undefined;
  const webhooks = options.webhooks && createWebhookSender({ db, log, now, ...options.webhooks });
  if (transcoder && videos) {
    // An upload or a retry in this process is claimed at once, not at the next poll.
    videos.services.queued = () => transcoder.wake();
  }
  return {
    runDue: () => runner.runDue(),
    transcoder,
    webhooks,
    async start() {
      await runner.start();
      transcoder?.start();
      webhooks?.start();
    },
    async stop() {
      await webhooks?.stop();
      await transcoder?.stop();
      await runner.stop();
    },
  };
}
