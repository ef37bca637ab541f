/**
 * Publishing on schedule with two server instances on one PostgreSQL (docs/decisions/031-scheduler.md): each has its
 * own pool, its own runner and its own job, as two processes behind a load balancer would, sharing the media
 * storage, and a clock the test sets. Every edge is published once between them, however they race.
 */
import { api } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createJobRunner } from '../../lib/jobs.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { createTestApp, openSecondInstance, type TestApp } from '../../test/harness.ts';
import { claimBuild } from './data.ts';
import { publishOnScheduleJob } from './index.ts';

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

const iso = (ms: number) => new Date(ms).toISOString();
/** German, French, Italian: three languages, so the two instances have builds to race for. */
const LANGS = [5, 4, 6];

describe('publishing on schedule on two instances of one PostgreSQL', () => {
  it('publishes each edge once between them', async () => {
    // Slow enough to store that the instances overlap: one claims while the other builds.
    const slow: Storage = {
      ...t.app.storage,
      publicUrl: (key) => t.app.storage.publicUrl(key),
      read: (key) => t.app.storage.read(key),
      delete: (key) => t.app.storage.delete(key),
      put: async (key, body, options) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return t.app.storage.put(key, body, options);
      },
    };
    let now = Date.parse('2030-01-01T00:00:00.000Z');
    const errors: unknown[] = [];
    const instance = (db: Database['db']) => {
      const job = publishOnScheduleJob({ storage: slow });
      const runner = createJobRunner(db, [job], {
        now: () => new Date(now),
        pollMs: 3_600_000,
        onError: (_job, err) => errors.push(err),
      });
      return { job, runner, db };
    };
    const a = instance(t.database.db);
    const b = instance(second.db);
    await Promise.all([a.runner.runDue(), b.runner.runDue()]);

    const edges: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const at = now + (i + 1) * 40_000;
      edges.push(at);
      for (const lang_id of LANGS) {
        await t.call(api.stream.add, {
          lang_id,
          title: `Edge ${i} in ${lang_id}`,
          url: `https://live.example.com/${i}-${lang_id}.m3u8`,
          available_from: iso(at),
        });
      }
    }
    // Both poll every 5 s of test time, racing each tick; each also runs the builds part by itself meanwhile, as
    // an instance finishing its own run would while the other claims.
    const end = edges[edges.length - 1] + 60_000;
    while (now < end) {
      now += 5_000;
      const at = new Date(now);
      await Promise.all([a.runner.runDue(), b.runner.runDue(), a.job.afterRun?.(a.db, at), b.job.afterRun?.(b.db, at)]);
    }
    expect(errors).toEqual([]);

    const automatic = await t.rows<{ lang_id: number; state: string; n: string; builds: string }>(
      sql`select lang_id, state, count(*) as n, count(distinct build_id) as builds
          from automatic_builds group by lang_id, state order by lang_id`,
    );
    // One build per language per edge (the job runs every 15 s and the edges are 40 s apart): never two.
    expect(automatic).toEqual(
      [...LANGS]
        .sort()
        .map((lang_id) => ({ lang_id, state: 'done', n: String(edges.length), builds: String(edges.length) })),
    );
    const [catalog] = await t.rows<{ n: string }>(sql`select count(*) as n from catalog_builds where automatic`);
    expect(Number(catalog.n)).toBe(LANGS.length * edges.length);
    const [attempts] = await t.rows<{ max: number }>(sql`select max(attempts) as max from automatic_builds`);
    expect(attempts.max).toBe(1);
  });

  it('lets one instance claim a build while the other holds another: never the same, never waiting', async () => {
    const now = new Date('2031-01-01T00:00:00.000Z');
    await t.rows(sql`insert into automatic_builds (at, lang_id, next_try_at)
      values (${iso(now.getTime() - 2_000)}, 5, ${now.toISOString()}), (${iso(now.getTime() - 1_000)}, 4, ${now.toISOString()})`);
    // The second instance claims the first build and holds its row (uncommitted) while the first instance claims:
    // skip locked hands the first instance the other build at once (without it, it would wait for this commit).
    const [held, taken] = await second.db.transaction(async (tx) => {
      const mine = await claimBuild(tx, now);
      return [mine, await claimBuild(t.database.db, now)];
    });
    expect(held?.lang_code).toBe('de');
    expect(taken?.lang_code).toBe('fr');
    // Both are claimed now: nothing is left due until their lease ends.
    expect(await claimBuild(t.database.db, now)).toBeUndefined();
  });
});
