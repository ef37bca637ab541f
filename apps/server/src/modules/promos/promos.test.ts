import { api } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, promos } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function newBrand() {
  seq += 1;
  const res = await t.send(api.brand.add, { name: `Promo brand ${seq}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number };
}

/** Written directly: the content calls belong to another module. */
async function newContent(brandId: number) {
  seq += 1;
  const [row] = await t.database.db.insert(content).values({ brand_id: brandId, sort_number: seq }).returning();
  return row;
}

async function newPromo(fields: Record<string, unknown> = {}) {
  const res = await t.send(api.promo.add, {
    title: 'Banner',
    button_text: 'Watch',
    button_color: '#1f2937',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A button a child can read on the default (white) background. */
const READABLE = { button_text: 'Watch', button_color: '#1f2937' };

describe('promo banners', () => {
  it('refuses a button that cannot be read, naming the field, and changes nothing (decision 064)', async () => {
    const before = (await t.call(api.promo.list, {})).length;
    // The pickers' defaults are white on white and no text: a banner nobody designed is not saved.
    const blank = await t.refused(api.promo.add, { title: 'Blank' });
    expect(blank.status).toBe(400);
    expect(blank.errors?.map((e) => e.path).sort()).toEqual(['button_color', 'button_text']);
    const white = await t.refused(api.promo.add, { title: 'White', button_text: 'Go', bg_color: '#FFFFFF' });
    expect(white.detail).toMatch(
      /Unreadable colours: the button stands out from the background by 1\.0:1, at least 3:1/,
    );
    expect((await t.refused(api.promo.add, { ...READABLE, button_text: '   ' })).errors?.[0]?.path).toBe('button_text');
    expect((await t.call(api.promo.list, {})).length).toBe(before);

    // An update is checked against the colour it keeps; one changing neither colour nor text passes as before.
    const promo = await newPromo({ bg_color: '#ffffff' });
    const pale = await t.refused(api.promo.update, { id: promo.id, button_color: '#eeeeee' });
    expect(pale.status).toBe(400);
    expect(pale.errors?.[0]).toMatchObject({ path: 'button_color' });
    expect((await t.refused(api.promo.update, { id: promo.id, bg_color: '#1f2937' })).detail).toMatch(
      /^Unreadable colours/,
    );
    expect((await t.refused(api.promo.update, { id: promo.id, button_text: '' })).errors?.[0]?.path).toBe(
      'button_text',
    );
    expect((await t.call(api.promo.get, { id: promo.id })).button_color).toBe('#1f2937');
    const dark = await t.call(api.promo.update, { id: promo.id, bg_color: '#1c2541', button_color: '#f9c80e' });
    expect(dark).toMatchObject({ bg_color: '#1c2541', button_color: '#f9c80e' });
    // Saved before the rule (white on white, straight into the table): kept, and still editable in other fields.
    await t.database.db
      .update(promos)
      .set({ button_color: '#ffffff', bg_color: '#ffffff' })
      .where(eq(promos.id, promo.id));
    expect((await t.call(api.promo.update, { id: promo.id, title: 'Kept' })).title).toBe('Kept');
    // The console sends every field, the button's as kept: still a save of other fields.
    const whole = { bg_color: '#ffffff', button_color: '#ffffff', button_text: 'Watch' };
    expect((await t.call(api.promo.update, { id: promo.id, ...whole, is_active: false })).is_active).toBe(false);
    // Touching the button checks the button it makes.
    expect((await t.refused(api.promo.update, { id: promo.id, ...whole, button_text: 'Go' })).status).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.send(api.promo.list, {}, { token: null });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not signed in' });
  });

  it('creates a banner with defaults, lower-case colours and no empty image', async () => {
    const res = await t.send(api.promo.add, {
      title: ' Summer ',
      bg_color: '#1C2541',
      button_text: 'Watch',
      image_url: '',
      id: 999,
    });
    expect(res.statusCode, res.body).toBe(200);
    const promo = res.json();
    expect(promo).toMatchObject({
      title: 'Summer',
      brand_id: null,
      season: null,
      content_id: null,
      lang_id: null,
      image_url: null,
      bg_color: '#1c2541',
      button_color: '#ffffff',
      button_text: 'Watch',
      sort: 0,
      is_active: true,
    });
    expect(promo.id).not.toBe(999);
    expect(promo.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const list = await t.send(api.promo.list, {});
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(promo);
  });

  it('links a brand, season, content and language', async () => {
    const brand = await newBrand();
    const item = await newContent(brand.id);
    const promo = await newPromo({
      brand_id: brand.id,
      season: 2,
      content_id: item.id,
      lang_id: 1,
      image_url: '/media/banner.png',
    });
    expect(promo).toMatchObject({
      brand_id: brand.id,
      season: 2,
      content_id: item.id,
      lang_id: 1,
      image_url: '/media/banner.png',
    });
  });

  it('orders the list by sort, then id', async () => {
    const late = await newPromo({ sort: 50 });
    const tieFirst = await newPromo({ sort: -50 });
    const tieSecond = await newPromo({ sort: -50 });
    const ids = (await t.call(api.promo.list, {})).map((p: { id: number }) => p.id);
    expect(ids.slice(0, 2)).toEqual([tieFirst.id, tieSecond.id]);
    expect(ids.indexOf(tieSecond.id)).toBeLessThan(ids.indexOf(late.id));
  });

  it('refuses colours other than #rrggbb and bad values with 400', async () => {
    const bad = await t.refused(api.promo.add, { ...READABLE, bg_color: 'red', button_color: '#abc' });
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['bg_color', 'button_color']),
    );
    expect((await t.refused(api.promo.add, { ...READABLE, image_url: 'ftp://example.com/a.png' })).status).toBe(400);
    expect((await t.refused(api.promo.add, { ...READABLE, season: 0 })).status).toBe(400);
    expect((await t.refused(api.promo.add, { ...READABLE, brand_id: 'one' })).status).toBe(400);
    const promo = await newPromo();
    const upd = await t.refused(api.promo.update, { id: promo.id, button_color: '#12345g' });
    expect(upd.status).toBe(400);
    expect(upd.errors?.[0]?.path).toBe('button_color');
  });

  it('answers 404 for an unknown brand, content or language', async () => {
    const brand = await newBrand();
    const unknownBrand = await t.refused(api.promo.add, { ...READABLE, brand_id: 987654 });
    expect(unknownBrand.status).toBe(404);
    expect(unknownBrand.detail).toBe('Unknown brand_id: 987654');
    expect((await t.refused(api.promo.add, { ...READABLE, content_id: 987654 })).status).toBe(404);
    expect((await t.refused(api.promo.add, { ...READABLE, brand_id: brand.id, content_id: 987654 })).status).toBe(404);
    expect((await t.refused(api.promo.add, { ...READABLE, lang_id: 9999 })).status).toBe(404);
    // An unknown brand with someone else's content is the brand's fault, not a mismatch.
    const other = await newContent((await newBrand()).id);
    expect((await t.refused(api.promo.add, { ...READABLE, brand_id: 987654, content_id: other.id })).status).toBe(404);
    const promo = await newPromo();
    expect((await t.refused(api.promo.update, { id: promo.id, lang_id: 9999 })).status).toBe(404);
    expect((await t.refused(api.promo.update, { id: promo.id, brand_id: 987654 })).status).toBe(404);
  });

  it('refuses content of another brand with 400, also after merging an update with the stored banner', async () => {
    const a = await newBrand();
    const b = await newBrand();
    const ofA = await newContent(a.id);
    const ofB = await newContent(b.id);
    const mismatch = await t.refused(api.promo.add, { ...READABLE, brand_id: a.id, content_id: ofB.id });
    expect(mismatch.status).toBe(400);
    expect(mismatch.detail).toBe('The content does not belong to the brand');
    expect(mismatch.errors).toEqual([{ path: 'content_id', message: 'The content does not belong to the brand' }]);

    const promo = await newPromo({ brand_id: a.id, content_id: ofA.id });
    const brandOnly = await t.refused(api.promo.update, { id: promo.id, brand_id: b.id });
    expect(brandOnly.status).toBe(400);
    expect(brandOnly.detail).toBe('The content does not belong to the brand');
    expect((await t.refused(api.promo.update, { id: promo.id, content_id: ofB.id })).status).toBe(400);
    const unchanged = (await t.call(api.promo.list, {})).find((p: { id: number }) => p.id === promo.id);
    expect(unchanged).toEqual(promo);

    const both = await t.send(api.promo.update, { id: promo.id, brand_id: b.id, content_id: ofB.id });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ brand_id: b.id, content_id: ofB.id });
    // Content without a brand is allowed: nothing to disagree with.
    const noBrand = await t.send(api.promo.update, { id: promo.id, brand_id: null, content_id: ofA.id });
    expect(noBrand.statusCode, noBrand.body).toBe(200);
    expect(noBrand.json()).toMatchObject({ brand_id: null, content_id: ofA.id });
  });

  it('updates only the fields sent and refuses a stale updated_at with 409', async () => {
    const promo = await newPromo({ button_text: 'Watch', image_url: 'https://cdn.example.com/a.png', sort: 3 });
    const res = await t.send(api.promo.update, {
      id: promo.id,
      title: 'Renamed',
      bg_color: '#ABCDEF',
      image_url: '',
      updated_at: promo.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      title: 'Renamed',
      bg_color: '#abcdef',
      image_url: null,
      button_text: 'Watch',
      sort: 3,
      created_at: promo.created_at,
    });
    expect(saved.updated_at > promo.updated_at).toBe(true);
    const stale = await t.refused(api.promo.update, { id: promo.id, title: 'Lost', updated_at: promo.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.detail).toBe('Promo banner was changed by someone else. Reload it and try again.');
    const lww = await t.send(api.promo.update, { id: promo.id, is_active: false });
    expect(lww.json()).toMatchObject({ title: 'Renamed', is_active: false });
    const missing = await t.refused(api.promo.update, { id: 987654, title: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.detail).toBe('Promo banner not found');
    expect((await t.refused(api.promo.update, { title: 'no id' })).status).toBe(400);
  });
});
