/**
 * Masters from strangers at upload (issue 37, decision 072): a master over MAX_VIDEO_SECONDS, MAX_VIDEO_WIDTH ×
 * MAX_VIDEO_HEIGHT or MAX_AUDIO_TRACKS, and an image declaring more than MAX_IMAGE_PIXELS, are refused with 413 and a
 * sentence naming the limit, keeping nothing. Real masters made by ffmpeg; the image refused from its header alone.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoFiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload, tinyPng } from '../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAX_VIDEO_SECONDS: '3' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const VIDEO = '/api/content/upload?type=video';
const IMAGE = '/api/content/upload?type=image&platform=other';
const rows = async () => (await t.database.db.select().from(videoFiles)).length;
const workFiles = () => (existsSync(t.app.videos.workDir) ? readdirSync(t.app.videos.workDir) : []);
const images = () => {
  const dir = path.join(t.config.DATA_DIR, 'media', 'images');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

/** A PNG whose header declares `width` × `height` (the pixels are never read: a few rows of zeros follow). */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8-bit grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a master over a limit', () => {
  it('is refused with 413 naming MAX_VIDEO_SECONDS, MAX_VIDEO_WIDTH × MAX_VIDEO_HEIGHT or MAX_AUDIO_TRACKS', async () => {
    const before = await rows();
    const cases: Array<[Buffer, RegExp]> = [
      [await testMaster({ seconds: 4, width: 64, height: 36 }), /longer than 3 seconds \(MAX_VIDEO_SECONDS\)/],
      [
        await testMaster({ seconds: 1, width: 4112, height: 16 }),
        /4112 × 16, larger than 4096 × 2160 \(MAX_VIDEO_WIDTH/,
      ],
      [
        await testMaster({ seconds: 1, width: 64, height: 36, audioLanguages: Array.from({ length: 17 }, () => '') }),
        /17 audio tracks, more than 16 \(MAX_AUDIO_TRACKS\)/,
      ],
    ];
    for (const [data, sentence] of cases) {
      const res = await t.request(fileUpload(VIDEO, { data, filename: 'stranger.mp4' }));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().detail).toMatch(sentence);
    }
    expect(await rows()).toBe(before);
    expect(workFiles()).toEqual([]);
    // Within every limit: taken.
    const fine = await t.request(fileUpload(VIDEO, { data: await testMaster({ seconds: 2 }), filename: 'fine.mp4' }));
    expect(fine.statusCode, fine.body).toBe(200);
  }, 120_000);
});

describe('an image over MAX_IMAGE_PIXELS', () => {
  it('is refused with 413 from its header, before anything decodes it, keeping nothing', async () => {
    const before = images();
    const bomb = declaredPng(20_000, 20_000);
    const res = await t.request(fileUpload(IMAGE, { data: bomb, filename: 'poster.png' }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().detail).toBe(
      'The image is 20000 × 20000 pixels, more than 40,000,000 (MAX_IMAGE_PIXELS): make it smaller',
    );
    expect(images()).toBe(before);
    const fine = await t.request(fileUpload(IMAGE, { data: declaredPng(8000, 5000), filename: 'poster.png' }));
    expect(fine.statusCode, fine.body).toBe(200);
    const tiny = await t.request(fileUpload(IMAGE, { data: tinyPng(), filename: 'dot.png' }));
    expect(tiny.statusCode, tiny.body).toBe(200);
  });
});
