/**
 * What bench/api.ts asks the servers for: the spec's lists (with a raw baseline) and the console's calls, on the
 * catalogue BENCH_CATALOGUE picks.
 */

import type { Servers } from './api-processes.ts';
import { API_CATALOGUE, pickCatalogue } from './catalogue-seed.ts';
import { fmt } from './database.ts';

/** BENCH_CATALOGUE=large: issue 19's catalogue (1,000 brands, 100,000 episodes, 1,000,000 promo codes). */
export const { name: CATALOGUE_NAME, shape: CATALOGUE } = pickCatalogue(API_CATALOGUE);

export interface Case {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  /** Served by the raw baseline too. */
  raw: boolean;
  /** The p99 target in ms (on PostgreSQL). */
  p99Target: number;
  /** Asked for as the console's browser asks (Chromium's `accept-encoding`): the answer comes compressed. */
  browser?: true;
}

/** What Chromium sends with every call of the console. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** A case's headers: the session's, and the browser's encodings for the console's calls. */
export const headersOf = (auth: Record<string, string>, c?: Case) =>
  c?.browser ? { ...auth, ...BROWSER_ENCODINGS } : auth;

// A page of promo codes as the console asks for it; on the large catalogue the last page of 1,000,000 at 100 a page.
const PROMO_LIMIT = CATALOGUE.promoCodes >= 1_000_000 ? 100 : 50;
const DEEP_PAGE =
  CATALOGUE.promoCodes >= 1_000_000 ? 10_000 : Math.min(1_001, Math.floor(CATALOGUE.promoCodes / PROMO_LIMIT));

export const CASES: Case[] = [
  {
    name: `brand list (${fmt(CATALOGUE.brands)} brands)`,
    path: '/api/brand/list',
    method: 'POST',
    body: {},
    raw: true,
    p99Target: 30,
  },
  {
    name: `content list (${fmt(CATALOGUE.bigBrandEpisodes)} episodes)`,
    path: '/api/content/list',
    method: 'POST',
    body: { brand_id: 1 },
    raw: true,
    p99Target: 30,
  },
  {
    name: `promo codes, page 1 of ${PROMO_LIMIT}`,
    path: '/api/promo-codes/list/',
    method: 'POST',
    body: { offset: 0, limit: PROMO_LIMIT },
    raw: true,
    p99Target: 20,
  },
  {
    name: `promo codes, page ${fmt(DEEP_PAGE)} of ${PROMO_LIMIT}`,
    path: '/api/promo-codes/list/',
    method: 'POST',
    body: { offset: (DEEP_PAGE - 1) * PROMO_LIMIT, limit: PROMO_LIMIT },
    raw: true,
    p99Target: 20,
  },
  // What the console asks for since decision 033 (no raw baseline: their SQL is the app's own).
  {
    name: `brand table, first page of 50 (as the brands screen asks it)`,
    path: '/api/brand/list',
    method: 'POST',
    body: { fields: 'table', limit: 50 },
    raw: false,
    browser: true,
    p99Target: 30,
  },
  {
    name: `brand list as the table shows it, whole ({fields: 'table'}: the schedule's country filter)`,
    path: '/api/brand/list',
    method: 'POST',
    body: { fields: 'table' },
    raw: false,
    browser: true,
    p99Target: 30,
  },
  {
    name: `brand names, whole ({fields: 'names'}: the brand pickers)`,
    path: '/api/brand/list',
    method: 'POST',
    body: { fields: 'names' },
    raw: false,
    browser: true,
    p99Target: 30,
  },
  {
    name: `content list, first page of 100 (${fmt(CATALOGUE.bigBrandEpisodes)} episodes)`,
    path: '/api/content/list',
    method: 'POST',
    body: { brand_id: 1, limit: 100 },
    raw: false,
    browser: true,
    p99Target: 30,
  },
  {
    name: `promo codes, page ${fmt(DEEP_PAGE)} of ${PROMO_LIMIT} by keyset (after_id)`,
    path: '/api/promo-codes/list/',
    method: 'POST',
    // after_id: the last code of the page before, found once the server is up (keysetCase).
    body: { limit: PROMO_LIMIT },
    raw: false,
    browser: true,
    p99Target: 20,
  },
];

/** The keyset case asks for the rows after the last code of the page before the deep page. */
async function keysetCase(s: Servers) {
  const res = await fetch(`${s.app}/api/promo-codes/list/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ offset: (DEEP_PAGE - 1) * PROMO_LIMIT - 1, limit: 1 }),
  });
  const { rows } = (await res.json()) as { rows: { id: number }[] };
  const keyset = CASES.at(-1) as Case;
  keyset.body = { limit: PROMO_LIMIT, after_id: rows[0].id };
}

/** Fills in the keyset case, and checks that the baseline answers as many rows as the app: else the ratio means nothing. */
export async function shapeCheck(s: Servers) {
  await keysetCase(s);
  for (const c of CASES) {
    if (!c.raw) continue;
    const sizes: number[] = [];
    for (const base of [s.app, s.raw]) {
      const res = await fetch(base + c.path, {
        method: c.method,
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
      });
      if (!res.ok) throw new Error(`${base}${c.path}: ${res.status} ${await res.text()}`);
      const json = (await res.json()) as unknown[] | { rows: unknown[] };
      sizes.push(Array.isArray(json) ? json.length : json.rows.length);
    }
    if (sizes[0] !== sizes[1]) throw new Error(`${c.name}: app ${sizes[0]} rows, raw ${sizes[1]}`);
  }
}
