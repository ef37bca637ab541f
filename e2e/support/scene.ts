import { expect } from 'vitest';
import type { ConsoleUnderTest } from './console.ts';

/** Setting the scene through the API (as the admin); the journeys themselves go through the browser. */
export interface Saved {
  id: number;
  name: string;
  ext_id: string;
}

export async function post<T = Saved>(c: ConsoleUnderTest, url: string, body: unknown): Promise<T> {
  const res = await c.t.post(url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** A brand with one item per title in `season`, each with an English version of that title. */
export async function brandWithContent(c: ConsoleUnderTest, name: string, titles: string[], season = 1) {
  const brand = await c.addBrand(name);
  for (const title of titles) {
    const item = await post(c, '/api/content/add', { brand_id: brand.id, season });
    await post(c, '/api/content_lang/add', { content_id: item.id, lang_id: 1, title });
  }
  return brand;
}

/** The smallest MP4 the server accepts and reads a duration from: ftyp, then moov with mvhd. */
export function tinyMp4(seconds: number): Buffer {
  const box = (type: string, payload: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + payload.length, 0);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, payload]);
  };
  const mvhd = Buffer.alloc(100); // version 0: flags, times, timescale at 12, duration at 16
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2', 'latin1')), box('moov', box('mvhd', mvhd))]);
}

/** An upload through the API, as another admin would have done it. */
export async function uploadVideo(c: ConsoleUnderTest, name: string, seconds: number): Promise<Saved> {
  const boundary = '----e2e-content';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    tinyMp4(seconds),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await c.t.request({
    method: 'POST',
    url: '/api/content/upload?type=video',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
