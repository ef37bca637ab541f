import type { Job } from '../../lib/jobs.ts';
import { scheduledPublishes } from '../../lib/metrics.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { type CatalogueListeners, publishCatalogue } from '../catalog/index.ts';
import { buildDone, buildFailed, claimBuild, recordEdgesPassed } from './data.ts';

/**
 * How often the schedule looks for edges passed: the runner looks for due jobs every third of this (5 s), so an edge
 * is recorded at most 20 s after it and built at once; a catalogue build takes up to 3 s (bench/README.md), which
 * keeps "published within 60 s of the edge" with room for a slow build (docs/decisions/031-scheduler.md).
 */
export const SCHEDULE_EVERY_MS = 15_000;

export interface ScheduleJobOptions {
  storage: Storage;
  publicUrl?: string;
  /** Told of every failed try, with the whole error (the build's row keeps only words). */
  onBuildError?: (err: unknown, lang: string) => void;
  /** Told of each build published or failed (decision 079). */
  listeners?: CatalogueListeners;
}

/**
 * Publishing on schedule: each run records a waiting build for every language whose catalogue changed at an edge
 * since the previous run (in the job's transaction: once), then, after it commits, runs the builds due, each
 * claimed once across instances. A build publishes the catalogue as it is at the run's moment.
 */
export function publishOnScheduleJob(options: ScheduleJobOptions): Job {
  return {
    name: 'publish-on-schedule',
    everyMs: SCHEDULE_EVERY_MS,
    run: async (tx, now, since) => {
      await recordEdgesPassed(tx, now, since);
    },
    afterRun: async (db, now) => {
      for (let claimed = await claimBuild(db, now); claimed; claimed = await claimBuild(db, now)) {
        try {
          const build = await publishCatalogue(db, options.storage, claimed.lang_code, options.publicUrl, {
            at: now,
            automatic: true,
            listeners: options.listeners,
          });
          await buildDone(db, claimed, now, build.id);
          scheduledPublishes.inc({ result: 'published' });
        } catch (err) {
          options.onBuildError?.(err, claimed.lang_code);
          const settled = await buildFailed(db, claimed, now, err);
          scheduledPublishes.inc({ result: settled });
        }
      }
    },
  };
}
