import { api } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../db/schema.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { brandList, contentList } from './whole-lists.ts';

/**
 * Issue "Reliability and security", item 3: two editors saving the same record at the same moment. Both read it,
 * both send their change with the `updated_at` they read, at once: one is saved, the other gets 409, and what the
 * database holds is the saved one's change, never a mix and never the loser's. Repeated, so that either may win.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUNDS = 6;
let seq = 0;

interface Editable {
  name: string;
  create(): Promise<{ id: number; updated_at: string }>;
  /** Sends the update call of a record. */
  update(id: number, body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** The body of one editor's change: `value` tells the two apart. */
  change(id: number, value: string): Record<string, unknown>;
  /** The changed field as stored now. */
  read(id: number): Promise<string>;
}

const brandId = async () => (await t.call(api.brand.add, { name: `Editors brand ${++seq}` })).id as number;

const editables: Editable[] = [
  {
    name: 'brand',
    create: () => t.call(api.brand.add, { name: `Brand ${++seq}` }),
    update: (_, body) => t.send(api.brand.update, body),
    change: (id, value) => ({ id, name: value }),
    read: async (id) => (await brandList(t)).find((b) => b.id === id)!.name,
  },
  {
    name: 'content',
    create: async () => t.call(api.content.add, { brand_id: await brandId() }),
    update: (_, body) => t.send(api.content.update, body),
    change: (id, value) => ({ id, duration_sec: Number(value.slice(1)) }),
    read: async (id) => {
      const [item] = await t.database.db.select().from(content).where(eq(content.id, id));
      return `#${item.duration_sec}`;
    },
  },
  {
    name: 'promo banner',
    create: () => t.call(api.promo.add, { button_text: 'Watch', button_color: '#1f2937', title: `Banner ${++seq}` }),
    update: (_, body) => t.send(api.promo.update, body),
    change: (id, value) => ({ id, title: value }),
    read: async (id) => (await t.call(api.promo.list, {})).find((p) => p.id === id)!.title,
  },
  {
    name: 'stream',
    create: () =>
      t.call(api.stream.add, { lang_id: 1, title: `Stream ${++seq}`, url: `https://live.example.com/${seq}.m3u8` }),
    update: (_, body) => t.send(api.stream.update, body),
    change: (id, value) => ({ id, title: value }),
    read: async (id) => (await t.call(api.stream.list, { lang_id: 1 })).find((s) => s.id === id)!.title,
  },
  {
    name: 'promo code',
    create: () => t.call(api.promoCode.add, { code: `EDITORS-${++seq}`, kind: 'free_days', value: 30 }),
    update: (id, body) => t.send(api.promoCode.update, body, { params: { id } }),
    change: (_id, value) => ({ code: value }),
    read: async (id) => (await t.send(api.promoCode.get, { params: { id: id } })).json().code,
  },
];

describe('two editors saving the same record at once', () => {
  for (const e of editables) {
    it(`${e.name}: one save wins, the other gets 409, and the stored value is the winner's`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const record = await e.create();
        const values = [`#1${round}01`, `#2${round}02`].map((v) => (e.name === 'promo code' ? `ED${v.slice(1)}` : v));
        const answers = await Promise.all(
          values.map((value) => e.update(record.id, { ...e.change(record.id, value), updated_at: record.updated_at })),
        );
        const statuses = answers.map((a) => a.statusCode).sort();
        expect(statuses, answers.map((a) => a.body).join(' | ')).toEqual([200, 409]);
        const winner = answers.findIndex((a) => a.statusCode === 200);
        const loser = answers[1 - winner];
        expect(loser.json()).toEqual({ detail: expect.stringMatching(/was changed by someone else/) });
        expect(await e.read(record.id)).toBe(values[winner]);
        // The loser, told so, reloads and saves again: now it is saved.
        const fresh = answers[winner].json();
        const retry = await e.update(record.id, {
          ...e.change(record.id, values[1 - winner]),
          updated_at: fresh.updated_at,
        });
        expect(retry.statusCode, retry.body).toBe(200);
        expect(await e.read(record.id)).toBe(values[1 - winner]);
      }
    });
  }
});

describe('reorders at the same moment', () => {
  it('leave a season numbered 1..n without gaps or duplicates, whatever order they run in', async () => {
    const brand = await brandId();
    const n = 8;
    for (let i = 0; i < n; i++) await t.call(api.content.add, { brand_id: brand, season: 1 });
    const season = async () =>
      (await contentList(t, { brand_id: brand })) as { id: number; sort_number: number; season: number }[];
    for (let round = 0; round < ROUNDS; round++) {
      const items = await season();
      // Two (and in later rounds up to four) editors move different episodes to different places at once.
      const movers = items.slice(0, 2 + (round % 3));
      const answers = await Promise.all(
        movers.map((item, i) =>
          t.send(api.content.update, {
            id: item.id,
            sort_number: ((round + i * 3) % n) + 1,
            sort_number_changed: true,
          }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const after = await season();
      expect(after.map((c) => c.sort_number).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(new Set(after.map((c) => c.id)).size).toBe(n);
    }
  });

  it('refuse the stale one of two moves of the same episode, read before either', async () => {
    const brand = await brandId();
    for (let i = 0; i < 4; i++) await t.call(api.content.add, { brand_id: brand });
    const [first] = await contentList(t, { brand_id: brand });
    const answers = await Promise.all(
      [4, 2].map((to) =>
        t.send(api.content.update, {
          id: first.id,
          sort_number: to,
          sort_number_changed: true,
          updated_at: first.updated_at,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)?.json();
    const after = await contentList(t, { brand_id: brand });
    expect(after.find((c) => c.id === first.id)!.sort_number).toBe(winner?.sort_number);
    expect(after.map((c: { sort_number: number }) => c.sort_number).sort()).toEqual([1, 2, 3, 4]);
  });
});
