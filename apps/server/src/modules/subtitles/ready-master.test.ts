/**
 * Issue 36: a video's HLS master and the catalogue agree even when the master's rewrite fails at the moment the video
 * becomes ready (it is tried again at a later poll, not only logged); the subtitles' timestamp is kept with the video
 * (read once when the ladder is made), not read again from its first segment by every process.
 */
import { api, type ContentLang } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoFiles } from '../../db/schema.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';
import { createTranscoder } from '../videos/index.ts';

const ENGLISH = 1;
const VTT = 'WEBVTT\n\n00:00.500 --> 00:01.500\nHello, little mouse!\n';
let t: TestApp;
// A day ahead of the wall clock: what was queued just now is due on the test's clock.
let clock = new Date(Date.now() + 86_400_000);

/** The real storage, but a bucket that refuses the subtitles' writes while `refusing` is true. */
let refusing = true;
function flaky(storage: Storage): Storage {
  return Object.assign(Object.create(Object.getPrototypeOf(storage)), storage, {
    put: (key: string, body: Parameters<Storage['put']>[1], options: Parameters<Storage['put']>[2]) => {
      if (refusing && key.includes('/subs/')) return Promise.reject(new Error('503 Slow Down'));
      return storage.put(key, body, options);
    },
  }) as Storage;
}

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
const rowOf = async (id: number) => (await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, id)))[0];
/** The version's video's master and its first subtitles copy's WebVTT text ('' when it lists none). */
async function masterAndVtt(contentId: number, versionId: number) {
  const version = (await t.call(api.content.langList, { content_id: contentId })).find((v) => v.id === versionId)!;
  const url = version.video!.playback_url!;
  const master = await get(url);
  const uri = /TYPE=SUBTITLES.*URI="([^"]+)"/.exec(master)?.[1];
  if (!uri) return { master, vtt: '' };
  const base = url.replace(/[^/]+$/, '');
  const playlist = await get(base + uri);
  const vtt = playlist.split('\n').find((l) => l.endsWith('.vtt'))!;
  return { master, vtt: await get(base + uri.replace(/[^/]+$/, '') + vtt) };
}

async function episodeWithVideo(title: string) {
  const brand = await t.call(api.brand.add, { name: `Mice ${title}`, is_published: true });
  const episode = await t.call(api.content.add, { brand_id: brand.id, is_published: true, duration_sec: 2 });
  const version = await t.call(api.content.langAdd, { content_id: episode.id, lang_id: ENGLISH, title });
  const sent = await t.request(
    fileUpload(`/api/content_lang/subtitles?content_lang_id=${version.id}&kind=subtitles`, {
      data: VTT,
      filename: 'mouse.vtt',
    }),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const upload = await t.request(
    fileUpload('/api/content/upload?type=video', { data: await testMaster(), filename: 'mice.mp4' }),
  );
  expect(upload.statusCode, upload.body).toBe(200);
  const video = upload.json() as { id: number; ext_id: string };
  // Attached while still queued: its subtitles join its master when it becomes ready.
  await t.call(api.content.attachVideo, { ext_id: video.ext_id, content_id: episode.id, lang_id: ENGLISH });
  return { episode: episode.id, version: version.id as number, video: video.id };
}

beforeAll(async () => {
  t = await createTestApp({ TRANSCODE_CONCURRENCY: '0' });
});
afterAll(() => t.close());

describe('a ready video whose master could not be written', () => {
  it('is written again at a later poll, so the master lists the subtitles the catalogue lists', async () => {
    const d = await episodeWithVideo('Cheese');
    const transcoder = createTranscoder({
      db: t.database.db,
      storage: flaky(t.app.storage),
      ...t.app.videos,
      concurrency: 1,
      log: t.app.log,
      now: () => clock,
      name: 'ready-master-test',
    });
    try {
      while ((await transcoder.runDue()) > 0) {}
      expect((await rowOf(d.video)).status).toBe('ready');
      // The bucket refused the subtitles: the master has none yet, though the version lists them.
      const version: ContentLang = (await t.call(api.content.langList, { content_id: d.episode })).find(
        (v) => v.id === d.version,
      )!;
      expect(version.subtitles).toHaveLength(1);
      expect((await masterAndVtt(d.episode, d.version)).master).not.toContain('TYPE=SUBTITLES');
      expect((await rowOf(d.video)).master_due_at).not.toBeNull();

      refusing = false;
      // Not before it is due again (a bucket that is down gets time to come back).
      await transcoder.runDue();
      expect((await masterAndVtt(d.episode, d.version)).master).not.toContain('TYPE=SUBTITLES');
      clock = new Date(clock.getTime() + 31_000);
      await transcoder.runDue();
      const { master } = await masterAndVtt(d.episode, d.version);
      expect(master).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en"');
      expect((await rowOf(d.video)).master_due_at).toBeNull();
    } finally {
      refusing = false;
      await transcoder.stop();
    }
  });
});

describe('the subtitles’ timestamp', () => {
  it('is kept with the video when its ladder is made, and read from there', async () => {
    const d = await episodeWithVideo('Crumbs');
    const transcoder = createTranscoder({
      db: t.database.db,
      storage: t.app.storage,
      ...t.app.videos,
      concurrency: 1,
      log: t.app.log,
      now: () => clock,
      name: 'pts-test',
    });
    try {
      while ((await transcoder.runDue()) > 0) {}
    } finally {
      await transcoder.stop();
    }
    const made = (await rowOf(d.video)).first_pts_90k!;
    // ffmpeg's MPEG-TS muxer starts near 1.4 s.
    expect(made).toBeGreaterThan(90_000);
    expect((await masterAndVtt(d.episode, d.version)).vtt).toContain(`X-TIMESTAMP-MAP=MPEGTS:${made},`);

    // What the row says is what the subtitles use: no segment is read for it.
    await t.database.db.update(videoFiles).set({ first_pts_90k: 900_000 }).where(eq(videoFiles.id, d.video));
    await t.call(api.subtitles.shift, {
      id: (await t.call(api.content.langList, { content_id: d.episode }))[0].subtitles[0].id,
      seconds: 0.25,
    });
    expect((await masterAndVtt(d.episode, d.version)).vtt).toContain('X-TIMESTAMP-MAP=MPEGTS:900000,');

    // A video made before the column has it read once from its first segment, and kept.
    await t.database.db.update(videoFiles).set({ first_pts_90k: null }).where(eq(videoFiles.id, d.video));
    await t.call(api.subtitles.shift, {
      id: (await t.call(api.content.langList, { content_id: d.episode }))[0].subtitles[0].id,
      seconds: 0.25,
    });
    expect((await rowOf(d.video)).first_pts_90k).toBe(made);
    expect((await masterAndVtt(d.episode, d.version)).vtt).toContain(`X-TIMESTAMP-MAP=MPEGTS:${made},`);
  });
});
