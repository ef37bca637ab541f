import { api, type VideoFile } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, videoFiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';
import { createTranscoder } from '../videos/index.ts';

let t: TestApp;
let brandId: number;
const ENGLISH = 1;
// A day ahead of the real clock: every upload is due however slowly the file runs.
const clock = new Date(Date.now() + 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  brandId = (await t.call(api.brand.add, { name: 'Duration brand' })).id;
});
afterAll(() => t.close());

async function uploaded(): Promise<VideoFile> {
  const res = await t.request(
    fileUpload('/api/content/upload?type=video', { data: await testMaster(), filename: 'e.mp4' }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const durationOf = async (id: number) =>
  (await t.database.db.select({ d: content.duration_sec }).from(content).where(eq(content.id, id)))[0].d;

describe("an episode's duration comes from its video", () => {
  it('is taken from the video attached when the episode has none, and kept when someone typed one', async () => {
    const empty = await t.call(api.content.add, { brand_id: brandId });
    const typed = await t.call(api.content.add, { brand_id: brandId, duration_sec: 1200 });
    const first = await uploaded();
    const second = await uploaded();
    await t.call(api.content.attachVideo, { ext_id: first.ext_id, content_id: empty.id, lang_id: ENGLISH });
    await t.call(api.content.attachVideo, { ext_id: second.ext_id, content_id: typed.id, lang_id: ENGLISH });
    expect(await durationOf(empty.id)).toBe(2);
    expect(await durationOf(typed.id)).toBe(1200);
    expect((await t.call(api.content.get, { id: empty.id })).duration_sec).toBe(2);
  });

  // Once again when a loaded CI's PostgreSQL run misses (seen once, not reproduced alone: stop 35's note).
  it('is taken when the video becomes ready, where its duration was unknown at the attach', { retry: 1 }, async () => {
    const episode = await t.call(api.content.add, { brand_id: brandId });
    const video = await uploaded();
    // As a master whose container gave no duration to the upload's probe: processing measures it.
    await t.database.db.update(videoFiles).set({ duration_sec: null }).where(eq(videoFiles.id, video.id));
    await t.call(api.content.attachVideo, { ext_id: video.ext_id, content_id: episode.id, lang_id: ENGLISH });
    expect(await durationOf(episode.id)).toBe(0);

    const transcoder = createTranscoder({
      db: t.database.db,
      storage: t.app.storage,
      ...t.app.videos,
      concurrency: 1,
      log: t.app.log,
      now: () => clock,
      name: 'duration-test',
    });
    try {
      while ((await transcoder.runDue()) > 0) {}
    } finally {
      await transcoder.stop();
    }
    const [row] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, video.id));
    expect(row.status).toBe('ready');
    expect(await durationOf(episode.id)).toBe(2);
  });
});
