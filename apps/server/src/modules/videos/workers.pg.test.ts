/**
 * Workers that scale out (issue 29): a server that leaves videos to workers (TRANSCODE_CONCURRENCY=0) and two
 * `npm run worker` processes on one PostgreSQL, sharing the media folder as they would a bucket. One worker is killed
 * with SIGKILL in the middle of a video; once its lease has run out (the test moves the lease's end, as the clock
 * would) the other takes the video over. Every video ends ready, each by exactly one finished attempt, and nothing
 * the dead worker wrote is left behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { api } from '@kids-vod/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageGarbage, videoFiles } from '../../db/schema.ts';
import { serverDir } from '../../test/child-server.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';

let t: TestApp;
const workers: ChildProcess[] = [];
beforeAll(async () => {
  t = await createTestApp({ TRANSCODE_CONCURRENCY: '0' });
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await t.close();
});

function startWorker(): ChildProcess {
  const url = (t.database as { url?: string }).url;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      DATABASE_URL: url,
      DATA_DIR: t.config.DATA_DIR,
      TRANSCODE_CONCURRENCY: '1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  workers.push(proc);
  return proc;
}

const rows = () => t.database.db.select().from(videoFiles).orderBy(videoFiles.id);

describe('two workers and a server on one PostgreSQL', () => {
  it('processes every video once to the end, though one worker is killed -9 mid-job', {
    timeout: 300_000,
  }, async () => {
    // Short masters keep the run short; a worker is in the middle of one from its claim to its last stored segment.
    const master = await testMaster({ seconds: 3, width: 320, height: 180 });
    for (let i = 0; i < 10; i += 1) {
      const res = await t.request(
        fileUpload('/api/content/upload?type=video', { data: master, filename: `e${i}.mp4` }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const a = startWorker();
    const b = startWorker();

    // Worker A holds a video that is under way: kill it there.
    const held = await vi.waitFor(
      async () => {
        const [row] = await t.database.db
          .select()
          .from(videoFiles)
          .where(sql`status = 'processing' and lease_owner like ${`%:${a.pid}:%`}`);
        expect(row).toBeDefined();
        return row;
      },
      { timeout: 60_000, interval: 20 },
    );
    a.kill('SIGKILL');
    await new Promise((resolve) => a.once('exit', resolve));
    expect((await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, held.id)))[0]).toMatchObject({
      status: 'processing',
      attempt_prefix: held.attempt_prefix,
    });
    // The time a lease lasts passes: its end is moved to now rather than waited for.
    await t.database.db
      .update(videoFiles)
      .set({ lease_until: new Date(Date.now() - 1).toISOString() })
      .where(eq(videoFiles.id, held.id));

    await vi.waitFor(
      async () => {
        const all = await rows();
        expect(all.map((r) => r.status)).toEqual(Array(10).fill('ready'));
      },
      { timeout: 240_000, interval: 500 },
    );
    const all = await rows();
    // One finished attempt each: the killed one took two tries, the others one.
    expect(all.find((r) => r.id === held.id)?.attempts).toBe(2);
    expect(all.filter((r) => r.id !== held.id).every((r) => r.attempts === 1)).toBe(true);
    for (const r of all) expect(r).toMatchObject({ lease_owner: null, attempt_prefix: null, progress: 100 });

    // The dead worker's half ladder is collected by the survivor; no folder but the ten ladders is left.
    await vi.waitFor(async () => expect(await t.database.db.select().from(storageGarbage)).toEqual([]), {
      timeout: 30_000,
    });
    const hls = path.join(t.config.DATA_DIR, 'media', 'hls');
    expect(readdirSync(hls).sort()).toEqual(all.map((r) => r.output_prefix!.replace(/^hls\//, '')).sort());
    expect(existsSync(path.join(t.config.DATA_DIR, 'media', held.attempt_prefix!))).toBe(false);
    for (const r of all) {
      const answered = await t.call(api.content.fileGet, { id: r.id });
      expect((await t.app.inject({ method: 'GET', url: answered.playback_url! })).statusCode).toBe(200);
    }

    b.kill('SIGTERM');
    expect(await new Promise((resolve) => b.once('exit', (code) => resolve(code)))).toBe(0);
  });
});
