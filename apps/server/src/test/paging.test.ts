/**
 * Paging bad input (issue 19): every list call with paging fields refuses a value out of range with 400 `{detail}`
 * naming the field, and changes nothing; a search of up to 200 characters, any Unicode, `%`, `_` and `\` included,
 * is matched literally.
 */
import { type ApiError, api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusals = [
  {
    call: api.promoCode.list,
    cases: [
      [{ offset: -1 }, 'offset'],
      [{ offset: 0.5 }, 'offset'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: -5 }, 'limit'],
      [{ sort: 'id' }, 'sort'],
      [{ sort: 'code; drop table promo_codes' }, 'sort'],
      [{ dir: 'sideways' }, 'dir'],
      [{ search: 'x'.repeat(201) }, 'search'],
      [{ after_id: 0 }, 'after_id'],
      [{ after_id: 'abc' }, 'after_id'],
    ],
  },
  {
    call: api.content.list,
    cases: [
      [{ brand_id: 1, offset: -1, limit: 10 }, 'offset'],
      [{ brand_id: 1, limit: 0 }, 'limit'],
      [{ brand_id: 1, limit: 101 }, 'limit'],
      [{ brand_id: 1, limit: 10, sort: 'id' }, 'sort'],
      [{ brand_id: 1, limit: 10, dir: 'up' }, 'dir'],
      [{ brand_id: 1, search: 'x'.repeat(201) }, 'search'],
    ],
  },
  {
    call: api.brand.list,
    cases: [
      [{ offset: -1, limit: 10 }, 'offset'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 10, sort: 'id' }, 'sort'],
      [{ limit: 10, dir: 'up' }, 'dir'],
      [{ search: 'x'.repeat(201) }, 'search'],
    ],
  },
  {
    call: api.bin.list,
    cases: [
      [{ offset: -1 }, 'offset'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
    ],
  },
  {
    call: api.audit.list,
    cases: [
      [{ before_id: 0 }, 'before_id'],
      [{ before_id: -3 }, 'before_id'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 501 }, 'limit'],
    ],
  },
] as const;

describe('paging fields out of range', () => {
  for (const { call, cases } of refusals) {
    it(`${call.path} answers 400 {detail} naming the field`, async () => {
      for (const [body, field] of cases) {
        const res = await t.send(call as typeof api.promoCode.list, body as never);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        const { detail } = res.json<ApiError>();
        expect(detail, JSON.stringify(body)).toMatch(new RegExp(`\\b${field}\\b`));
      }
    });
  }
});

describe('a promo-code search', () => {
  it('takes up to 200 characters of any Unicode and matches %, _ and \\ as typed', async () => {
    const made: Record<string, { id: number }> = {};
    for (const [code, description] of [
      ['LIT-PCT', 'Half 50%_off for 🐣 Пасха'],
      ['LIT-DECOY', 'Half 500 bonus offer'],
      ['LIT-SLASH', 'Path a\\b'],
      ['LIT-AB', 'Path ab'],
    ]) {
      const res = await t.send(api.promoCode.add, { code, description, kind: 'free_days', value: 7 });
      expect(res.statusCode, res.body).toBe(200);
      made[code] = res.json();
    }
    const found = async (search: string) => {
      const res = await t.send(api.promoCode.list, { search, limit: 100 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().rows.map((r: { code: string }) => r.code);
    };
    expect(await found('50%_off')).toEqual(['LIT-PCT']);
    expect(await found('%')).toEqual(['LIT-PCT']);
    expect(await found('_')).toEqual(['LIT-PCT']);
    expect(await found('a\\b')).toEqual(['LIT-SLASH']);
    expect(await found('🐣 пасха')).toEqual(['LIT-PCT']);
    expect(await found('🐣'.repeat(100))).toEqual([]);
    const longest = `${'ж'.repeat(199)}%`;
    expect(longest).toHaveLength(200);
    expect(await found(longest)).toEqual([]);
    expect(Object.keys(made)).toHaveLength(4);
  });
});
