import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoFiles } from '../../db/schema.ts';
import type { PutOptions, Storage } from '../../lib/storage/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { fileUpload, multipartBody, syntheticMp4, tinyPng } from '../../test/multipart.ts';
import { saveVideo } from './data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const IMAGE = '/api/content/upload?type=image&platform=cloudflare';
const OTHER = '/api/content/upload?type=image&platform=other';
const VIDEO = '/api/content/upload?type=video';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const upload = (url: string, data: Buffer | string, filename = 'file.bin', contentType?: string) =>
  t.request(fileUpload(url, { data, filename, contentType }));

function filesIn(folder: string): string[] {
  const dir = path.join(t.config.DATA_DIR, 'media', folder);
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** A PNG-headed buffer of exactly `size` bytes (sniffing looks at the start only). */
function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  PNG_SIGNATURE.copy(bytes);
  return bytes;
}

async function videoRows() {
  return t.database.db.select().from(videoFiles);
}

describe('image upload', () => {
  it('stores a PNG under a random name and answers the same URL twice', async () => {
    const png = tinyPng();
    const res = await upload(IMAGE, png, '../../etc/passwd.svg', 'image/svg+xml');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
    expect(answer.cloudflare_url).toBe(answer.url);
    expect(Object.keys(answer).sort()).toEqual(['cloudflare_url', 'url']);

    const served = await t.app.inject({ method: 'GET', url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('knows JPEG, GIF and WebP by their bytes, whatever the name says', async () => {
    const samples = [
      {
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]),
        ext: 'jpg',
        type: 'image/jpeg',
      },
      { bytes: Buffer.from('GIF89a\x01\0\x01\0\0\0\0;', 'latin1'), ext: 'gif', type: 'image/gif' },
      {
        bytes: Buffer.from('RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0/\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0', 'latin1'),
        ext: 'webp',
        type: 'image/webp',
      },
    ];
    for (const sample of samples) {
      const res = await upload(IMAGE, sample.bytes, 'picture.png', 'image/png');
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json();
      expect(url.endsWith(`.${sample.ext}`)).toBe(true);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe(sample.type);
    }
  });

  it('refuses SVG, HTML and anything else with 415 and stores nothing', async () => {
    const before = filesIn('images').length;
    for (const body of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<!doctype html><script>alert(1)</script>',
      Buffer.from('%PDF-1.7\n'),
      syntheticMp4({ timescale: 1, duration: 1 }),
    ]) {
      const res = await upload(IMAGE, body, 'cat.png', 'image/png');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ detail: 'Only PNG, JPEG, WebP or GIF images' });
    }
    expect(filesIn('images')).toHaveLength(before);
  });

  it('limits "other" to 1025 KB with the exact detail, counting while streaming', async () => {
    const before = filesIn('images').length;
    const over = await upload(OTHER, pngOfSize(1025 * 1024 + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ detail: 'File is bigger than 1MB' });
    expect(over.headers.connection).toBe('close'); // the unread rest of the body is not waited for
    expect(filesIn('images')).toHaveLength(before);
    const exact = await upload(OTHER, pngOfSize(1025 * 1024));
    expect(exact.statusCode, exact.body).toBe(200);
    expect(filesIn('images')).toHaveLength(before + 1);
  });

  it('limits cloudflare to 10 MB (and is not held to the 1 MB JSON body limit)', async () => {
    const before = filesIn('images').length;
    const over = await upload(IMAGE, pngOfSize(10 * 1024 * 1024 + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ detail: 'File is bigger than 10MB' });
    expect(filesIn('images')).toHaveLength(before);
    const big = await upload(IMAGE, pngOfSize(3 * 1024 * 1024));
    expect(big.statusCode, big.body).toBe(200);
    // The platform defaults to cloudflare.
    const unnamed = await upload('/api/content/upload?type=image', pngOfSize(2 * 1024 * 1024));
    expect(unnamed.statusCode, unnamed.body).toBe(200);
  });
});

