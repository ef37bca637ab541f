/** The ladder as data (issue 36, decision 069): the steps VIDEO_LADDER names are the renditions a video gets. */
import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';
import { createTranscoder } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  // Two steps no larger than the 320×180 test master: with the default ladder (360p first) it gets one rendition.
  t = await createTestApp({ TRANSCODE_CONCURRENCY: '0', VIDEO_LADDER: '192x108:250:64,320x180:500:96' });
});
afterAll(() => t.close());

describe('VIDEO_LADDER', () => {
  it('gives a video the renditions of the steps it names', async () => {
    const upload = await t.request(
      fileUpload('/api/content/upload?type=video', { data: await testMaster(), filename: 'steps.mp4' }),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const transcoder = createTranscoder({
      db: t.database.db,
      storage: t.app.storage,
      ...t.app.videos,
      concurrency: 1,
      log: t.app.log,
      name: 'ladder-setting-test',
    });
    try {
      while ((await transcoder.runDue()) > 0) {}
    } finally {
      await transcoder.stop();
    }
    const video = await t.call(api.content.fileGet, { id: upload.json().id });
    expect(video.status).toBe('ready');
    expect(video.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['192x108', '320x180']);
    const master = (await t.app.inject({ method: 'GET', url: video.playback_url! })).body;
    expect(master.match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=192x108', 'RESOLUTION=320x180']);
  });
});
