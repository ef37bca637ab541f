import { api, type VideoFile } from '@kids-vod/contract';
import { expect } from 'vitest';
import { testMaster } from '../../apps/server/src/test/masters.ts';
import { fileUpload } from '../../apps/server/src/test/multipart.ts';
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

/**
 * A real master (ffmpeg's test sources, `seconds` long, 320×180 with a tone) uploaded through the API, as another
 * admin would have done it; answered once it is processed (`ready`), as a catalogue shows only ready videos, unless
 * told not to wait.
 */
export async function uploadVideo(
  c: ConsoleUnderTest,
  name: string,
  seconds: number,
  { ready = true }: { ready?: boolean } = {},
): Promise<VideoFile> {
  const res = await c.t.request(
    fileUpload('/api/content/upload?type=video', { data: await testMaster({ seconds }), filename: name }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const file: VideoFile = res.json();
  if (!ready) return file;
  // Waited for by hand, not with expect.poll: a scene is often set in beforeAll, outside any test.
  const until = Date.now() + 90_000;
  for (;;) {
    const now = await c.t.call(api.content.fileGet, { id: file.id });
    if (now.status === 'ready') return now;
    if (now.status === 'failed' || Date.now() > until) {
      throw new Error(`${name} did not become ready: ${now.status} ${now.failure ?? ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
