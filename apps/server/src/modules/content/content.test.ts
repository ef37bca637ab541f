import { api, Content, ContentLangSummary, wholeList } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoFiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Item {
  id: number;
  brand_id: number;
  season: number;
  sort_number: number;
  updated_at: string;
  langs: { id: number; lang_id: number; title: string; has_video: boolean }[];
}

let seq = 0;
async function newBrand(): Promise<{ id: number }> {
  seq += 1;
  const res = await t.send(api.brand.add, { name: `Content brand ${seq}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function newContent(fields: Record<string, unknown>): Promise<Item> {
  const res = await t.send(api.content.add, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A brand with `n` items numbered 1..n in season 1. */
async function seasonOf(n: number): Promise<{ brandId: number; items: Item[] }> {
  const brand = await newBrand();
  const items: Item[] = [];
  for (let i = 0; i < n; i++) items.push(await newContent({ brand_id: brand.id }));
  return { brandId: brand.id, items };
}

async function list(brandId: number, season?: number): Promise<Item[]> {
  const res = await t.send(api.content.list, { brand_id: brandId, season });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** [id, sort_number] of one season, in list order. */
async function order(brandId: number, season = 1): Promise<[number, number][]> {
  return (await list(brandId, season)).map((c) => [c.id, c.sort_number]);
}

async function move(item: Item, fields: Record<string, unknown>) {
  return t.send(api.content.update, { id: item.id, sort_number_changed: true, ...fields });
}

/** Uploads come in a later issue: files are inserted directly. */
async function newVideoFile(fields: Partial<typeof videoFiles.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(videoFiles)
    .values({
      ext_id: `vid-${seq}`,
      name: `clip-${seq}.mp4`,
      storage_key: `videos/clip-${seq}.mp4`,
      size_bytes: 1000 + seq,
      duration_sec: 60,
      playback_url: `/media/videos/clip-${seq}.mp4`,
      ...fields,
    })
    .returning();
  return row;
}

describe('content', () => {
  it('adds content last in its season unless a number is given, and lists it by season and number', async () => {
    const brand = await newBrand();
    const first = await newContent({ brand_id: brand.id, id: 999_999, sort_number_changed: true });
    expect(first).toMatchObject({
      brand_id: brand.id,
      season: 1,
      sort_number: 1,
      duration_sec: 0,
      is_published: false,
      langs: [],
    });
    expect(first.id).not.toBe(999_999);
    const second = await newContent({ brand_id: brand.id, duration_sec: 300, is_published: true });
    expect(second).toMatchObject({ sort_number: 2, duration_sec: 300, is_published: true });
    const s2 = await newContent({ brand_id: brand.id, season: 2 });
    expect(s2.sort_number).toBe(1);
    const chosen = await newContent({ brand_id: brand.id, sort_number: 10 });
    expect(chosen.sort_number).toBe(10);
    expect((await newContent({ brand_id: brand.id })).sort_number).toBe(11);
    const same = await newContent({ brand_id: brand.id, sort_number: 2 });

    const all = await list(brand.id);
    expect(all.map((c) => [c.season, c.sort_number, c.id])).toEqual([
      [1, 1, first.id],
      [1, 2, second.id],
      [1, 2, same.id],
      [1, 10, chosen.id],
      [1, 11, expect.any(Number)],
      [2, 1, s2.id],
    ]);
    expect((await list(brand.id, 2)).map((c) => c.id)).toEqual([s2.id]);
    expect(await list((await newBrand()).id)).toEqual([]);
  });

  it('lists each item with its language versions and whether they have a video', async () => {
    const brand = await newBrand();
    const a = await newContent({ brand_id: brand.id });
    const b = await newContent({ brand_id: brand.id });
    const en = await t.call(api.content.langAdd, { content_id: a.id, lang_id: 1, title: 'Hello' });
    const ru = await t.call(api.content.langAdd, { content_id: a.id, lang_id: 2, title: 'Privet' });
    const file = await newVideoFile();
    expect(
      (await t.send(api.content.attachVideo, { ext_id: file.ext_id, content_id: a.id, lang_id: 2 })).statusCode,
    ).toBe(200);
    const [la, lb] = await list(brand.id);
    expect(la.langs).toEqual([
      { id: en.id, lang_id: 1, title: 'Hello', has_video: false },
      { id: ru.id, lang_id: 2, title: 'Privet', has_video: true },
    ]);
    expect(lb).toMatchObject({ id: b.id, langs: [] });
  });

  it("answers the list with exactly the contract's fields (it is sent without response validation)", async () => {
    const brand = await newBrand();
    const item = await newContent({ brand_id: brand.id });
    await t.send(api.content.langAdd, { content_id: item.id, lang_id: 1, title: 'Hello' });
    const answer = await list(brand.id);
    expect(api.content.list.response.parse(answer)).toEqual(answer);
    expect(Object.keys(answer[0]).sort()).toEqual(Object.keys(Content.shape).sort());
    expect(Object.keys(answer[0].langs[0]).sort()).toEqual(Object.keys(ContentLangSummary.shape).sort());
  });

  it('answers a page with limit: searched by title in any language or by code, sorted, with counts and positions', async () => {
    const brand = await newBrand();
    const made: Item[] = [];
    for (const [season, title, other] of [
      [1, 'Kite day', 'Drachentag'],
      [1, 'Rain 50%_off', ''],
      [1, 'Rain 500 offers', ''],
      [2, 'Snow', 'Schnee 🐣'],
      [2, '', ''],
    ] as const) {
      const item = await newContent({ brand_id: brand.id, season });
      if (title) await t.send(api.content.langAdd, { content_id: item.id, lang_id: 1, title });
      if (other) await t.send(api.content.langAdd, { content_id: item.id, lang_id: 2, title: other });
      made.push(item);
    }
    const page = async (body: Record<string, unknown>) => {
      const res = await t.send(api.content.list, { brand_id: brand.id, limit: 2, ...body });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(api.content.list.response.parse(answer)).toEqual(answer);
      return answer as { rows: (Item & { position: number })[]; count: number; total: number; seasons: unknown[] };
    };
    const first = await page({});
    expect(first.rows.map((r) => [r.id, r.position])).toEqual([
      [made[0].id, 1],
      [made[1].id, 2],
    ]);
    expect(first).toMatchObject({
      count: 5,
      total: 5,
      seasons: [
        { season: 1, count: 3 },
        { season: 2, count: 2 },
      ],
    });
    const last = await page({ offset: 4 });
    expect(last.rows.map((r) => [r.id, r.position])).toEqual([[made[4].id, 2]]);
    // Past the end: no rows, the count still said.
    expect(await page({ offset: 10 })).toMatchObject({ rows: [], count: 5, total: 5 });
    const ids = async (body: Record<string, unknown>) =>
      (await page({ limit: 100, ...body })).rows.map((r) => made.findIndex((m) => m.id === r.id));
    expect(await ids({ search: 'drachen' })).toEqual([0]);
    expect(await ids({ search: 'schnee 🐣' })).toEqual([3]);
    expect(await ids({ search: '50%_' })).toEqual([1]);
    expect(await ids({ search: '%' })).toEqual([1]);
    expect(await ids({ search: 's2e1' })).toEqual([3]);
    expect(await ids({ search: 'S1E3' })).toEqual([2]);
    expect(await ids({ search: 'x'.repeat(200) })).toEqual([]);
    expect(await ids({ season: 2 })).toEqual([3, 4]);
    expect((await page({ season: 2, limit: 100 })).rows.map((r) => r.position)).toEqual([1, 2]);
    // Other orders break ties by the season order; an item without a title goes last either way.
    expect(await ids({ sort: 'title' })).toEqual([0, 1, 2, 3, 4]);
    expect(await ids({ sort: 'title', dir: 'desc' })).toEqual([3, 2, 1, 0, 4]);
    expect(await ids({ sort: 'languages', dir: 'desc' })).toEqual([0, 3, 1, 2, 4]);
    expect(await ids({ sort: 'season', dir: 'desc' })).toEqual([4, 3, 2, 1, 0]);
    // Without limit the spec's answer: every item, searched and sorted alike.
    const all = await t.call(api.content.list, { brand_id: brand.id, sort: 'title', dir: 'desc' });
    expect(Array.isArray(all) && all.map((r) => r.id)).toEqual([3, 2, 1, 0, 4].map((i) => made[i].id));
    expect(Object.keys((all as Item[])[0])).not.toContain('position');
  });

  it('refuses an unknown brand with 404 and an invalid body with 400', async () => {
    expect((await t.refused(api.content.list, { brand_id: 987_654 })).status).toBe(404);
    const add = await t.refused(api.content.add, { brand_id: 987_654 });
    expect(add.status).toBe(404);
    expect(add.detail).toBe('Brand not found');
    const bad = await t.refused(api.content.add, { season: 0, sort_number: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['brand_id', 'season', 'sort_number']),
    );
    expect((await t.refused(api.content.list, { brand_id: 'x' })).status).toBe(400);
    expect((await t.refused(api.content.update, { sort_number: 1 })).status).toBe(400);
  });

  it('updates only the fields sent and refuses a stale updated_at with 409', async () => {
    const brand = await newBrand();
    const item = await newContent({ brand_id: brand.id, duration_sec: 100 });
    const res = await t.send(api.content.update, { id: item.id, is_published: true, updated_at: item.updated_at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, is_published: true, duration_sec: 100, sort_number: 1 });
    expect(res.json().updated_at > item.updated_at).toBe(true);
    const stale = await t.refused(api.content.update, { id: item.id, duration_sec: 5, updated_at: item.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.detail).toBe('Content was changed by someone else. Reload it and try again.');
    const staleMove = await move(item, { sort_number: 1, updated_at: item.updated_at });
    expect(staleMove.statusCode).toBe(409);
    expect((await t.refused(api.content.update, { id: 987_654, duration_sec: 1 })).status).toBe(404);
    expect((await move({ id: 987_654 } as Item, { sort_number: 1 })).statusCode).toBe(404);
    expect((await t.refused(api.content.update, { id: item.id, brand_id: 987_654 })).status).toBe(404);
    expect((await move(item, { brand_id: 987_654 })).statusCode).toBe(404);
    expect((await list(brand.id)).map((c) => c.id)).toEqual([item.id]);
  });

  it('stores a sent sort_number as it is without sort_number_changed', async () => {
    const { brandId, items } = await seasonOf(3);
    const res = await t.send(api.content.update, { id: items[0].id, sort_number: 3 });
    expect(res.json().sort_number).toBe(3);
    expect(await order(brandId)).toEqual([
      [items[1].id, 2],
      [items[0].id, 3],
      [items[2].id, 3],
    ]);
  });
});

describe('moving content within its season', () => {
  it('moves an item down and renumbers the season 1..n', async () => {
    const { brandId, items } = await seasonOf(4);
    const [a, b, c, d] = items.map((i) => i.id);
    const res = await move(items[0], { sort_number: 3, updated_at: items[0].updated_at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sort_number).toBe(3);
    expect(await order(brandId)).toEqual([
      [b, 1],
      [c, 2],
      [a, 3],
      [d, 4],
    ]);
  });

  it('moves an item up', async () => {
    const { brandId, items } = await seasonOf(4);
    const [a, b, c, d] = items.map((i) => i.id);
    expect((await move(items[3], { sort_number: 2 })).json().sort_number).toBe(2);
    expect(await order(brandId)).toEqual([
      [a, 1],
      [d, 2],
      [b, 3],
      [c, 4],
    ]);
  });

  it('clamps a number beyond the season to its end', async () => {
    const { brandId, items } = await seasonOf(3);
    const [a, b, c] = items.map((i) => i.id);
    expect((await move(items[0], { sort_number: 50 })).json().sort_number).toBe(3);
    expect(await order(brandId)).toEqual([
      [b, 1],
      [c, 2],
      [a, 3],
    ]);
    expect((await move(items[0], { sort_number: 0 })).statusCode).toBe(400);
  });

  it('closes gaps and duplicates, and leaves other seasons and brands alone', async () => {
    const brand = await newBrand();
    const a = await newContent({ brand_id: brand.id, sort_number: 5 });
    const b = await newContent({ brand_id: brand.id, sort_number: 5 });
    const c = await newContent({ brand_id: brand.id, sort_number: 9 });
    const other = await newContent({ brand_id: brand.id, season: 2, sort_number: 7 });
    const { brandId: elsewhere, items } = await seasonOf(2);
    const res = await move(c, { sort_number: 1 });
    expect(res.json().sort_number).toBe(1);
    expect(await order(brand.id)).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect(await order(brand.id, 2)).toEqual([[other.id, 7]]);
    expect(await order(elsewhere)).toEqual(items.map((i) => [i.id, i.sort_number]));
    // Without a number, the item keeps its number (b: 3) and the others close up around it.
    await t.send(api.content.update, { id: a.id, sort_number: 40 });
    expect((await move(b, {})).json().sort_number).toBe(3);
    expect(await order(brand.id)).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
  });

  it('bumps updated_at of renumbered siblings only, so a stale editor of one gets 409', async () => {
    const { items } = await seasonOf(4);
    const [a, b, c, d] = items;
    await move(c, { sort_number: 1 });
    const staleB = await t.send(api.content.update, { id: b.id, duration_sec: 9, updated_at: b.updated_at });
    expect(staleB.statusCode).toBe(409);
    const staleMove = await move(a, { sort_number: 4, updated_at: a.updated_at });
    expect(staleMove.statusCode).toBe(409);
    // d kept its number 4, so it was not written and its editor may still save.
    const freshD = await t.send(api.content.update, { id: d.id, duration_sec: 9, updated_at: d.updated_at });
    expect(freshD.statusCode, freshD.body).toBe(200);
  });

  it('moving to another season places the item there and renumbers the old season', async () => {
    const brand = await newBrand();
    const s1 = [];
    for (let i = 0; i < 3; i++) s1.push(await newContent({ brand_id: brand.id }));
    const s2 = [];
    for (let i = 0; i < 2; i++) s2.push(await newContent({ brand_id: brand.id, season: 2 }));
    const res = await move(s1[0], { season: 2, sort_number: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ season: 2, sort_number: 2 });
    expect(await order(brand.id, 1)).toEqual([
      [s1[1].id, 1],
      [s1[2].id, 2],
    ]);
    expect(await order(brand.id, 2)).toEqual([
      [s2[0].id, 1],
      [s1[0].id, 2],
      [s2[1].id, 3],
    ]);
  });

  it('moving to another brand renumbers the old brand season too', async () => {
    const from = await seasonOf(3);
    const to = await seasonOf(2);
    const res = await move(from.items[1], { brand_id: to.brandId, sort_number: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ brand_id: to.brandId, season: 1, sort_number: 1 });
    expect(await order(from.brandId)).toEqual([
      [from.items[0].id, 1],
      [from.items[2].id, 2],
    ]);
    expect(await order(to.brandId)).toEqual([
      [from.items[1].id, 1],
      [to.items[0].id, 2],
      [to.items[1].id, 3],
    ]);
  });

  it('moving to a brand that links it drops the link; a banner of its old brand refuses the move with 409', async () => {
    const from = await seasonOf(2);
    const to = await seasonOf(1);
    const [linked, bannered] = from.items;
    const link = await t.send(api.link.add, { brand_id: to.brandId, content_id: linked.id });
    expect(link.statusCode, link.body).toBe(200);
    for (const withOrder of [false, true]) {
      const res = await t.send(api.content.update, {
        id: linked.id,
        brand_id: withOrder ? from.brandId : to.brandId,
        ...(withOrder ? { sort_number: 1, sort_number_changed: true } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Moved there and back: no longer linked from the brand it visited.
    expect(await t.call(api.link.list, { id: 0, brand_id: to.brandId })).toEqual([]);

    const banner = await t.send(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Big news',
      brand_id: from.brandId,
      content_id: bannered.id,
    });
    expect(banner.statusCode, banner.body).toBe(200);
    for (const extra of [{}, { sort_number: 1, sort_number_changed: true }]) {
      const res = await t.refused(api.content.update, { id: bannered.id, brand_id: to.brandId, ...extra });
      expect(res.status, res.detail).toBe(409);
      expect(res.detail).toMatch(/Big news/);
    }
    expect((await list(from.brandId)).map((i) => i.id)).toContain(bannered.id);
  });

  it('keeps numbers 1..n when several moves in one brand run at once', async () => {
    const { brandId, items } = await seasonOf(6);
    const moves = items.map((item, i) => move(item, { sort_number: 6 - i }));
    for (const res of await Promise.all(moves)) expect(res.statusCode, res.body).toBe(200);
    const numbers = (await order(brandId)).map(([, n]) => n);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('language versions', () => {
  it('adds, lists and updates language versions, one per language', async () => {
    const brand = await newBrand();
    const item = await newContent({ brand_id: brand.id });
    const add = await t.send(api.content.langAdd, {
      content_id: item.id,
      lang_id: 2,
      title: '  Title ',
      thumbnail_url: '',
    });
    expect(add.statusCode, add.body).toBe(200);
    const lang = add.json();
    expect(lang).toEqual({
      id: expect.any(Number),
      content_id: item.id,
      lang_id: 2,
      title: 'Title',
      description: '',
      thumbnail_url: null,
      is_published: false,
      updated_at: expect.any(String),
      video: null,
      subtitles: [],
      video_from_lang_id: null,
    });
    const en = await t.call(api.content.langAdd, {
      content_id: item.id,
      lang_id: 1,
      thumbnail_url: '/media/images/x.png',
    });
    expect(en.thumbnail_url).toBe('/media/images/x.png');

    const dup = await t.refused(api.content.langAdd, { content_id: item.id, lang_id: 2 });
    expect(dup.status).toBe(409);
    expect(dup.detail).toBe('This content already has a version in this language');
    const dupUpdate = await t.send(api.content.langUpdate, { id: en.id, lang_id: 2 });
    expect(dupUpdate.statusCode).toBe(409);

    const upd = await t.send(api.content.langUpdate, { id: en.id, description: 'About', thumbnail_url: '' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ lang_id: 1, title: '', description: 'About', thumbnail_url: null });
    expect(await t.call(api.content.langUpdate, { id: en.id })).toEqual(upd.json());

    const listed = await t.send(api.content.langList, { content_id: item.id });
    expect(listed.json()).toEqual([upd.json(), lang]);
  });

  it('answers 404 for unknown content, language or version and 400 for an invalid body', async () => {
    const item = await newContent({ brand_id: (await newBrand()).id });
    expect((await t.refused(api.content.langList, { content_id: 987_654 })).status).toBe(404);
    expect((await t.refused(api.content.langAdd, { content_id: 987_654, lang_id: 1 })).status).toBe(404);
    expect((await t.refused(api.content.langAdd, { content_id: item.id, lang_id: 9999 })).status).toBe(404);
    expect((await t.refused(api.content.langUpdate, { id: 987_654, title: 'x' })).status).toBe(404);
    const lang = await t.call(api.content.langAdd, { content_id: item.id, lang_id: 1 });
    expect((await t.refused(api.content.langUpdate, { id: lang.id, content_id: 987_654 })).status).toBe(404);
    const bad = await t.refused(api.content.langAdd, { content_id: item.id, thumbnail_url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['lang_id', 'thumbnail_url']),
    );
    expect((await t.refused(api.content.langUpdate, { title: 'x' })).status).toBe(400);
    expect((await t.refused(api.content.langList, {})).status).toBe(400);
  });
});

describe('video files', () => {
  it('lists files newest first with where they are attached', async () => {
    const older = await newVideoFile({ created_at: '2001-01-01T00:00:00.000Z' });
    const newer = await newVideoFile({ created_at: '2001-01-02T00:00:00.000Z' });
    const sameTime = await newVideoFile({ created_at: '2001-01-02T00:00:00.000Z' });
    const item = await newContent({ brand_id: (await newBrand()).id });
    const lang = (
      await t.send(api.content.attachVideo, { ext_id: older.ext_id, content_id: item.id, lang_id: 1 })
    ).json();

    const res = await t.send(api.content.files);
    expect(res.statusCode).toBe(200);
    const files = res.json() as { id: number }[];
    const ours = files.filter((f) => [older.id, newer.id, sameTime.id].includes(f.id));
    expect(ours.map((f) => f.id)).toEqual([sameTime.id, newer.id, older.id]);
    expect(files.indexOf(ours[2])).toBe(files.length - 1);
    expect(ours[2]).toEqual({
      id: older.id,
      ext_id: older.ext_id,
      name: older.name,
      size_bytes: older.size_bytes,
      duration_sec: 60,
      status: older.status,
      progress: older.progress,
      eta_sec: null,
      failure: null,
      source: null,
      renditions: [],
      audio_tracks: [],
      playback_url: older.playback_url,
      thumbnail_url: null,
      created_at: '2001-01-01T00:00:00.000Z',
      content_lang_id: lang.id,
      content_id: item.id,
    });
    expect(ours[0]).toMatchObject({ content_lang_id: null, content_id: null });
  });

  it('attaches a file, creating the language version, and detaches it', async () => {
    const item = await newContent({ brand_id: (await newBrand()).id });
    const file = await newVideoFile();
    const res = await t.send(api.content.attachVideo, { ext_id: file.ext_id, content_id: item.id, lang_id: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const lang = res.json();
    expect(lang).toMatchObject({ content_id: item.id, lang_id: 3, title: '' });
    expect(lang.video).toMatchObject({
      id: file.id,
      ext_id: file.ext_id,
      content_lang_id: lang.id,
      content_id: item.id,
    });
    expect(lang.video).not.toHaveProperty('storage_key');
    expect(await t.call(api.content.langList, { content_id: item.id })).toEqual([lang]);

    const again = await t.send(api.content.attachVideo, { ext_id: file.ext_id, content_id: item.id, lang_id: 3 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(lang);

    const detached = await t.send(api.content.detachVideo, { query: { content_lang_id: lang.id } });
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json()).toEqual({ ...lang, video: null });
    const files = (await t.call(api.content.files)) as { id: number; content_lang_id: number | null }[];
    expect(files.find((f) => f.id === file.id)).toMatchObject({ content_lang_id: null, content_id: null });
    // Detaching a version without a video is harmless.
    expect((await t.call(api.content.detachVideo, { query: { content_lang_id: lang.id } })).video).toBeNull();
  });

  it('attaches to an existing version, replacing the video it had', async () => {
    const item = await newContent({ brand_id: (await newBrand()).id });
    const lang = await t.call(api.content.langAdd, { content_id: item.id, lang_id: 1, title: 'Kept' });
    const first = await newVideoFile();
    const second = await newVideoFile();
    await t.send(api.content.attachVideo, { ext_id: first.ext_id, content_id: item.id, lang_id: 1 });
    const res = await t.send(api.content.attachVideo, { ext_id: second.ext_id, content_id: item.id, lang_id: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: lang.id, title: 'Kept', video: { id: second.id } });
    const files = (await t.call(api.content.files)) as { id: number }[];
    expect(files.find((f) => f.id === first.id)).toMatchObject({ content_lang_id: null });
  });

  it('leaves one version with one video when several files are attached to it at once', async () => {
    const item = await newContent({ brand_id: (await newBrand()).id });
    const files = [await newVideoFile(), await newVideoFile(), await newVideoFile()];
    const answers = await Promise.all(
      files.map((f) => t.send(api.content.attachVideo, { ext_id: f.ext_id, content_id: item.id, lang_id: 4 })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const langs = await t.call(api.content.langList, { content_id: item.id });
    expect(langs).toHaveLength(1);
    const attached = wholeList(await t.call(api.content.files)).filter((f) => f.content_lang_id === langs[0].id);
    expect(attached.map((f) => f.id)).toEqual([langs[0].video!.id]);
  });

  it('refuses a file attached to another language version with 409', async () => {
    const item = await newContent({ brand_id: (await newBrand()).id });
    const other = await newContent({ brand_id: (await newBrand()).id });
    const file = await newVideoFile();
    await t.send(api.content.attachVideo, { ext_id: file.ext_id, content_id: item.id, lang_id: 1 });
    const otherLang = await t.refused(api.content.attachVideo, {
      ext_id: file.ext_id,
      content_id: item.id,
      lang_id: 2,
    });
    expect(otherLang.status).toBe(409);
    expect(otherLang.detail).toBe('This video is attached to another language version. Detach it first.');
    const otherContent = await t.send(api.content.attachVideo, {
      ext_id: file.ext_id,
      content_id: other.id,
      lang_id: 1,
    });
    expect(otherContent.statusCode).toBe(409);
    // The refused attach created no version.
    expect(await t.call(api.content.langList, { content_id: other.id })).toEqual([]);
    expect(await t.call(api.content.langList, { content_id: item.id })).toHaveLength(1);
  });

  it('answers 404 for an unknown file, content, language or version and 400 for an invalid body', async () => {
    const item = await newContent({ brand_id: (await newBrand()).id });
    const file = await newVideoFile();
    const unknownFile = await t.refused(api.content.attachVideo, { ext_id: 'nope', content_id: item.id, lang_id: 1 });
    expect(unknownFile.status).toBe(404);
    expect(unknownFile.detail).toBe('Video file not found');
    const unknownContent = await t.refused(api.content.attachVideo, {
      ext_id: file.ext_id,
      content_id: 987_654,
      lang_id: 1,
    });
    expect(unknownContent.status).toBe(404);
    expect(unknownContent.detail).toBe('Content not found');
    const unknownLang = await t.send(api.content.attachVideo, {
      ext_id: file.ext_id,
      content_id: item.id,
      lang_id: 9999,
    });
    expect(unknownLang.statusCode).toBe(404);
    expect((await t.refused(api.content.attachVideo, { ext_id: '', content_id: item.id })).status).toBe(400);
    expect((await t.refused(api.content.detachVideo, { query: { content_lang_id: '987654' } })).status).toBe(404);
    expect((await t.refused(api.content.detachVideo, { query: { content_lang_id: 'abc' } })).status).toBe(400);
    expect((await t.refused(api.content.detachVideo)).status).toBe(400);
  });
});

it('needs a signed-in session', async () => {
  const res = await t.send(api.content.list, { brand_id: 1 }, { token: null });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ detail: 'Not signed in' });
  expect((await t.send(api.content.files, { token: null })).statusCode).toBe(401);
});
