import { api } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../db/schema.ts';
import { createTestApp, type TestApp } from './harness.ts';

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

async function ok(url: string, body: unknown) {
  const res = await t.post(url, body);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
}

interface Editable {
  name: string;
  create(): Promise<{ id: number; updated_at: string }>;
  /** The update call of a record. */
  updateUrl(id: number): string;
  /** The body of one editor's change: `value` tells the two apart. */
  change(id: number, value: string): Record<string, unknown>;
  /** The changed field as stored now. */
  read(id: number): Promise<string>;
}

const brandId = async () => (await ok('/api/brand/add', { name: `Editors brand ${++seq}` })).id as number;

const editables: Editable[] = [
  {
    name: 'brand',
    create: () => ok('/api/brand/add', { name: `Brand ${++seq}` }),
    updateUrl: () => '/api/brand/update',
    change: (id, value) => ({ id, name: value }),
    read: async (id) => (await ok('/api/brand/list', {})).find((b: { id: number }) => b.id === id).name,
  },
  {
    name: 'content',
    create: async () => ok('/api/content/add', { brand_id: await brandId() }),
    updateUrl: () => '/api/content/update',
    change: (id, value) => ({ id, duration_sec: Number(value.slice(1)) }),
    read: async (id) => {
      const [item] = await t.database.db.select().from(content).where(eq(content.id, id));
      return `#${item.duration_sec}`;
    },
  },
  {
    name: 'promo banner',
    create: () => ok('/api/promo/add', { title: `Banner ${++seq}` }),
    updateUrl: () => '/api/promo/update',
    change: (id, value) => ({ id, title: value }),
    read: async (id) => (await ok('/api/promo/list', {})).find((p: { id: number }) => p.id === id).title,
  },
  {
    name: 'stream',
    create: () =>
      ok('/api/stream/add', { lang_id: 1, title: `Stream ${++seq}`, url: `https://live.example.com/${seq}.m3u8` }),
    updateUrl: () => '/api/stream/update',
    change: (id, value) => ({ id, title: value }),
    read: async (id) => (await ok('/api/stream/list', { lang_id: 1 })).find((s: { id: number }) => s.id === id).title,
  },
  {
    name: 'promo code',
    create: () => ok('/api/promo-codes/add/', { code: `EDITORS-${++seq}`, kind: 'free_days', value: 30 }),
    updateUrl: (id) => `/api/promo-codes/${id}/update/`,
    change: (_id, value) => ({ code: value }),
    read: async (id) => (await t.get(`/api/promo-codes/${id}/`)).json().code,
  },
];

describe('two editors saving the same record at once', () => {
  for (const e of editables) {
    it(`${e.name}: one save wins, the other gets 409, and the stored value is the winner's`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const record = await e.create();
        const values = [`#1${round}01`, `#2${round}02`].map((v) => (e.name === 'promo code' ? `ED${v.slice(1)}` : v));
        const answers = await Promise.all(
          values.map((value) =>
            t.post(e.updateUrl(record.id), { ...e.change(record.id, value), updated_at: record.updated_at }),
          ),
        );
        const statuses = answers.map((a) => a.statusCode).sort();
        expect(statuses, answers.map((a) => a.body).join(' | ')).toEqual([200, 409]);
        const winner = answers.findIndex((a) => a.statusCode === 200);
        const loser = answers[1 - winner];
        expect(loser.json()).toEqual({ detail: expect.stringMatching(/was changed by someone else/) });
        expect(await e.read(record.id)).toBe(values[winner]);
        // The loser, told so, reloads and saves again: now it is saved.
        const fresh = answers[winner].json();
        const retry = await t.post(e.updateUrl(record.id), {
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
    for (let i = 0; i < n; i++) await ok('/api/content/add', { brand_id: brand, season: 1 });
    const season = async () =>
      (await ok('/api/content/list', { brand_id: brand })) as { id: number; sort_number: number; season: number }[];
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
    for (let i = 0; i < 4; i++) await ok('/api/content/add', { brand_id: brand });
    const [first] = await ok('/api/content/list', { brand_id: brand });
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
    const after = await ok('/api/content/list', { brand_id: brand });
    expect(after.find((c: { id: number }) => c.id === first.id).sort_number).toBe(winner?.sort_number);
    expect(after.map((c: { sort_number: number }) => c.sort_number).sort()).toEqual([1, 2, 3, 4]);
  });
});
