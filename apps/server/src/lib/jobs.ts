import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { scheduledJobs } from '../db/schema.ts';

/** Work that happens by itself, every `everyMs` (docs/decisions/016-job-runner.md). */
export interface Job {
  name: string;
  everyMs: number;
  /**
   * Runs in the transaction that holds the job's row: its changes and the next due time commit together. `since` is
   * the clock of the job's previous run (null the first time), so a job can cover exactly the time since, once.
   */
  run(tx: Executor, now: Date, since: Date | null): Promise<void>;
  /**
   * Work too long to hold the job's row for, or that opens transactions of its own (a catalogue build: on PGlite a
   * second transaction would wait for the first for ever): runs after `run` committed, on the instance that ran it.
   * It must be safe to run on several instances at once (it takes its own rows `for update skip locked`).
   */
  afterRun?(db: Db, now: Date): Promise<void>;
}

export interface JobRunner {
  /** Runs every job due at the clock's now, once across every instance on the database; answers which ran. */
  runDue(): Promise<string[]>;
  /**
   * Runs what is due now (a job due while the server was down runs at once), then looks again every `pollMs`: by
   * default a third of the most frequent job's period (at most a minute), so a job runs at most a third of its
   * period late (the schedule's job, every 15 s, is looked for every 5 s: docs/decisions/031-scheduler.md).
   */
  start(): Promise<void>;
  /** Stops looking and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * A PostgreSQL-backed schedule: one row per job in `scheduled_jobs`, due at `next_run_at`. An instance runs a due job
 * in a transaction that first takes its row `for update skip locked`: another instance looking meanwhile skips it,
 * and one looking afterwards finds it no longer due. A job that fails rolls back and stays due.
 */
export function createJobRunner(
  db: Db,
  jobs: Job[],
  options: { now?: () => Date; pollMs?: number; onError?: (job: string, err: unknown) => void } = {},
): JobRunner {
  const clock = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function runOne(job: Job, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const ran = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ name: scheduledJobs.name, last_run_at: scheduledJobs.last_run_at })
        .from(scheduledJobs)
        .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.next_run_at, at)))
        .for('update', { skipLocked: true });
      if (!due) return false;
      await job.run(tx, now, due.last_run_at === null ? null : new Date(due.last_run_at));
      await tx
        .update(scheduledJobs)
        .set({
          next_run_at: new Date(now.getTime() + job.everyMs).toISOString(),
          // Never back: an instance whose clock is behind must not hand the next run time it already covered.
          last_run_at: sql`greatest(${scheduledJobs.last_run_at}, ${at}::timestamptz)`,
          runs: sql`${scheduledJobs.runs} + 1`,
        })
        .where(eq(scheduledJobs.name, job.name));
      return true;
    });
    if (ran && job.afterRun) {
      // The run committed: a failure here is reported, not a reason to say the job did not run.
      try {
        await job.afterRun(db, now);
      } catch (err) {
        options.onError?.(job.name, err);
      }
    }
    return ran;
  }

  async function runDue(): Promise<string[]> {
    const now = clock();
    if (jobs.length === 0) return [];
    // A job new to this database is due at once.
    await db
      .insert(scheduledJobs)
      .values(jobs.map((j) => ({ name: j.name, next_run_at: now.toISOString() })))
      .onConflictDoNothing();
    const ran: string[] = [];
    for (const job of jobs) {
      try {
        if (await runOne(job, now)) ran.push(job.name);
      } catch (err) {
        options.onError?.(job.name, err);
      }
    }
    return ran;
  }

  const tick = () => {
    running = running.then(runDue).catch(() => undefined);
    return running;
  };

  return {
    runDue,
    async start() {
      await tick();
      timer = setInterval(tick, options.pollMs ?? Math.min(60_000, ...jobs.map((j) => j.everyMs / 3)));
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
