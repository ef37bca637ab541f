import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { brandList } from '../../test/whole-lists.ts';

/** Availability windows (api.md "Availability in time"): set, answered and refused through each entity's calls. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ENGLISH = 1;
const FROM = '2026-12-01T00:00:00.000Z';
const UNTIL = '2028-11-30T00:00:00.000Z';

let seq = 0;
const name = (what: string) => {
  seq += 1;
  return `${what} window ${seq}`;
};

/** Each kind that has a window: its calls and the body of a new one (with extra fields). */
const kinds = {
  brand: {
    calls: api.brand,
    body: async (fields: object) => ({ name: name('Brand'), ...fields }),
    list: () => brandList(t),
  },
  content: {
    calls: api.content,
    body: async (fields: object) => {
      const brand = await t.call(api.brand.add, { name: name('Brand') });
      return { brand_id: brand.id, ...fields };
    },
    list: async () => [] as { id: number }[],
  },
  promo: {
    calls: api.promo,
    body: async (fields: object) => ({
      title: name('Promo'),
      button_text: 'Watch',
      button_color: '#1f2937',
      ...fields,
    }),
    list: () => t.call(api.promo.list, {}),
  },
  stream: {
    calls: api.stream,
    body: async (fields: object) => ({
      lang_id: ENGLISH,
      title: name('Stream'),
      url: `https://live.example.com/${seq}.m3u8`,
      ...fields,
    }),
    list: () => t.call(api.stream.list, { lang_id: ENGLISH }),
  },
};

describe.each(Object.entries(kinds))('the window of a %s', (_kind, kind) => {
  // One shape for the four kinds' calls: what differs is in the bodies.
  const k = {
    addSend: async (fields: object) =>
      t.send(kind.calls.add as typeof api.brand.add, (await kind.body(fields)) as never),
    add: async (fields: object) => t.call(kind.calls.add as typeof api.brand.add, (await kind.body(fields)) as never),
    update: (body: { id: number } & Record<string, unknown>) =>
      t.send(kind.calls.update as typeof api.brand.update, body),
    list: kind.list,
  };
  it('is null (no limit) unless set, and is stored in UTC', async () => {
    const plain = await k.add({});
    expect(plain).toMatchObject({ available_from: null, available_until: null });
    const timed = await k.add({ available_from: '2026-12-01T01:00:00+01:00', available_until: UNTIL });
    expect(timed).toMatchObject({ available_from: FROM, available_until: UNTIL });
    const listed = (await k.list()).find((item) => item.id === timed.id);
    if (listed) expect(listed).toMatchObject({ available_from: FROM, available_until: UNTIL });
  });

  it('is changed by update, one end at a time, and cleared with null', async () => {
    const item = await k.add({});
    let res = await k.update({ id: item.id, available_until: UNTIL });
    expect(res.statusCode, res.body).toBe(200);
    res = await k.update({ id: item.id, available_from: FROM });
    expect(res.json()).toMatchObject({ available_from: FROM, available_until: UNTIL });
    res = await k.update({ id: item.id, available_until: null });
    expect(res.json()).toMatchObject({ available_from: FROM, available_until: null });
  });

  it('refuses until at or before from with 400 naming the fields, and changes nothing', async () => {
    const refused = await k.addSend({ available_from: FROM, available_until: FROM });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(/available_until.*available_from/);
    const item = await k.add({ available_from: FROM, available_until: UNTIL });
    for (const body of [
      { available_until: FROM },
      { available_from: UNTIL },
      { available_from: UNTIL, available_until: FROM },
    ]) {
      const res = await k.update({ id: item.id, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/available_until.*available_from/);
    }
    const again = await k.update({ id: item.id });
    expect(again.json()).toMatchObject({ available_from: FROM, available_until: UNTIL });
  });
});

describe('the dates of a country rule', () => {
  it('are set with add_country_rule, answered with the brand and refused out of order', async () => {
    const brand = await t.call(api.brand.add, { name: name('Brand') });
    const rule = await t.call(api.brand.addCountryRule, {
      brand_id: brand.id,
      code2: ['GB', 'IE'],
      starts_at: FROM,
      ends_at: UNTIL,
    });
    expect(rule).toMatchObject({ starts_at: FROM, ends_at: UNTIL });
    const open = await t.call(api.brand.addCountryRule, { brand_id: brand.id, code2: ['FR'], exclude: true });
    expect(open).toMatchObject({ starts_at: null, ends_at: null });
    expect((await t.call(api.brand.listCountryRule, { brand_id: brand.id })).map((r) => r.ends_at)).toEqual([
      UNTIL,
      null,
    ]);
    const refused = await t.send(api.brand.addCountryRule, {
      brand_id: brand.id,
      code2: ['DE'],
      starts_at: UNTIL,
      ends_at: UNTIL,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(/ends_at.*starts_at/);
    expect(await t.call(api.brand.listCountryRule, { brand_id: brand.id })).toHaveLength(2);
  });
});
