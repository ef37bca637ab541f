import { api, Brand, BrandLang, BrandRow, CountryRule } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { slugify } from './data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function newBrand(fields: Record<string, unknown> = {}) {
  seq += 1;
  const res = await t.send(api.brand.add, { name: `Brand ${seq}`, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('brands', () => {
  it('creates a brand with a slug derived from its name and lists it with its children', async () => {
    const res = await t.send(api.brand.add, { name: 'Süper Kätze!', age_rating: '3+', id: 999 });
    expect(res.statusCode).toBe(200);
    const brand = res.json();
    expect(brand).toMatchObject({
      name: 'Süper Kätze!',
      slug: 'super-katze',
      age_rating: '3+',
      is_published: false,
      langs: [],
      country_rules: [],
    });
    expect(brand.id).not.toBe(999);
    expect(brand.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const list = await t.send(api.brand.list, {});
    expect(list.statusCode).toBe(200);
    expect(list.json().map((b: { id: number }) => b.id)).toContain(brand.id);
  });

  it('transliterates a name in another script into its slug, and drops accents of Latin letters', async () => {
    const hedgehog = await t.post('/api/brand/add', { name: 'Ёжик в тумане' });
    expect(hedgehog.statusCode, hedgehog.body).toBe(200);
    expect(hedgehog.json().slug).toBe('yozhik-v-tumane');
    const both = await t.post('/api/brand/add', { name: 'Ёжик … Été' });
    expect(both.json().slug).toBe('yozhik-ete');
    const summer = await t.post('/api/brand/add', { name: 'Été' });
    expect(summer.json().slug).toBe('ete');
  });

  it('orders the list by sort, then id', async () => {
    const late = await newBrand({ sort: 50 });
    const early = await newBrand({ sort: -50 });
    const ids = (await t.call(api.brand.list, {})).map((b: { id: number }) => b.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
    expect(ids[0]).toBe(early.id);
  });

  it('refuses a duplicate slug with 409 and a missing name with 400', async () => {
    const a = await newBrand({ slug: 'unique-slug' });
    const dup = await t.refused(api.brand.add, { name: 'Other', slug: 'unique-slug' });
    expect(dup.status).toBe(409);
    expect(dup.detail).toMatch(/slug/);
    const bad = await t.refused(api.brand.add, { age_rating: '18+' });
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['name', 'age_rating']));
    const upd = await t.send(api.brand.update, { id: (await newBrand()).id, slug: a.slug });
    expect(upd.statusCode).toBe(409);
  });

  it('updates only the fields sent and refuses a stale updated_at with 409', async () => {
    const b = await newBrand({ age_rating: '6+' });
    const res = await t.send(api.brand.update, { id: b.id, name: 'Renamed', updated_at: b.updated_at });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ name: 'Renamed', age_rating: '6+', slug: b.slug });
    expect(saved.updated_at > b.updated_at).toBe(true);
    const stale = await t.refused(api.brand.update, { id: b.id, name: 'Lost', updated_at: b.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.detail).toBe('Brand was changed by someone else. Reload it and try again.');
    const lww = await t.send(api.brand.update, { id: b.id, is_published: true });
    expect(lww.json()).toMatchObject({ name: 'Renamed', is_published: true });
    expect((await t.refused(api.brand.update, { id: 987654, name: 'x' })).status).toBe(404);
  });

  it("answers the list with exactly the contract's fields (it is sent without response validation)", async () => {
    const b = await newBrand();
    await t.send(api.brand.langAdd, { brand_id: b.id, lang_id: 1, title: 'Hello' });
    await t.send(api.brand.addCountryRule, { brand_id: b.id, code2: ['GB'] });
    const answer = await t.call(api.brand.list, {});
    expect(api.brand.list.response.parse(answer)).toEqual(answer);
    const item = answer.find((x) => x.id === b.id)!;
    expect(Object.keys(item).sort()).toEqual(Object.keys(Brand.shape).sort());
    expect(Object.keys(item.langs[0]).sort()).toEqual(Object.keys(BrandLang.shape).sort());
    expect(Object.keys(item.country_rules[0]).sort()).toEqual(Object.keys(CountryRule.shape).sort());
  });

  it("answers {fields: 'table'} with what the brands table shows: which versions there are, not their texts", async () => {
    const b = await newBrand();
    const version = await t.call(api.brand.langAdd, {
      brand_id: b.id,
      lang_id: 1,
      title: 'Hello',
      description: 'Long',
    });
    const rule = await t.call(api.brand.addCountryRule, { brand_id: b.id, code2: ['GB'] });
    const answer = await t.call(api.brand.list, { fields: 'table' });
    expect(api.brand.list.response.parse(answer)).toEqual(answer);
    const item = answer.find((x) => x.id === b.id)!;
    expect(Object.keys(item).sort()).toEqual(Object.keys(BrandRow.shape).sort());
    expect(item.langs).toEqual([{ id: version.id, lang_id: 1, is_published: false }]);
    expect(item.country_rules).toEqual([rule]);
    // The same brands in the same order as the whole list.
    expect(answer.map((x) => x.id)).toEqual((await t.call(api.brand.list, {})).map((x) => x.id));
    const bad = await t.refused(api.brand.list, { fields: 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.detail).toMatch(/fields/);
  });

  it('manages language versions, one per language', async () => {
    const b = await newBrand();
    const add = await t.send(api.brand.langAdd, { brand_id: b.id, lang_id: 1, title: 'Hello', is_published: true });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ brand_id: b.id, lang_id: 1, title: 'Hello', description: '', logo_url: null });
    const dup = await t.send(api.brand.langAdd, { brand_id: b.id, lang_id: 1 });
    expect(dup.statusCode).toBe(409);
    const upd = await t.send(api.brand.langUpdate, { id: add.json().id, description: 'About' });
    expect(upd.json()).toMatchObject({ title: 'Hello', description: 'About' });
    const list = await t.send(api.brand.langList, { brand_id: b.id });
    expect(list.json()).toHaveLength(1);
    const embedded = (await t.call(api.brand.list, {})).find((x) => x.id === b.id)!;
    expect(embedded.langs).toEqual([upd.json()]);
    expect((await t.refused(api.brand.langAdd, { brand_id: 987654, lang_id: 1 })).status).toBe(404);
    expect((await t.refused(api.brand.langAdd, { brand_id: b.id, lang_id: 9999 })).status).toBe(404);
    expect((await t.refused(api.brand.langUpdate, { id: 987654, title: 'x' })).status).toBe(404);
    expect((await t.refused(api.brand.langList, { brand_id: 987654 })).status).toBe(404);
  });

  it('adds, lists and deletes country rules', async () => {
    const b = await newBrand();
    const add = await t.send(api.brand.addCountryRule, {
      brand_id: b.id,
      code2: ['de', 'AT', 'DE'],
      exclude: true,
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ brand_id: b.id, code2: ['DE', 'AT'], exclude: true });
    expect((await t.send(api.brand.addCountryRule, { brand_id: b.id, code2: [], exclude: false })).statusCode).toBe(
      400,
    );
    const unknown = await t.refused(api.brand.addCountryRule, { brand_id: b.id, code2: ['XX'], exclude: false });
    expect(unknown.status).toBe(400);
    expect(unknown.detail).toMatch(/XX/);
    const list = await t.send(api.brand.listCountryRule, { brand_id: b.id });
    expect(list.json()).toEqual([add.json()]);
    const del = await t.send(api.brand.delCountryRule, { id: add.json().id });
    expect(del.json()).toEqual({ ok: true });
    expect((await t.refused(api.brand.delCountryRule, { id: add.json().id })).status).toBe(404);
    expect(await t.call(api.brand.listCountryRule, { brand_id: b.id })).toEqual([]);
  });
});

describe('slugify', () => {
  it('makes slugs', () => {
    expect(slugify('  Peppa  Pig -- Season 2 ')).toBe('peppa-pig-season-2');
    expect(slugify('Маша')).toBe('masha');
    expect(slugify('🐻')).toBe('');
  });
});
