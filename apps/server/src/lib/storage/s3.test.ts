import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { fileUpload, syntheticMp4, tinyPng } from '../../test/multipart.ts';
import { createStorage } from './index.ts';
import { S3Storage } from './s3.ts';

// s3rver ships no types; only what the test uses.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

const BUCKET = 'media';
const PUBLIC = 'https://media.example.test';
let server: S3rverServer;
let directory: string;
let env: Record<string, string>;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'kids-vod-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: `${PUBLIC}/`,
    S3_FORCE_PATH_STYLE: 'true',
  };
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

async function storage(): Promise<S3Storage> {
  const chosen = await createStorage(loadConfig({ DATA_DIR: directory, ...env }));
  expect(chosen).toBeInstanceOf(S3Storage);
  return chosen as S3Storage;
}

async function read(s3: S3Storage, key: string) {
  const res = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: Buffer.from(await res.Body!.transformToByteArray()), type: res.ContentType, cache: res.CacheControl };
}

describe('S3Storage against s3rver', () => {
  it('puts a buffer with its type and cache policy, answers the public URL, and deletes', async () => {
    const s3 = await storage();
    const png = tinyPng();
    expect(await s3.put('images/one.png', png, { contentType: 'image/png', immutable: true })).toEqual({
      size: png.length,
    });
    expect(await read(s3, 'images/one.png')).toEqual({
      bytes: png,
      type: 'image/png',
      cache: 'public, max-age=31536000, immutable',
    });
    expect(s3.publicUrl('images/one.png')).toBe(`${PUBLIC}/images/one.png`);
    await s3.delete('images/one.png');
    await expect(s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'images/one.png' }))).rejects.toThrow();
    await expect(s3.delete('images/one.png')).resolves.toBeUndefined();
  });

  it('streams a body larger than one part (multipart upload) and counts its bytes', async () => {
    const s3 = await storage();
    const total = 6 * 1024 * 1024 + 123;
    const chunk = Buffer.alloc(64 * 1024);
    for (let i = 0; i < chunk.length; i++) chunk[i] = i % 251;
    const body = Readable.from(
      (function* () {
        for (let sent = 0; sent < total; sent += chunk.length)
          yield chunk.subarray(0, Math.min(chunk.length, total - sent));
      })(),
      { objectMode: false },
    );
    const { size } = await s3.put('catalog/en.json', body, { contentType: 'application/json', immutable: false });
    expect(size).toBe(total);
    const back = await read(s3, 'catalog/en.json');
    expect(back.bytes.length).toBe(total);
    expect(back.bytes.subarray(0, 300).equals(Buffer.concat([chunk, chunk]).subarray(0, 300))).toBe(true);
    expect(back.cache).toBe('no-cache');
    expect(back.type).toBe('application/json');
  });

  it('fails the put when the body fails, before or after the first part, leaving no object', async () => {
    const s3 = await storage();
    for (const before of [1024, 6 * 1024 * 1024]) {
      const body = Readable.from(
        (async function* () {
          for (let sent = 0; sent < before; sent += 64 * 1024) yield Buffer.alloc(Math.min(64 * 1024, before - sent));
          throw new Error('client went away');
        })(),
        { objectMode: false },
      );
      const key = `videos/broken-${before}.mp4`;
      await expect(s3.put(key, body, { contentType: 'video/mp4', immutable: true })).rejects.toThrow(
        'client went away',
      );
      await expect(s3.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toThrow();
    }
  });

  it('refuses unsafe keys', async () => {
    const s3 = await storage();
    await expect(s3.put('../x', Buffer.from('x'), { contentType: 'text/plain', immutable: true })).rejects.toThrow(
      /Unsafe/,
    );
    await expect(s3.delete('images/../../x')).rejects.toThrow(/Unsafe/);
  });
});

describe('uploads through the app with STORAGE_DRIVER=s3', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t.close());

  it('stores an image and a video in the bucket and answers their public URLs', async () => {
    const s3 = t.app.storage as S3Storage;
    expect(s3).toBeInstanceOf(S3Storage);
    const png = tinyPng();
    const image = await t.request(fileUpload('/api/content/upload?type=image&platform=other', { data: png }));
    expect(image.statusCode, image.body).toBe(200);
    const { url, cloudflare_url } = image.json();
    expect(url).toMatch(/^https:\/\/media\.example\.test\/images\/[0-9a-f-]{36}\.png$/);
    expect(cloudflare_url).toBe(url);
    expect(await read(s3, url.slice(PUBLIC.length + 1))).toMatchObject({ bytes: png, type: 'image/png' });

    const mp4 = syntheticMp4({ timescale: 1000, duration: 61_000, mdatBytes: 100_000 });
    const video = await t.request(fileUpload('/api/content/upload?type=video', { data: mp4, filename: 'clip.mp4' }));
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json()).toMatchObject({ size_bytes: mp4.length, duration_sec: 61, name: 'clip.mp4' });
    const key = video.json().playback_url.slice(PUBLIC.length + 1);
    expect(key).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);
    expect(await read(s3, key)).toMatchObject({
      bytes: mp4,
      type: 'video/mp4',
      cache: 'public, max-age=31536000, immutable',
    });

    // No local /media for an S3 driver: the bucket's public URL serves the files.
    expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
  });
});
