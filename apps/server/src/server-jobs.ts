import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { createJobRunner, type Job } from './lib/jobs.ts';
import { collectGarbage } from './lib/storage/garbage.ts';
import type { Storage } from './lib/storage/index.ts';
import { emptyBinJob } from './modules/bin/index.ts';
import { publishOnScheduleJob } from './modules/schedule/index.ts';
import { createTranscoder, type Transcoder, type VideoServices } from './modules/videos/index.ts';

export interface ServerJobs {
  /** Runs every scheduled job due now (not the videos: `transcoder.runDue`). */
  runDue(): Promise<string[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Processing videos in this process; undefined when TRANSCODE_CONCURRENCY is 0 (workers do it). */
  transcoder?: Transcoder;
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
 * The work the server does by itself: emptying the bin, publishing on schedule, deleting thrown-away objects, and
 * processing videos. Written once for main.ts and the e2e journeys, so the server they drive runs the same jobs as
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
}): ServerJobs {
  const { db, storage, publicUrl, log, now, videos } = options;
  const publishOnSchedule = publishOnScheduleJob({
    storage,
    publicUrl,
    onBuildError: (err, lang) => log.error({ err, lang }, 'automatic catalogue build failed'),
  });
  const runner = createJobRunner(db, [emptyBinJob, publishOnSchedule, collectGarbageJob(storage)], {
    now,
    onError: (job, err) => log.error({ err, job }, 'scheduled job failed'),
  });
  const transcoder =
    videos && videos.concurrency > 0
      ? createTranscoder({ db, storage, ...videos.services, concurrency: videos.concurrency, log, now })
      : undefined;
  if (transcoder && videos) {
    // An upload or a retry in this process is claimed at once, not at the next poll.
    videos.services.queued = () => transcoder.wake();
  }
  return {
    runDue: () => runner.runDue(),
    transcoder,
    async start() {
      await runner.start();
      transcoder?.start();
    },
    async stop() {
      await transcoder?.stop();
      await runner.stop();
    },
  };
}
