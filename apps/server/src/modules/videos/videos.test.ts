import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { api, type VideoFile } from '@kids-vod/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageGarbage, videoFiles } from '../../db/schema.ts';
import { collectGarbage } from '../../lib/storage/garbage.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { audioOnly, lyingMaster, tenHourMaster, testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';
import { segmentAt } from './poster.ts';
import { createTranscoder, LEASE_MS, MAX_ATTEMPTS } from './transcoder.ts';

const VIDEO = '/api/content/upload?type=video';
let t: TestApp;
// A day ahead of the real clock: on a loaded machine the file runs for minutes, and every upload must be due.
let clock = new Date(Date.now() + 86_400_000);
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let transcoder: ReturnType<typeof createTranscoder>;

beforeAll(async () => {
  t = await createTestApp();
  transcoder = createTranscoder({
    db: t.database.db,
    storage: t.app.storage,
    ...t.app.videos,
    concurrency: 2,
    log: t.app.log,
    now: () => clock,
    name: 'test',
  });
});
afterAll(async () => {
  await transcoder.stop();
  await t.close();
});

const media = (key: string) => path.join(t.config.DATA_DIR, 'media', key);
const upload = (data: Buffer, filename = 'episode.mp4') => t.request(fileUpload(VIDEO, { data, filename }));
const rowOf = async (id: number) => (await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, id)))[0];

/** Runs the queue until nothing is due at the test's clock. */
async function processAll() {
  while ((await transcoder.runDue()) > 0) {}
}

