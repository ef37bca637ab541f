import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { createJobRunner, type JobRunner } from './lib/jobs.ts';
import type { Storage } from './lib/storage/index.ts';
import { emptyBinJob } from './modules/bin/index.ts';
import { publishOnScheduleJob } from './modules/schedule/index.ts';

/**
 * The work the server does by itself: emptying the bin and publishing on schedule. Written once for main.ts and the
 * e2e journeys, so the server they drive runs the same jobs as the real one. Publishing on schedule runs every 15 s,
 * so the runner looks for due jobs every 5 s (docs/decisions/031-scheduler.md).
 */
export function createServerJobs(options: {
  db: Db;
  storage: Storage;
  publicUrl?: string;
  log: FastifyBaseLogger;
  /** The clock the jobs run by: the real one, or one a test controls. */
  now?: () => Date;
}): JobRunner {
  const { db, storage, publicUrl, log, now } = options;
  const publishOnSchedule = publishOnScheduleJob({
    storage,
    publicUrl,
    onBuildError: (err, lang) => log.error({ err, lang }, 'automatic catalogue build failed'),
  });
  return createJobRunner(db, [emptyBinJob, publishOnSchedule], {
    now,
    onError: (job, err) => log.error({ err, job }, 'scheduled job failed'),
  });
}
