import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoFiles } from '../../db/schema.ts';
import type { PutOptions, Storage } from '../../lib/storage/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { audioOnly, bin, testMaster } from '../../test/masters.ts';
import { fileUpload, multipartBody, tinyPng } from '../../test/multipart.ts';
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
  // Its header declares 1 × 1 pixels (MAX_IMAGE_PIXELS reads it); only the size in bytes is under test.
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(1, 16);
  bytes.writeUInt32BE(1, 20);
  return bytes;
}

async function videoRows() {
  return t.database.db.select().from(videoFiles);
}

/** What is left in the folder uploads are streamed to before the probe: nothing, once an upload is answered. */
function workFiles(app: TestApp = t): string[] {
  return existsSync(app.app.videos.workDir) ? readdirSync(app.app.videos.workDir) : [];
}

/** A real master (made by ffmpeg) followed by filler up to `size` bytes: the probe reads the master, the meter counts all. */
async function paddedMaster(size: number): Promise<Buffer> {
  const master = await testMaster();
  return Buffer.concat([master, Buffer.alloc(size - master.length)]);
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
        // SOI, then a start of frame declaring 1 × 1 (MAX_IMAGE_PIXELS reads it).
        bytes: Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]),
          Buffer.alloc(100),
        ]),
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
      await testMaster(),
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
    const before = filesIn('masters').length;
    const rowsBefore = (await videoRows()).length;
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'a.mp4', data: await testMaster() }]);
    const cut = payload.subarray(0, payload.length - 120_000);
    const res = await t.request({ method: 'POST', url: VIDEO, payload: cut, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/interrupted|multipart/);
    expect(filesIn('masters')).toHaveLength(before);
    expect(await videoRows()).toHaveLength(rowsBefore);
    expect(workFiles()).toEqual([]);
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
  it('keeps an MP4 as a private master, takes its duration from the probe and answers the queued VideoFile', async () => {
    const master = await testMaster({ seconds: 3 });
    const res = await upload(VIDEO, master, ' Episode 1: The Beginning.mp4 ', 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file).toEqual({
      id: expect.any(Number),
      ext_id: expect.stringMatching(/^vf_[0-9a-f]{32}$/),
      name: 'Episode 1: The Beginning.mp4',
      size_bytes: master.length,
      duration_sec: 3,
      status: 'queued',
      progress: 0,
      eta_sec: null,
      failure: null,
      source: {
        container: 'mp4',
        width: 320,
        height: 180,
        fps: 25,
        duration_sec: expect.closeTo(3, 1),
        video_codec: 'h264',
        audio: [{ index: 1, codec: 'aac', channels: 1, language: null }],
      },
      renditions: [],
      audio_tracks: [],
      playback_url: null,
      thumbnail_url: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      content_lang_id: null,
      content_id: null,
    });
    const [row] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, file.id));
    // A random key of the server's: nothing of the client's name, not even its extension.
    expect(row.storage_key).toMatch(/^masters\/[0-9a-f-]{36}$/);
    expect(readFileSync(path.join(t.config.DATA_DIR, 'media', row.storage_key)).equals(master)).toBe(true);
    // The master is never served, whether asked for whole or in part.
    for (const headers of [{}, { range: 'bytes=0-99' }]) {
      const served = await t.app.inject({ method: 'GET', url: `/media/${row.storage_key}`, headers });
      expect(served.statusCode).toBe(404);
      expect(served.rawPayload.includes(master.subarray(0, 64))).toBe(false);
    }
    expect(workFiles()).toEqual([]);
  });

  it('takes the duration and the source from the probe whatever the container, with or without sound', async () => {
    const samples = [
      { options: { container: 'mov-prores' as const }, name: 'v1.mov', container: 'mov', codec: 'prores' },
      { options: { container: 'webm' as const }, name: 'clip.webm', container: 'webm', codec: 'vp9' },
      { options: { container: 'mkv' as const, audio: false }, name: 'silent.mkv', container: 'mkv', codec: 'h264' },
    ];
    for (const sample of samples) {
      const master = await testMaster({ seconds: 3, width: 160, height: 90, ...sample.options });
      const res = await upload(VIDEO, master, sample.name);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), sample.name).toMatchObject({
        name: sample.name,
        size_bytes: master.length,
        duration_sec: 3,
        status: 'queued',
        source: { container: sample.container, width: 160, height: 90, video_codec: sample.codec },
      });
      expect(res.json().source.audio, sample.name).toHaveLength(sample.options.audio === false ? 0 : 1);
    }
  });

  it('keeps the name as a label only (trimmed to 200 characters), never as a path', async () => {
    const master = await testMaster({ seconds: 1, width: 64, height: 36 });
    const long = `${'a'.repeat(250)}.mp4`;
    const res = await upload(VIDEO, master, long);
    expect(res.json().name).toBe('a'.repeat(200));
    // The multipart parser already drops directories from the name; the key is random anyway.
    const sneaky = await upload(VIDEO, master, '../../../etc/cron.d/x.mp4');
    expect(sneaky.json().name).toBe('x.mp4');
    const [row] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, sneaky.json().id));
    expect(row.storage_key).toMatch(/^masters\/[0-9a-f-]{36}$/);
    const unnamed = await upload(VIDEO, master, '');
    expect(unnamed.json().name).toBe('video');
  });

  it('refuses what is not a video with 415 and the probe’s sentence, and keeps nothing', async () => {
    const rows = (await videoRows()).length;
    const files = filesIn('masters').length;
    const refusals: [Buffer | string, string][] = [
      [tinyPng(), 'This file is a picture, not a video. Upload a video file such as MP4, MOV, MKV, WebM, AVI or MXF.'],
      [
        'just text',
        'This file is not a video that can be read. Upload a video file such as MP4, MOV, MKV, WebM, AVI or MXF.',
      ],
      [
        Buffer.from('\0\0\0\x18ftypavif\0\0\0\0mif1', 'latin1'),
        'This file is not a complete video: its MP4 index is missing, so it was probably cut short while copying. Upload the whole file.',
      ],
      [audioOnly(), 'This file has sound but no picture. Upload a video file with its picture.'],
      [Buffer.alloc(0), 'The file is empty: a video was expected'],
    ];
    for (const [body, detail] of refusals) {
      const res = await upload(VIDEO, body, 'movie.mp4', 'video/mp4');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toEqual({ detail });
    }
    expect(await videoRows()).toHaveLength(rows);
    expect(filesIn('masters')).toHaveLength(files);
    expect(workFiles()).toEqual([]);
  });

  it('answers 500 when storage fails, records nothing and leaves no temporary file', async () => {
    const rows = (await videoRows()).length;
    const masters = path.join(t.config.DATA_DIR, 'media', 'masters');
    const aside = `${masters}-aside`;
    if (existsSync(masters)) renameSync(masters, aside);
    // A file where the folder of masters should be: local storage really fails to store (a root user ignores modes).
    writeFileSync(masters, 'in the way');
    try {
      const res = await upload(VIDEO, await testMaster(), 'episode.mp4');
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json().detail).toEqual(expect.any(String));
      expect(await videoRows()).toHaveLength(rows);
      expect(workFiles()).toEqual([]);
      expect(readFileSync(masters, 'utf8')).toBe('in the way');
    } finally {
      rmSync(masters);
      if (existsSync(aside)) renameSync(aside, masters);
    }
  });
});