async function uploaded(data: Buffer, filename?: string): Promise<VideoFile> {
  const res = await upload(data, filename);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a master becomes an HLS ladder', () => {
  it('keeps the master privately, queues it, and makes it playable', async () => {
    const file = await uploaded(await testMaster({ seconds: 3, width: 640, height: 360 }), 'Pilot.mp4');
    expect(file).toMatchObject({
      name: 'Pilot.mp4',
      status: 'queued',
      progress: 0,
      failure: null,
      playback_url: null,
      thumbnail_url: null,
      duration_sec: 3,
      renditions: [],
      source: { width: 640, height: 360, video_codec: 'h264', audio: [expect.objectContaining({ codec: 'aac' })] },
    });
    const master = (await rowOf(file.id)).storage_key;
    expect(master).toMatch(/^masters\//);
    // Never served: not under /media by its key, nor anywhere else.
    expect((await t.app.inject({ method: 'GET', url: `/media/${master}` })).statusCode).toBe(404);

    await processAll();
    const ready = await t.call(api.content.fileGet, { id: file.id });
    expect(ready).toMatchObject({ status: 'ready', progress: 100, failure: null, eta_sec: null });
    expect(ready.renditions).toEqual([{ width: 640, height: 360, bandwidth: expect.any(Number) }]);
    expect(ready.playback_url).toMatch(/^\/media\/hls\/[\w-]+\/master\.m3u8$/);
    const playlist = await t.app.inject({ method: 'GET', url: ready.playback_url! });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/mpegurl/);
    expect(playlist.body).toMatch(/#EXT-X-STREAM-INF:.*BANDWIDTH=\d+.*RESOLUTION=640x360/);
    // Every rendition and segment it names is served.
    const rendition = playlist.body.split('\n').find((l) => l && !l.startsWith('#'))!;
    const base = ready.playback_url!.replace(/master\.m3u8$/, '');
    const media = await t.app.inject({ method: 'GET', url: base + rendition });
    expect(media.statusCode).toBe(200);
    const first = segmentAt(media.body, 0);
    expect(first?.uri).toMatch(/\.ts$/);
    const segment = await t.app.inject({
      method: 'GET',
      url: base + path.posix.join(path.posix.dirname(rendition), first!.uri),
    });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    const poster = await t.app.inject({ method: 'GET', url: ready.thumbnail_url! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('takes the poster again at a moment of the video, keeping the old one for the catalogues that name it', async () => {
    const file = await uploaded(await testMaster({ seconds: 3 }));
    await processAll();
    const before = await rowOf(file.id);
    const res = await t.send(api.content.filePoster, { id: file.id, at_sec: 2.5 });
    expect(res.statusCode, res.body).toBe(200);
    const after: VideoFile = res.json();
    expect(after.thumbnail_url).not.toBe(before.thumbnail_url);
    expect((await t.app.inject({ method: 'GET', url: after.thumbnail_url! })).statusCode).toBe(200);
    await collectGarbage(t.database.db, t.app.storage);
    expect((await t.app.inject({ method: 'GET', url: before.thumbnail_url! })).statusCode).toBe(200);

    const past = await t.send(api.content.filePoster, { id: file.id, at_sec: 60 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ detail: 'The video is 3 seconds long', errors: [{ path: 'at_sec' }] });
  });

  it('answers status, progress and failure in the list, filtered and paged', async () => {
    const file = await uploaded(await testMaster({ seconds: 2, width: 160, height: 90 }), 'filter-me.mkv');
    const queued = await t.call(api.content.files, { query: { status: 'queued', limit: 10 } });
    expect('rows' in queued && queued.rows.map((f) => f.id)).toContain(file.id);
    const searched = await t.call(api.content.files, { query: { search: 'filter-me', limit: 10 } });
    expect(searched).toEqual({ rows: [expect.objectContaining({ id: file.id })], count: 1 });
    await processAll();
    const ready = await t.call(api.content.files, { query: { status: 'ready', search: 'filter-me', limit: 10 } });
    expect(ready).toMatchObject({ rows: [{ id: file.id, status: 'ready' }], count: 1 });
  });
});

describe('masters of every common container', () => {
  for (const container of ['mov-prores', 'mkv', 'webm', 'avi', 'mxf'] as const) {
    it(`accepts and processes ${container}`, async () => {
      const file = await uploaded(
        await testMaster({ container, seconds: 2, width: 320, height: 180 }),
        `m.${container}`,
      );
      expect(file.status).toBe('queued');
      await processAll();
      expect(await t.call(api.content.fileGet, { id: file.id })).toMatchObject({ status: 'ready', duration_sec: 2 });
    });
  }
});

describe('bad masters', () => {
  it('refuses what is not a video with 415 and keeps nothing', async () => {
    const rows = (await t.database.db.select().from(videoFiles)).length;
    const truncated = (await testMaster({ seconds: 2, container: 'mkv' })).subarray(0, 300);
    const bodies: [Buffer, RegExp][] = [
      [Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)), /not a video|media file/i],
      [Buffer.alloc(0), /empty/i],
      [audioOnly(), /no picture/i],
      [truncated, /./],
    ];
    for (const [body, detail] of bodies) {
      const res = await upload(body, 'movie.mp4');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await t.database.db.select().from(videoFiles)).toHaveLength(rows);
    expect(existsSync(media('masters')) ? readdirSync(media('masters')).length : 0).toBe(
      (await t.database.db.select().from(videoFiles)).length,
    );
    // Nothing is left in the working folder either.
    expect(readdirSync(t.app.videos.workDir)).toEqual([]);
  });

  it('ends a master that breaks while transcoding in `failed` with a sentence, retried with back-off first', async () => {
    const good = await testMaster({ seconds: 3 });
    // Its middle overwritten: the probe still reads the index at its start, decoding fails.
    const broken = Buffer.from(good);
    broken.fill(0x55, Math.floor(broken.length * 0.3), Math.floor(broken.length * 0.95));
    const file = await uploaded(broken, 'broken.mp4');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await processAll();
      const row = await rowOf(file.id);
      if (row.status === 'ready') break;
      expect(row.status, `attempt ${attempt}`).toBe(attempt < MAX_ATTEMPTS ? 'queued' : 'failed');
      expect(row.attempt_prefix).toBeNull();
      advance(10 * 60_000);
    }
    const row = await rowOf(file.id);
    // A corruption ffmpeg decodes past still makes a video (it conceals): either way, never stuck, never half made.
    expect(['ready', 'failed']).toContain(row.status);
    if (row.status === 'failed') {
      expect(row.failure).toMatch(/^[A-Z].+/);
      const retried = await t.send(api.content.fileRetry, { id: file.id });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'queued', failure: null });
    }
    const garbage = await t.database.db.select().from(storageGarbage);
    await collectGarbage(t.database.db, t.app.storage);
    for (const g of garbage) expect(existsSync(media(g.key)), g.key).toBe(false);
  });

  it('fails a master that runs past what its header says at its first try: every retry would stop at the same place', async () => {
    const file = await uploaded(readFileSync(lyingMaster(20)), 'says-two-seconds.mkv');
    expect(file.source?.duration_sec).toBeCloseTo(2, 0);
    await processAll();
    const row = await rowOf(file.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, attempt_prefix: null });
    expect(row.failure).toMatch(/runs longer than its file says \(2 seconds\)/);
  });

  it('refuses a master longer than four hours with 413, keeping nothing', async () => {
    const rows = (await t.database.db.select().from(videoFiles)).length;
    const res = await upload(tenHourMaster(), 'whole-series.mp4');
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/longer than 4 hours/);
    expect(await t.database.db.select().from(videoFiles)).toHaveLength(rows);
    expect(readdirSync(t.app.videos.workDir)).toEqual([]);
  });

  it('refuses to retry a video that has not failed', async () => {
    const file = await uploaded(await testMaster());
    const res = await t.refused(api.content.fileRetry, { id: file.id });
    expect(res.status).toBe(409);
    expect(res.detail).toMatch(/failed/);
  });
});

