import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ENGLISH = 1;
const RUSSIAN = 2;

let seq = 0;
async function newStream(fields: Record<string, unknown> = {}) {
  seq += 1;
  const res = await t.send(api.stream.add, {
    lang_id: ENGLISH,
    title: `Stream ${seq}`,
    url: `https://live.example.com/${seq}.m3u8`,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const listIds = async (langId: number) =>
  (await t.call(api.stream.list, { lang_id: langId })).map((s: { id: number }) => s.id);

describe('streams', () => {
  it('needs a session', async () => {
    const res = await t.send(api.stream.list, { lang_id: ENGLISH }, { token: null });
    expect(res.statusCode).toBe(401);
  });

  it('creates a stream with defaults and lists it under its language only', async () => {
    const res = await t.send(api.stream.add, {
      lang_id: RUSSIAN,
      title: ' Cartoons ',
      url: 'http://live.example.com/ru.m3u8',
      poster_url: '',
      id: 999,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stream = res.json();
    expect(stream).toMatchObject({
      lang_id: RUSSIAN,
      title: 'Cartoons',
      url: 'http://live.example.com/ru.m3u8',
      poster_url: null,
      sort: 0,
      is_active: true,
    });
    expect(stream.id).not.toBe(999);
    const list = await t.send(api.stream.list, { lang_id: RUSSIAN });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([stream]);
    expect(await listIds(ENGLISH)).not.toContain(stream.id);
  });

  it('stores an upper-case scheme in lower case, as the catalogue format has it', async () => {
    const stream = await newStream({
      url: 'HTTPS://Live.Example.com/Kids.m3u8',
      poster_url: 'Http://cdn.example.com/P.png',
    });
    expect(stream).toMatchObject({
      url: 'https://Live.Example.com/Kids.m3u8',
      poster_url: 'http://cdn.example.com/P.png',
    });
  });

  it('orders the list by sort, then id', async () => {
    const late = await newStream({ sort: 10 });
    const tieFirst = await newStream({ sort: -10 });
    const tieSecond = await newStream({ sort: -10 });
    const ids = await listIds(ENGLISH);
    expect(ids.slice(0, 2)).toEqual([tieFirst.id, tieSecond.id]);
    expect(ids.indexOf(tieSecond.id)).toBeLessThan(ids.indexOf(late.id));
  });

  it('answers 404 for an unknown language', async () => {
    const list = await t.refused(api.stream.list, { lang_id: 9999 });
    expect(list.status).toBe(404);
    expect(list.detail).toBe('Language not found');
    const add = await t.refused(api.stream.add, { lang_id: 9999, title: 'x', url: 'https://example.com/x' });
    expect(add.status).toBe(404);
    expect(add.detail).toBe('Unknown lang_id: 9999');
    const stream = await newStream();
    expect((await t.refused(api.stream.update, { id: stream.id, lang_id: 9999 })).status).toBe(404);
  });

  it('refuses a url that is not http(s), a missing title and a missing language with 400', async () => {
    const unencoded = [
      'https://example.com/live now/index.m3u8',
      'https://example.com/a<b>',
      'https://example.com/"x"',
    ];
    for (const url of ['ftp://example.com/live', 'rtmp://example.com/live', 'not a url', '', ...unencoded]) {
      const res = await t.refused(api.stream.add, { lang_id: ENGLISH, title: 'x', url });
      expect(res.status, url).toBe(400);
      expect(res.errors?.[0]?.path).toBe('url');
    }
    const missing = await t.refused(api.stream.add, { url: 'https://example.com/x', title: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.errors?.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['lang_id', 'title']));
    expect((await t.refused(api.stream.list, {})).status).toBe(400);
    const stream = await newStream();
    expect((await t.refused(api.stream.update, { id: stream.id, url: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('updates only the fields sent and refuses a stale updated_at with 409', async () => {
    const stream = await newStream({ poster_url: '/media/poster.jpg', sort: 4 });
    const res = await t.send(api.stream.update, {
      id: stream.id,
      title: 'Renamed',
      lang_id: RUSSIAN,
      poster_url: '',
      updated_at: stream.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ title: 'Renamed', lang_id: RUSSIAN, poster_url: null, url: stream.url, sort: 4 });
    expect(saved.updated_at > stream.updated_at).toBe(true);
    expect(await listIds(RUSSIAN)).toContain(stream.id);
    expect(await listIds(ENGLISH)).not.toContain(stream.id);
    const stale = await t.refused(api.stream.update, { id: stream.id, title: 'Lost', updated_at: stream.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.detail).toBe('Stream was changed by someone else. Reload it and try again.');
    const lww = await t.send(api.stream.update, { id: stream.id, is_active: false });
    expect(lww.json()).toMatchObject({ title: 'Renamed', is_active: false });
    const missing = await t.refused(api.stream.update, { id: 987654, title: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.detail).toBe('Stream not found');
  });
});
