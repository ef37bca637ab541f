/**
 * tus that answers right (issue 37): creation with upload of the whole file is a 201 with `Location` and
 * `Video-File-Id`; a request that loses the race for the last byte gets 409 or 423, never 500; an extension not
 * offered is a 400 with `{detail}`; one person holds at most MAX_OPEN_UPLOADS unfinished uploads (429).
 */
import { TUS_UPLOADS_PATH, VIDEO_FILE_ID_HEADER } from '@kids-vod/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';

let t: TestApp;
let base: string;
let master: Buffer;

beforeAll(async () => {
  t = await createTestApp({ MAX_OPEN_UPLOADS: '3' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  master = await testMaster();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const headers = (more: Record<string, string> = {}) => ({
  authorization: `Bearer ${t.token}`,
  'tus-resumable': '1.0.0',
  ...more,
});
const create = (length: number, more: Record<string, string> = {}, body?: Buffer) =>
  fetch(`${base}${TUS_UPLOADS_PATH}`, {
    method: 'POST',
    headers: headers({
      'upload-length': String(length),
      ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
      ...more,
    }),
    body,
  });
const patch = (url: string, offset: number, bytes: Buffer) =>
  fetch(`${base}${url}`, {
    method: 'PATCH',
    headers: headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
    body: bytes,
  });

it('answers a creation with the whole file 201, with Location and Video-File-Id', async () => {
  const res = await create(master.length, {}, master);
  expect(res.status, await res.clone().text()).toBe(201);
  expect(res.headers.get('location')).toMatch(new RegExp(`^${TUS_UPLOADS_PATH}/[0-9a-f]+$`));
  expect(Number(res.headers.get(VIDEO_FILE_ID_HEADER))).toBeGreaterThan(0);
}, 60_000);

it('answers the requests that lose the race for the last byte 409 or 423, never 500', async () => {
  const res = await create(master.length);
  const url = res.headers.get('location') as string;
  const last = master.length - 1000;
  expect((await patch(url, 0, master.subarray(0, last))).status).toBe(204);
  const answers = await Promise.all(Array.from({ length: 6 }, () => patch(url, last, master.subarray(last))));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses.filter((s) => s === 204)).toHaveLength(1);
  for (const s of statuses) expect([204, 409, 423]).toContain(s);
  for (const a of answers.filter((x) => x.status !== 204))
    expect(await a.json()).toEqual({ detail: expect.any(String) });
}, 60_000);

it('answers 423 while the last byte is being kept, never a whole upload with no video, however often it is asked', async () => {
  const res = await create(master.length);
  const url = res.headers.get('location') as string;
  const last = master.length - 1000;
  expect((await patch(url, 0, master.subarray(0, last))).status).toBe(204);
  // The last PATCH keeps the file as a video (probe, row, storage) after the library let go of its lock: HEADs and
  // PATCHes asked meanwhile, without pause, cover that whole window.
  let done = false;
  const finishing = patch(url, last, master.subarray(last)).finally(() => {
    done = true;
  });
  const seen: { status: number; offset: number; video: string | null }[] = [];
  while (!done) {
    const asked = await fetch(`${base}${url}`, { method: 'HEAD', headers: headers() });
    seen.push({
      status: asked.status,
      offset: Number(asked.headers.get('upload-offset') ?? -1),
      video: asked.headers.get(VIDEO_FILE_ID_HEADER),
    });
  }
  expect((await finishing).status).toBe(204);
  // The window was hit (without the guard these answers were a whole upload with no video, or a 500).
  expect(seen.some((s) => s.status === 423)).toBe(true);
  for (const s of seen) {
    expect([200, 423]).toContain(s.status);
    if (s.status === 200 && s.offset === master.length) expect(s.video).toMatch(/^\d+$/);
  }
}, 60_000);

it('answers an extension not offered 400 with a detail', async () => {
  const concat = await create(10, { 'upload-concat': 'partial' });
  expect(concat.status).toBe(400);
  expect(((await concat.json()) as { detail: string }).detail).toMatch(
    /concatenation \(Upload-Concat\) is not offered/,
  );
  const deferred = await fetch(`${base}${TUS_UPLOADS_PATH}`, {
    method: 'POST',
    headers: headers({ 'upload-defer-length': '1' }),
  });
  expect(deferred.status).toBe(400);
  expect(((await deferred.json()) as { detail: string }).detail).toMatch(/Upload-Defer-Length/);
});

it('holds at most MAX_OPEN_UPLOADS unfinished uploads a person (429 with a sentence)', async () => {
  // The race above left none open; three are allowed here.
  for (let i = 0; i < 3; i++) expect((await create(1000)).status).toBe(201);
  const fourth = await create(1000);
  expect(fourth.status).toBe(429);
  expect(((await fourth.json()) as { detail: string }).detail).toBe(
    'You have 3 unfinished uploads (MAX_OPEN_UPLOADS): finish or cancel one before starting another',
  );
});