describe('refused requests', () => {
  it('validates the query', async () => {
    for (const url of [
      '/api/content/upload',
      '/api/content/upload?type=audio',
      '/api/content/upload?type=image&platform=imgur',
    ]) {
      const res = await upload(url, tinyPng());
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toMatch(/^Invalid query/);
    }
  });

  it('needs a multipart body with a file in the field "file"', async () => {
    const json = await t.post(IMAGE, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().detail).toMatch(/multipart/);
    const text = await t.request({
      method: 'POST',
      url: IMAGE,
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    const empty = await t.request({ method: 'POST', url: IMAGE });
    expect(empty.statusCode).toBe(400);
    const fieldOnly = multipartBody([{ name: 'file', data: 'not a file part' }]);
    const noFile = await t.request({ method: 'POST', url: IMAGE, ...fieldOnly });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toMatch(/No file/);
    const wrongField = await t.request(fileUpload(IMAGE, { data: tinyPng() }, 'image'));
    expect(wrongField.statusCode).toBe(400);
    const emptyFile = await upload(IMAGE, Buffer.alloc(0));
    expect(emptyFile.statusCode).toBe(400);
    expect(emptyFile.json()).toEqual({ detail: 'The file is empty' });
  });

  it('answers 400 to a cut-off multipart body and stores nothing', async () => {
    const before = filesIn('videos').length;
    const rowsBefore = (await videoRows()).length;
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'a.mp4', data: syntheticMp4({ timescale: 1, duration: 3, mdatBytes: 200_000 }) },
    ]);
    const cut = payload.subarray(0, payload.length - 120_000);
    const res = await t.request({ method: 'POST', url: VIDEO, payload: cut, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/interrupted|multipart/);
    expect(filesIn('videos')).toHaveLength(before);
    expect(await videoRows()).toHaveLength(rowsBefore);
  });

  it('needs a session', async () => {
    const res = await upload(IMAGE, tinyPng());
    expect(res.statusCode).toBe(200);
    const anonymous = await t.app.inject({ ...fileUpload(IMAGE, { data: tinyPng() }) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('served media', () => {
  it('never serves a path outside the media folder', async () => {
    for (const url of [
      '/media/../../etc/passwd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/images/../../../../etc/passwd',
      '/media/images/nothing.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('root:');
    }
    // An encoded slash and a folder are refused by the file server itself (403): no file, no listing.
    for (const url of ['/media/..%2f..%2fetc%2fpasswd', '/media/images/', '/media/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.json(), url).toEqual({ detail: expect.any(String) });
    }
  });
});

describe('video upload', () => {
  it('stores an MP4, reads its duration from moov at the end and answers the VideoFile', async () => {
    const mp4 = syntheticMp4({ timescale: 1000, duration: 83_600, mdatBytes: 300_000 });
    const res = await upload(VIDEO, mp4, ' Episode 1: The Beginning.mp4 ', 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file).toEqual({
      id: expect.any(Number),
      ext_id: expect.stringMatching(/^vf_[0-9a-f]{32}$/),
      name: 'Episode 1: The Beginning.mp4',
      size_bytes: mp4.length,
      duration_sec: 84,
      playback_url: expect.stringMatching(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/),
      thumbnail_url: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      content_lang_id: null,
      content_id: null,
    });
    const [row] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, file.id));
    expect(row.storage_key).toBe(file.playback_url.replace('/media/', ''));
    const served = await t.app.inject({ method: 'GET', url: file.playback_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(mp4)).toBe(true);
    const range = await t.app.inject({ method: 'GET', url: file.playback_url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(100);
  });

  it('reads version 1 mvhd and 64-bit box sizes; WebM and MP4 without moov get no duration', async () => {
    const v1 = await upload(
      VIDEO,
      syntheticMp4({ timescale: 48_000, duration: 48_000n * 125n, version: 1, largeMdat: true }),
      'v1.mov',
    );
    expect(v1.json()).toMatchObject({ duration_sec: 125, name: 'v1.mov' });
    const webmBytes = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
      Buffer.alloc(500),
    ]);
    const webm = await upload(VIDEO, webmBytes, 'clip.webm');
    expect(webm.statusCode, webm.body).toBe(200);
    expect(webm.json()).toMatchObject({ duration_sec: null, size_bytes: webmBytes.length });
    expect(webm.json().playback_url).toMatch(/\.webm$/);
    const served = await t.app.inject({ method: 'GET', url: webm.json().playback_url });
    expect(served.headers['content-type']).toBe('video/webm');
    const noMoov = Buffer.concat([syntheticMp4({ timescale: 1, duration: 1 }).subarray(0, 32 + 72)]);
    expect((await upload(VIDEO, noMoov, 'cut.mp4')).json().duration_sec).toBeNull();
  });

  it('keeps the name as a label only (trimmed to 200 characters), never as a path', async () => {
    const long = `${'a'.repeat(250)}.mp4`;
    const res = await upload(VIDEO, syntheticMp4({ timescale: 1, duration: 1 }), long);
    expect(res.json().name).toBe('a'.repeat(200));
    // The multipart parser already drops directories from the name; the key is random anyway.
    const sneaky = await upload(VIDEO, syntheticMp4({ timescale: 1, duration: 1 }), '../../../etc/cron.d/x.mp4');
    expect(sneaky.json().name).toBe('x.mp4');
    expect(sneaky.json().playback_url).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.mp4$/);
    const unnamed = await upload(VIDEO, syntheticMp4({ timescale: 1, duration: 1 }), '');
    expect(unnamed.json().name).toBe('video.mp4');
  });

  it('refuses what is not a video with 415 and records nothing', async () => {
    const rows = (await videoRows()).length;
    const files = filesIn('videos').length;
    for (const body of [tinyPng(), 'just text', Buffer.from('\0\0\0\x18ftypavif\0\0\0\0mif1', 'latin1')]) {
      const res = await upload(VIDEO, body, 'movie.mp4', 'video/mp4');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ detail: 'Only MP4, QuickTime or WebM videos' });
    }
    expect(await videoRows()).toHaveLength(rows);
    expect(filesIn('videos')).toHaveLength(files);
  });
});

/** A storage that records how it is used, and may fail after some bytes. */
class RecordingStorage implements Storage {
  received: 'stream' | 'buffer' | null = null;
  largestChunk = 0;
  bytes = 0;
  deleted: string[] = [];
  constructor(private readonly failAfter = Number.POSITIVE_INFINITY) {}
  async put(_key: string, body: Readable | Buffer, _options: PutOptions) {
    this.received = Buffer.isBuffer(body) ? 'buffer' : 'stream';
    for await (const chunk of Readable.from(Buffer.isBuffer(body) ? [body] : body)) {
      this.largestChunk = Math.max(this.largestChunk, chunk.length);
      this.bytes += chunk.length;
      if (this.bytes > this.failAfter) throw new Error('disk full');
    }
    return { size: this.bytes };
  }
  publicUrl(key: string) {
    return `https://cdn.example.test/${key}`;
  }
  async delete(key: string) {
    this.deleted.push(key);
  }
  async read(_key: string) {
    return undefined;
  }
}

/** 20 MB of MP4 produced 64 KB at a time, never existing whole. */
function generatedMp4(totalMdat: number, failAt?: number): Readable {
  const head = syntheticMp4({ timescale: 10, duration: 100, moovFirst: true, mdatBytes: 0 });
  const mdatHeader = head.subarray(head.length - 8);
  mdatHeader.writeUInt32BE(8 + totalMdat);
  return Readable.from(
    (async function* () {
      yield head;
      for (let sent = 0; sent < totalMdat; sent += 65_536) {
        if (failAt !== undefined && sent >= failAt) throw new Error('connection reset');
        yield Buffer.alloc(Math.min(65_536, totalMdat - sent), 1);
      }
    })(),
    { objectMode: false },
  );
}

describe('saveVideo streams', () => {
  it('hands storage a stream, never the whole file', async () => {
    const storage = new RecordingStorage();
    const file = await saveVideo(t.database.db, storage, generatedMp4(20 * 1024 * 1024), 'long.mp4', 1024 ** 3);
    expect(storage.received).toBe('stream');
    expect(storage.largestChunk).toBeLessThanOrEqual(1024 * 1024);
    expect(file).toMatchObject({ size_bytes: storage.bytes, duration_sec: 10 });
    expect(file.playback_url).toMatch(/^https:\/\/cdn\.example\.test\/videos\/[0-9a-f-]{36}\.mp4$/);
  });

  it('deletes the partial object and records nothing when the upload or the storage fails midway', async () => {
    const rows = (await videoRows()).length;
    const broken = new RecordingStorage();
    const upload = saveVideo(t.database.db, broken, generatedMp4(4 * 1024 * 1024, 1024 * 1024), 'x.mp4', 1024 ** 3);
    await expect(upload).rejects.toMatchObject({ status: 400 });
    expect(broken.deleted).toHaveLength(1);
    expect(broken.deleted[0]).toMatch(/^videos\//);

    const full = new RecordingStorage(2 * 1024 * 1024);
    await expect(saveVideo(t.database.db, full, generatedMp4(4 * 1024 * 1024), 'y.mp4', 1024 ** 3)).rejects.toThrow(
      'disk full',
    );
    expect(full.deleted).toHaveLength(1);
    expect(await videoRows()).toHaveLength(rows);
  });
});

/** A multipart body streamed over a real socket: inject would buffer it, a browser does not. */
async function streamUpload(base: string, mdatBytes: number, token: string) {
  const boundary = '----streamed-upload';
  const head = syntheticMp4({ timescale: 25, duration: 25 * 90, moovFirst: true, mdatBytes: 0 });
  head.writeUInt32BE(8 + mdatBytes, head.length - 8);
  const chunks = (async function* () {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    yield head;
    for (let sent = 0; sent < mdatBytes; sent += 256 * 1024) yield Buffer.alloc(Math.min(256 * 1024, mdatBytes - sent));
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  })();
  const res = await fetch(`${base}/api/content/upload?type=video`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(chunks, { objectMode: false })) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: await res.json(), size: head.length + mdatBytes };
}

describe('video size limit (MAX_VIDEO_BYTES), over a real connection too', () => {
  const LIMIT = 8 * 1024 * 1024;
  let small: TestApp;
  let base: string;
  beforeAll(async () => {
    small = await createTestApp({ MAX_VIDEO_BYTES: String(LIMIT) });
    base = await small.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => small.close());
  const rows = () => small.database.db.select().from(videoFiles);
  const stored = () => {
    const dir = path.join(small.config.DATA_DIR, 'media', 'videos');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('answers 413 one byte over the limit, deletes the partial file and records nothing', async () => {
    const mp4 = syntheticMp4({ timescale: 1, duration: 1, mdatBytes: LIMIT });
    const over = Buffer.concat([mp4.subarray(0, LIMIT), Buffer.alloc(1)]);
    const res = await small.request(fileUpload(VIDEO, { data: over, filename: 'big.mp4' }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'File is bigger than 8MB' });
    expect(await rows()).toHaveLength(0);
    expect(stored()).toEqual([]);
    const ok = await small.request(fileUpload(VIDEO, { data: mp4.subarray(0, LIMIT), filename: 'fits.mp4' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().size_bytes).toBe(LIMIT);
  });

  it('streams a video sent in chunks, and answers 413 to a bigger one while it is still arriving', async () => {
    const ok = await streamUpload(base, 6 * 1024 * 1024, small.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ size_bytes: ok.size, duration_sec: 90 });
    const tooBig = await streamUpload(base, 40 * 1024 * 1024, small.token);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ detail: 'File is bigger than 8MB' });
    expect(stored()).toHaveLength(2);
    expect(await rows()).toHaveLength(2);
  });
});
