/**
 * The job runner with two server instances on one PostgreSQL (docs/decisions/016-job-runner.md): each instance has
 * its own connection pool and its own runner, as two processes behind a load balancer would, and a clock the test
 * sets. A due job runs once however the two race; one due while both were down runs at the next start.
 */
import { api, BIN_DAYS } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createJobRunner, type Job } from '../../lib/jobs.ts';
import { createTestApp, openSecondInstance, type TestApp } from '../../test/harness.ts';
import { emptyBinJob } from './index.ts';

let t: TestApp;
let second: Database;
beforeAll(async () => {
  t = await createTestApp();
  second = await openSecondInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('jobs on two instances of one PostgreSQL', () => {
  it('runs each due job once, however the instances race', async () => {
    await t.database.db.execute(sql`create table job_probe (at timestamptz not null)`);
    // Slow enough that the two instances overlap: the second finds the row locked, not yet moved on.
    const probe: Job = {
      name: 'probe',
      everyMs: 60_000,
      run: async (tx, now) => {
        await tx.execute(sql`select pg_sleep(0.05)`);
        await tx.execute(sql`insert into job_probe (at) values (${now.toISOString()})`);
      },
    };
    let now = new Date('2030-01-01T00:00:00.000Z');
    const a = createJobRunner(t.database.db, [probe], { now: () => now });
    const b = createJobRunner(second.db, [probe], { now: () => now });
    for (let minute = 0; minute < 5; minute += 1) {
      const ran = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      expect(ran.flat()).toEqual(['probe']);
      now = new Date(now.getTime() + 60_000);
    }
    const runs = await t.rows<{ n: string }>(sql`select count(*) as n from job_probe`);
    expect(Number(runs[0].n)).toBe(5);
    const [job] = await t.rows<{ runs: number }>(sql`select runs from scheduled_jobs where name = 'probe'`);
    expect(job.runs).toBe(5);
  });

  it('empties the bin once at the start of both instances after being down past its due time', async () => {
    const promo = await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Two instances',
    });
    await t.call(api.promo.delete, { id: promo.id });
    const now = new Date(Date.now() + (BIN_DAYS + 2) * 86_400_000);
    const a = createJobRunner(t.database.db, [emptyBinJob], { now: () => now, pollMs: 3_600_000 });
    const b = createJobRunner(second.db, [emptyBinJob], { now: () => now, pollMs: 3_600_000 });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(await t.rows(sql`select id from promos where id = ${promo.id}`)).toEqual([]);
    const [job] = await t.rows<{ runs: number; last_run_at: string }>(
      sql`select runs, last_run_at from scheduled_jobs where name = 'empty-bin'`,
    );
    expect(job.runs).toBe(1);
  });
});