/** A storage that records how it is used, and may fail when a file is moved in. */
class RecordingStorage implements Storage {
  puts = 0;
  movedIn: { key: string; file: string; size: number; options: PutOptions }[] = [];
  deleted: string[] = [];
  constructor(private readonly failure?: Error) {}
  async put(_key: string, _body: Readable | Buffer, _options: PutOptions): Promise<{ size: number }> {
    this.puts += 1;
    throw new Error('an upload is moved in from its file, never put');
  }
  async moveIn(key: string, file: string, options: PutOptions) {
    const { size } = await stat(file);
    this.movedIn.push({ key, file, size, options });
    // A failing storage leaves the file where it was: whoever called must not count on it being removed.
    if (this.failure) throw this.failure;
    await rm(file);
    return { size };
  }
  async localPath(key: string, _dir: string): Promise<string> {
    throw new Error(`an upload never reads ${key} back`);
  }
  async deleteFolder(prefix: string) {
    this.deleted.push(`${prefix}/`);
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

/**
 * A real master followed by filler, `total` bytes produced 64 KB at a time and never existing whole; fails with a
 * reset connection once `failAt` bytes were sent. `beforeLast` runs before the last chunk is given.
 */
function generatedUpload(
  master: Buffer,
  total: number,
  options: { failAt?: number; beforeLast?: () => void } = {},
): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < total; sent += 65_536) {
        if (options.failAt !== undefined && sent >= options.failAt) throw new Error('connection reset');
        const end = Math.min(sent + 65_536, total);
        if (end === total) options.beforeLast?.();
        const chunk = Buffer.alloc(end - sent);
        if (sent < master.length) master.copy(chunk, 0, sent, Math.min(end, master.length));
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

describe('saveVideo', () => {
  let workDir: string;
  let master: Buffer;
  beforeAll(async () => {
    master = await testMaster();
  });
  // A working folder of each test's own, so that what is left in it is that test's.
  const freshWorkDir = () => {
    workDir = mkdtempSync(path.join(t.config.DATA_DIR, 'saved-'));
    return { maxBytes: 1024 ** 3, workDir, bin };
  };

  it('streams the upload to a file of its own while it arrives, and moves that file into storage', async () => {
    const storage = new RecordingStorage();
    const options = freshWorkDir();
    const total = 20 * 1024 * 1024;
    let writtenBeforeLast = -1;
    const body = generatedUpload(master, total, {
      beforeLast: () => {
        const [temporary] = readdirSync(workDir);
        writtenBeforeLast = statSync(path.join(workDir, temporary)).size;
      },
    });
    const file = await saveVideo(t.database.db, storage, body, 'long.mp4', options);
    // On disk as it arrived (at most a few chunks in flight), not gathered in memory first.
    expect(writtenBeforeLast).toBeGreaterThan(total - 1024 * 1024);
    expect(storage.puts).toBe(0);
    expect(storage.movedIn).toEqual([
      {
        key: expect.stringMatching(/^masters\/[0-9a-f-]{36}$/),
        file: expect.stringMatching(new RegExp(`^${workDir}/upload-`)),
        size: total,
        options: { contentType: 'application/octet-stream', immutable: true },
      },
    ]);
    expect(file).toMatchObject({ size_bytes: total, duration_sec: 2, status: 'queued', playback_url: null });
    const [row] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, file.id));
    expect(row.storage_key).toBe(storage.movedIn[0].key);
    expect(readdirSync(workDir)).toEqual([]);
    expect(storage.deleted).toEqual([]);
  });

  it('records nothing and leaves no file when the upload breaks, is too big, or storage fails', async () => {
    const rows = (await videoRows()).length;

    const broken = new RecordingStorage();
    const cut = generatedUpload(master, 4 * 1024 * 1024, { failAt: 1024 * 1024 });
    await expect(saveVideo(t.database.db, broken, cut, 'x.mp4', freshWorkDir())).rejects.toMatchObject({
      status: 400,
      message: 'The upload was interrupted or is not valid multipart data',
    });
    expect(broken.movedIn).toEqual([]);
    expect(readdirSync(workDir)).toEqual([]);

    const small = new RecordingStorage();
    const big = generatedUpload(master, 4 * 1024 * 1024);
    await expect(
      saveVideo(t.database.db, small, big, 'big.mp4', { ...freshWorkDir(), maxBytes: 1024 * 1024 }),
    ).rejects.toMatchObject({ status: 413, message: 'File is bigger than 1MB' });
    expect(small.movedIn).toEqual([]);
    expect(readdirSync(workDir)).toEqual([]);

    const full = new RecordingStorage(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    const whole = generatedUpload(master, 4 * 1024 * 1024);
    const failed = saveVideo(t.database.db, full, whole, 'y.mp4', freshWorkDir());
    // The storage's own error, not an answer of the upload's (no status): the route answers 500.
    await expect(failed).rejects.toThrow('disk full');
    await expect(failed).rejects.not.toHaveProperty('status');
    expect(full.movedIn).toHaveLength(1);
    // The storage left the file: the upload removed it.
    expect(existsSync(full.movedIn[0].file)).toBe(false);
    expect(readdirSync(workDir)).toEqual([]);

    expect(await videoRows()).toHaveLength(rows);
  });

  it('deletes the stored master when the row cannot be written', async () => {
    const storage = new RecordingStorage();
    const options = freshWorkDir();
    let failure: unknown;
    // A transaction the database has already given up on: every statement in it fails, the insert too.
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1 / 0`).catch(() => {});
        failure = await saveVideo(tx, storage, generatedUpload(master, master.length), 'z.mp4', options).catch(
          (err: unknown) => err,
        );
      })
      .catch(() => {});
    expect(failure).toBeInstanceOf(Error);
    expect(storage.movedIn).toHaveLength(1);
    expect(storage.deleted).toEqual([storage.movedIn[0].key]);
    expect(readdirSync(workDir)).toEqual([]);
    expect((await videoRows()).some((r) => r.name === 'z.mp4')).toBe(false);
  });
});

/** A multipart body streamed over a real socket: inject would buffer it, a browser does not. */
async function streamUpload(base: string, total: number, token: string) {
  const boundary = '----streamed-upload';
  const master = await testMaster();
  let sent = 0;
  const chunks = (async function* () {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    for await (const chunk of generatedUpload(master, total)) {
      sent += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  })();
  const res = await fetch(`${base}/api/content/upload?type=video`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(chunks, { objectMode: false })) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  // How much of the file had been sent when the answer came.
  const sentWhenAnswered = sent;
  return { status: res.status, body: await res.json(), sentWhenAnswered };
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
    const dir = path.join(small.config.DATA_DIR, 'media', 'masters');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('answers 413 one byte over the limit, removes the partial file and records nothing', async () => {
    // A real master filled up to the limit: the limit is counted while streaming, before the probe reads anything.
    const over = await paddedMaster(LIMIT + 1);
    const res = await small.request(fileUpload(VIDEO, { data: over, filename: 'big.mp4' }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'File is bigger than 8MB' });
    expect(await rows()).toHaveLength(0);
    expect(stored()).toEqual([]);
    expect(workFiles(small)).toEqual([]);
    const ok = await small.request(fileUpload(VIDEO, { data: over.subarray(0, LIMIT), filename: 'fits.mp4' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ size_bytes: LIMIT, duration_sec: 2, status: 'queued' });
    expect(stored()).toHaveLength(1);
  });

  it('streams a video sent in chunks, and answers 413 to a bigger one while it is still arriving', async () => {
    const ok = await streamUpload(base, 6 * 1024 * 1024, small.token);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ size_bytes: 6 * 1024 * 1024, duration_sec: 2, status: 'queued' });
    const tooBig = await streamUpload(base, 40 * 1024 * 1024, small.token);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ detail: 'File is bigger than 8MB' });
    // Refused when the limit was passed, not after the whole 40 MB had been sent.
    expect(tooBig.sentWhenAnswered).toBeLessThan(20 * 1024 * 1024);
    expect(stored()).toHaveLength(2);
    expect(await rows()).toHaveLength(2);
    expect(workFiles(small)).toEqual([]);
  });
});
