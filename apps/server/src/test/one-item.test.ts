/**
 * One item by id (api.md, third wave, "One item"): `brand/get`, `content/get`, `promo/get` and `stream/get` answer
 * the item exactly as its list does; unknown, or in the bin, 404 with a sentence saying so.
 */
import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ENGLISH = 1;

describe('one item by id', () => {
  it('answers each item as its list does, and 404 with a sentence once it is in the bin or never was', async () => {
    const brand = await t.call(api.brand.add, { name: 'One Item Brand' });
    await t.call(api.brand.langAdd, { brand_id: brand.id, lang_id: ENGLISH, title: 'One', description: 'Whole' });
    await t.call(api.brand.addCountryRule, { brand_id: brand.id, code2: ['GB'] });
    const item = await t.call(api.content.add, { brand_id: brand.id, season: 1 });
    await t.call(api.content.langAdd, { content_id: item.id, lang_id: ENGLISH, title: 'Pilot' });
    const promo = await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'One banner',
      brand_id: brand.id,
    });
    const stream = await t.call(api.stream.add, { lang_id: ENGLISH, title: 'One stream', url: 'https://e.com/s' });

    const brands = await t.call(api.brand.list, {});
    const items = await t.call(api.content.list, { brand_id: brand.id });
    const promos = await t.call(api.promo.list, {});
    const streams = await t.call(api.stream.list, { lang_id: ENGLISH });
    const cases = [
      { get: api.brand.get, del: api.brand.delete, id: brand.id, what: 'Brand', listed: brands },
      { get: api.content.get, del: api.content.delete, id: item.id, what: 'Content', listed: items },
      { get: api.promo.get, del: api.promo.delete, id: promo.id, what: 'Promo banner', listed: promos },
      { get: api.stream.get, del: api.stream.delete, id: stream.id, what: 'Stream', listed: streams },
    ];
    for (const c of cases) {
      const listed = (c.listed as { id: number }[]).find((row) => row.id === c.id);
      expect(listed, c.what).toBeDefined();
      expect(await t.call(c.get, { id: c.id }), c.what).toStrictEqual(listed);

      const unknown = await t.refused(c.get, { id: 987_654 });
      expect([unknown.status, unknown.detail]).toEqual([404, `${c.what} 987654 does not exist or is in the bin`]);
      expect((await t.refused(c.get, { id: 'one' })).status).toBe(400);
      expect((await t.refused(c.get, {})).status).toBe(400);
    }
    // The brand last: in the bin, it takes its content with it.
    for (const c of [...cases.slice(1), cases[0]]) {
      await t.call(c.del, { id: c.id });
      const gone = await t.refused(c.get, { id: c.id });
      expect([gone.status, gone.detail]).toEqual([404, `${c.what} ${c.id} does not exist or is in the bin`]);
    }
  });

  it('reads the content of a brand in the bin as missing', async () => {
    const brand = await t.call(api.brand.add, { name: 'Binned Brand' });
    const item = await t.call(api.content.add, { brand_id: brand.id, season: 1 });
    await t.call(api.brand.delete, { id: brand.id });
    const gone = await t.refused(api.content.get, { id: item.id });
    expect([gone.status, gone.detail]).toEqual([404, `Content ${item.id} does not exist or is in the bin`]);
  });
});
