/**
 * A video's timeline and its uploader's notifications (issue 39, decision 078), through the real app and real ffmpeg:
 * every job event kept with the video, ffmpeg's last lines with a failure (the server's folders taken out), and the
 * uploader told when it is ready or failed.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { api, type VideoFile } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';
import { addStaff } from '../../test/staff.ts';
import { DEFAULT_VIDEO_LIMITS } from './engine/index.ts';
import { withoutServerPaths } from './job-log.ts';
import { createTranscoder, MAX_ATTEMPTS } from './transcoder.ts';

let t: TestApp;
let editor: Awaited<ReturnType<typeof addStaff>>;
// Far ahead of the real clock: every upload is due at once, and the back-off is passed by moving it.
let clock = new Date(Date.now() + 3 * 86_400_000);
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let transcoder: ReturnType<typeof createTranscoder>;

beforeAll(async () => {
  t = await createTestApp();
  editor = await addStaff(t, 'editor');
  transcoder = createTranscoder({
    db: t.database.db,
    storage: t.app.storage,
    ...t.app.videos,
    // A ceiling no transcode fits under: ffmpeg fails every time, with its own words (strangers.test.ts).
    limits: { ...DEFAULT_VIDEO_LIMITS, jobMemoryMb: 40 },
    concurrency: 1,
    log: t.app.log,
    now: () => clock,
    name: 'timeline-worker',
  });
});
afterAll(async () => {
  await transcoder?.stop();
  await t?.close();
});

async function processAll() {
  while ((await transcoder.runDue()) > 0) {}
}

/** An upload by the editor (their bearer token): the one told what becomes of it. */
async function uploadAsEditor(name: string): Promise<VideoFile> {
  const req = fileUpload('/api/content/upload?type=video', { data: await testMaster({ seconds: 2 }), filename: name });
  const res = await t.request({ ...req, headers: { ...req.headers, authorization: `Bearer ${editor.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const editorsNotifications = () => t.call(api.notifications.list, { offset: 0, limit: 20 }, { token: editor.token });

describe("a video's timeline", () => {
  it('keeps every event of a failing job, with ffmpeg’s last lines, and tells the uploader once', async () => {
    const file = await uploadAsEditor('Episode 17.mp4');
    // A ceiling is met again by every try: the job fails at its first (issue 37).
    await processAll();
    const failed = await t.call(api.content.fileGet, { id: file.id });
    expect(failed.status).toBe('failed');
    expect(failed.events.map((e) => e.event)).toEqual(['queued', 'started', 'failed']);
    expect(failed.events[0]).toMatchObject({ event: 'queued', worker: null, detail: 'uploaded' });
    expect(failed.events[1].worker).toMatch(/^timeline-worker:/);
    expect(failed.events.at(-1)?.detail).toBe(failed.failure);
    // Each event at the transcoder's clock, in order.
    const times = failed.events.slice(1).map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(failed.log?.length).toBeGreaterThan(0);
    for (const line of failed.log ?? []) {
      expect(line).not.toContain(t.config.DATA_DIR);
      expect(line).not.toContain(t.app.videos.workDir);
    }

    // Told once, as the uploader; the admin (who did not upload it) is told nothing of it.
    const told = await editorsNotifications();
    expect(told.unread).toBe(1);
    expect(told.rows).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        kind: 'video_failed',
        text: `Episode 17.mp4 failed: ${failed.failure}`,
        link: `/admin/videos?video=${file.id}`,
        read: false,
      },
    ]);
    expect((await t.call(api.notifications.list, { offset: 0, limit: 20 })).rows).toEqual([]);

    // Retried by a person: queued again in the timeline; ffmpeg's lines stay for a failed video only.
    const retried = await t.call(api.content.fileRetry, { id: file.id });
    expect(retried.status).toBe('queued');
    const again = await t.call(api.content.fileGet, { id: file.id });
    expect(again.events.at(-1)).toMatchObject({ event: 'queued', detail: 'retried by a person' });
    expect(again.log).toBeUndefined();
  });

  it('ends with ready for a video that makes its ladder after a retry, and its uploader is told once', async () => {
    // The storage is out once, for this upload's first try: it stores nothing and is retried after its back-off.
    let outages = 0;
    const storage = new Proxy(t.app.storage, {
      get(target, prop) {
        if (prop === 'moveIn' && outages > 0)
          return async () => {
            outages -= 1;
            throw new Error('The bucket is unreachable');
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const good = createTranscoder({
      db: t.database.db,
      storage,
      ...t.app.videos,
      concurrency: 1,
      log: t.app.log,
      now: () => clock,
      name: 'good-worker',
    });
    try {
      // The failure retried above is due too: without the ceiling it makes its ladder as well.
      while ((await good.runDue()) > 0) {}
      outages = 1;
      const file = await uploadAsEditor('Episode 18.mp4');
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        while ((await good.runDue()) > 0) {}
        advance(10 * 60_000);
      }
      const ready = await t.call(api.content.fileGet, { id: file.id });
      expect(ready.status).toBe('ready');
      expect(ready.events.map((e) => e.event)).toEqual(['queued', 'started', 'retried', 'started', 'ready']);
      expect(ready.events[2].detail).toMatch(/.+/);
      expect(ready.log).toBeUndefined();
      const told = await editorsNotifications();
      const mine = told.rows.filter((n) => n.link === `/admin/videos?video=${file.id}`);
      expect(mine).toMatchObject([{ kind: 'video_ready', text: 'Episode 18.mp4 is ready', read: false }]);
    } finally {
      await good.stop();
    }
  });
});

describe('notifications', () => {
  it('reads one, ignores another person’s, then reads all', async () => {
    const before = await editorsNotifications();
    expect(before.unread).toBeGreaterThanOrEqual(2);
    const [newest] = before.rows;
    const mineRead = await t.call(api.notifications.read, { ids: [newest.id] }, { token: editor.token });
    expect(mineRead.unread).toBe(before.unread - 1);
    // The admin cannot read the editor's notification for them: nothing changes.
    expect(await t.call(api.notifications.read, { ids: [before.rows[1].id] })).toEqual({ unread: 0 });
    expect((await editorsNotifications()).unread).toBe(before.unread - 1);
    expect(await t.call(api.notifications.read, { all: true }, { token: editor.token })).toEqual({
      unread: 0,
    });
    expect((await editorsNotifications()).rows.every((n) => n.read)).toBe(true);
  });

  it('tells the person who pressed Build when the build fails', async () => {
    // The catalogue's folder made a file: storing the build fails as a full or broken disk would.
    const folder = path.join(t.config.DATA_DIR, 'media', 'catalog');
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, 'not a folder');
    try {
      const res = await t.send(api.catalog.publish, { query: { lang: 'en' }, token: editor.token });
      expect(res.statusCode).toBe(500);
    } finally {
      rmSync(folder, { force: true });
    }
    const told = await editorsNotifications();
    expect(told.rows[0]).toMatchObject({ kind: 'build_failed', link: '/admin/json', read: false });
    expect(told.rows[0].text).toMatch(/^The en catalogue build failed: /);
    expect(told.rows[0].text).not.toContain(t.config.DATA_DIR);
  });
});

describe('ffmpeg’s lines as a person reads them', () => {
  it('keeps the file names and takes out the folders', () => {
    expect(
      withoutServerPaths([
        "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from '/srv/kids/data/work/job-12/master.mp4':",
        "[hls @ 0x5] Opening '/srv/kids/data/work/job-12/out/r0/seg-001.ts' for writing",
        'C:\\data\\work\\in.mov: Invalid data found when processing input',
        'Error while decoding stream #0:0: Invalid data found when processing input',
      ]),
    ).toEqual([
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'master.mp4':",
      "[hls @ 0x5] Opening 'seg-001.ts' for writing",
      'in.mov: Invalid data found when processing input',
      'Error while decoding stream #0:0: Invalid data found when processing input',
    ]);
  });
});