describe('leases', () => {
  it('gives a dead worker’s video to another once its lease ran out, and throws away what the dead one wrote', async () => {
    const file = await uploaded(await testMaster());
    // A worker claimed it, wrote part of a ladder, and died: its lease is not renewed.
    const stale = 'hls/dead-worker-attempt';
    await mkdir(media(stale), { recursive: true });
    writeFileSync(path.join(media(stale), 'r0.ts'), 'half');
    await t.database.db
      .update(videoFiles)
      .set({
        status: 'processing',
        lease_owner: 'dead',
        lease_until: new Date(clock.getTime() + LEASE_MS).toISOString(),
        attempt_prefix: stale,
        attempts: 1,
      })
      .where(eq(videoFiles.id, file.id));
    await processAll();
    expect((await rowOf(file.id)).lease_owner).toBe('dead');
    advance(LEASE_MS + 1);
    await processAll();
    const row = await rowOf(file.id);
    expect(row).toMatchObject({ status: 'ready', attempts: 2, lease_owner: null, attempt_prefix: null });
    await collectGarbage(t.database.db, t.app.storage);
    expect(existsSync(media(stale))).toBe(false);
  });
});

describe('a video whose worker is lost on every try', () => {
  it('fails with a sentence rather than being tried for ever', async () => {
    const file = await uploaded(await testMaster());
    await t.database.db
      .update(videoFiles)
      .set({
        status: 'processing',
        lease_owner: 'lost',
        lease_until: new Date(clock.getTime() - 1).toISOString(),
        attempt_prefix: 'hls/lost-attempt',
        attempts: MAX_ATTEMPTS,
      })
      .where(eq(videoFiles.id, file.id));
    await processAll();
    expect(await rowOf(file.id)).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/worker was lost/),
      lease_owner: null,
      attempt_prefix: null,
    });
    const garbage = await t.database.db.select().from(storageGarbage);
    expect(garbage.map((g) => g.key)).toContain('hls/lost-attempt');
  });
});

describe('the bin', () => {
  it('refuses to delete an attached file, naming where; a detached one goes to the bin and its objects when purged', async () => {
    const file = await uploaded(await testMaster());
    await processAll();
    const brand = await t.call(api.brand.add, { name: 'Bin Bunnies', slug: 'bin-bunnies' });
    const item = await t.call(api.content.add, { brand_id: brand.id, season: 1, sort_number: 4, duration_sec: 60 });
    await t.call(api.content.langAdd, { content_id: item.id, lang_id: 1, title: 'Carrots' });
    await t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: item.id, lang_id: 1 });
    const attached = await t.refused(api.content.fileDelete, { id: file.id });
    expect(attached.status).toBe(409);
    expect(attached.detail).toMatch(/Bin Bunnies S1E4 “Carrots”/);

    const lang = (await t.call(api.content.langList, { content_id: item.id }))[0];
    await t.call(api.content.detachVideo, { query: { content_lang_id: lang.id } });
    expect((await t.send(api.content.fileDelete, { id: file.id })).statusCode).toBe(200);
    expect((await t.send(api.content.fileGet, { id: file.id })).statusCode).toBe(404);
    const bin = await t.call(api.bin.list, { entity: 'video_files' });
    expect(bin.rows.map((r) => r.id)).toContain(file.id);

    const row = await rowOf(file.id);
    expect((await t.send(api.bin.purge, { entity: 'video_files', id: file.id })).statusCode).toBe(200);
    await collectGarbage(t.database.db, t.app.storage);
    expect(existsSync(media(row.storage_key))).toBe(false);
    expect(existsSync(media(row.output_prefix!))).toBe(false);
    expect(await t.database.db.select().from(storageGarbage).where(sql`true`)).toEqual([]);
  });
});
