import {
  api,
  Brand,
  BrandLang,
  type BrandListBody,
  BrandRow,
  CountryRule,
  listPage,
  wholeList,
} from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { brandList } from '../../test/whole-lists.ts';
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
    expect(list.json<{ id: number }[]>().map((b) => b.id)).toContain(brand.id);
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
    const ids = (await brandList(t)).map((b: { id: number }) => b.id);
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

  it('writes nothing for a save that changes nothing: no new updated_at, no empty entry in its history', async () => {
    // What the brand modal sends when only countries waiting to become a rule were chosen: every field as it was.
    const brand = await newBrand({ available_from: '2030-01-01T00:00:00.000Z' });
    const { id, name, slug, age_rating, logo_url, sort, is_published, available_from, available_until } = brand;
    const same = { id, name, slug, age_rating, logo_url, sort, is_published, available_from, available_until };
    const saved = await t.call(api.brand.update, { ...same, updated_at: brand.updated_at });
    expect(saved).toEqual(brand);
    await t.call(api.brand.addCountryRule, { brand_id: id, code2: ['GB'] });
    const history = await t.call(api.audit.list, { entity: 'brands', entity_id: String(id), with_parts: true });
    expect(history.items.map((e) => [e.entity, e.action])).toEqual([
      ['country_rules', 'insert'],
      ['brands', 'insert'],
    ]);
    // Its updated_at still guards: a save from before a real change is refused.
    await t.call(api.brand.update, { id, sort: 3 });
    expect((await t.refused(api.brand.update, { ...same, updated_at: brand.updated_at })).status).toBe(409);
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
    const answer = await brandList(t);
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
    const answer = wholeList(await t.call(api.brand.list, { fields: 'table' })) as BrandRow[];
    expect(api.brand.list.response.parse(answer)).toEqual(answer);
    const item = answer.find((x) => x.id === b.id)!;
    expect(Object.keys(item).sort()).toEqual(Object.keys(BrandRow.shape).sort());
    expect(item.langs).toEqual([{ id: version.id, lang_id: 1, is_published: false }]);
    expect(item.country_rules).toEqual([rule]);
    // The same brands in the same order as the whole list.
    expect(answer.map((x) => x.id)).toEqual((await brandList(t)).map((x) => x.id));
    const bad = await t.refused(api.brand.list, { fields: 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.detail).toMatch(/fields/);
  });

  it("answers {fields: 'names'} with every brand's id and name, in the list's order, and refuses it with a page", async () => {
    const b = await newBrand({ name: 'Names Only 50%_off', sort: -5 });
    await t.send(api.brand.langAdd, { brand_id: b.id, lang_id: 1, title: 'Hello', description: 'Long' });
    const answer = wholeList(await t.call(api.brand.list, { fields: 'names' }));
    expect(api.brand.list.response.parse(answer)).toEqual(answer);
    const whole = await brandList(t);
    expect(answer).toEqual(whole.map((x) => ({ id: x.id, name: x.name })));
    expect(answer.find((x) => x.id === b.id)).toEqual({ id: b.id, name: 'Names Only 50%_off' });
    // A brand renamed is named anew in the next answer (the answer is kept per change).
    await t.send(api.brand.update, { id: b.id, name: 'Names Renamed' });
    const again = wholeList(await t.call(api.brand.list, { fields: 'names' }));
    expect(again.find((x) => x.id === b.id)).toEqual({ id: b.id, name: 'Names Renamed' });
    for (const paging of [{ limit: 10 }, { search: 'x' }, { sort: 'name' as const }]) {
      const bad = await t.refused(api.brand.list, { fields: 'names', ...paging });
      expect(bad.status).toBe(400);
      expect(bad.detail).toMatch(/fields/);
    }
  });

  it('answers a page with limit: searched in name or slug as typed, sorted by a column of the table, counted', async () => {
    const tag = `pg${Date.now()}`;
    const made = [];
    for (const [name, age, rules] of [
      [`${tag} Brand 10`, '6+', [{ code2: ['FR'], exclude: true }]],
      [`${tag} Brand 9 50%_off`, '0+', []],
      [`${tag} Ёжик 🐣`, '3+', [{ code2: ['DE', 'AT'], exclude: false }]],
    ] as const) {
      const b = await newBrand({ name, age_rating: age });
      for (const rule of rules)
        await t.call(api.brand.addCountryRule, { brand_id: b.id, ...rule, code2: [...rule.code2] });
      made.push(b);
    }
    await t.call(api.brand.langAdd, { brand_id: made[2].id, lang_id: 1 });
    const page = async (body: Omit<BrandListBody, 'fields'>) =>
      listPage(await t.call(api.brand.list, { fields: 'table', limit: 100, ...body }));
    const names = async (body: Omit<BrandListBody, 'fields'>) =>
      (await page({ search: tag, ...body })).rows.map((b) => b.name.slice(tag.length + 1));

    const all = await page({});
    const total = wholeList(await t.call(api.brand.list, { fields: 'table' })).length;
    expect(all).toMatchObject({ count: total, total });
    // Text as en-GB with numbers by value, in either direction; the other columns by their values.
    expect(await names({ sort: 'name' })).toEqual(['Brand 9 50%_off', 'Brand 10', 'Ёжик 🐣']);
    expect(await names({ sort: 'name', dir: 'desc' })).toEqual(['Ёжик 🐣', 'Brand 10', 'Brand 9 50%_off']);
    expect(await names({ sort: 'age' })).toEqual(['Brand 9 50%_off', 'Ёжик 🐣', 'Brand 10']);
    expect(await names({ sort: 'langs', dir: 'desc' })).toEqual(['Ёжик 🐣', 'Brand 10', 'Brand 9 50%_off']);
    // "Where available" in its words: Everywhere, Everywhere except FR, Only DE, AT.
    expect(await names({ sort: 'where' })).toEqual(['Brand 9 50%_off', 'Brand 10', 'Ёжик 🐣']);
    // A search is literal (% and _ are themselves), in any case, in a name or a slug; any Unicode.
    expect(await names({ search: `${tag} brand 9 50%_` })).toEqual(['Brand 9 50%_off']);
    expect(await names({ search: '%_o' })).toEqual(['Brand 9 50%_off']);
    expect((await page({ search: '%' })).rows.map((b) => b.id)).toEqual([made[1].id]);
    expect(await names({ search: '🐣' })).toEqual(['Ёжик 🐣']);
    expect((await page({ search: made[2].slug })).rows.map((b) => b.id)).toEqual([made[2].id]);
    expect(await page({ search: 'x'.repeat(200) })).toEqual({ rows: [], count: 0, total });
    // Paged: the count is of the matches, the page of the sorted matches.
    const second = await page({ search: tag, sort: 'name', offset: 1, limit: 1 });
    expect(second).toEqual({ rows: [expect.objectContaining({ id: made[0].id })], count: 3, total });
    // Without limit, the spec's array, searched and sorted alike.
    const list = wholeList(await t.call(api.brand.list, { search: tag, sort: 'name', dir: 'desc' }));
    expect(list.map((b) => b.id)).toEqual([made[2].id, made[0].id, made[1].id]);
  });

  it('sorts by "Where available" as it is at the moment asked, with no change saved in between', async () => {
    const tag = `when${Date.now()}`;
    const soon = await newBrand({ name: `${tag} soon` });
    const except = await newBrand({ name: `${tag} except` });
    // Not in GB from a moment on: "Everywhere" until then, "Everywhere except GB" after ("… FR" before it).
    const starts = new Date(Date.now() + 1500).toISOString();
    await t.call(api.brand.addCountryRule, { brand_id: soon.id, code2: ['GB'], exclude: true, starts_at: starts });
    await t.call(api.brand.addCountryRule, { brand_id: except.id, code2: ['FR'], exclude: true });
    const order = async () =>
      listPage(await t.call(api.brand.list, { fields: 'table', search: tag, sort: 'where', limit: 10 })).rows.map(
        (b) => b.id,
      );
    expect(await order()).toEqual([soon.id, except.id]);
    await expect.poll(order, { timeout: 10_000 }).toEqual([except.id, soon.id]);
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
    const embedded = (await brandList(t)).find((x) => x.id === b.id)!;
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
