/**
 * Load (issue "Reliability and security", item 2): the real server (`node --import tsx src/main.ts` in a
 * process of its own, listening on a free port, on a fresh database of the PostgreSQL server) under
 * LOAD_CLIENTS signed-in clients (200) for LOAD_SECONDS, each sending one request after the other, a console's
 * mix of reads and writes: brand, content and promo-code lists and reads (checking that the client's own
 * acknowledged writes are in them), creating and updating brands, content, content language versions and
 * promo codes, with the optimistic-concurrency guard (`updated_at`) the console sends.
 *
 * Passes when: no 5xx, no network error, no other unexpected status; the only 409s are the deliberate
 * ones (clients racing to create the same shared promo code, exactly one of them wins each), and afterwards
 * the database holds exactly what the clients were told: every acknowledged create (and nothing else: the
 * counts match), each with the values of its last acknowledged update, and content numbered 1..n in every
 * season although clients added to the same brands at once. Prints req/s, p50 and p99.
 *
 *   CI (npm test):  5 s, 200 clients (LOAD_SECONDS=5 by default)
 *   Full setting:   LOAD_SECONDS=30 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *                     npx vitest run --project server-postgres apps/server/src/test/load.pg.test.ts
 *   (LOAD_CLIENTS=200 changes the number of clients.)
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Brand, Content, ContentLang, PromoCode } from '@kids-vod/contract';
import { api } from '@kids-vod/contract';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ChildServer, serverEnv, startServer, tempDataDir } from './child-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTestDatabase } from './harness.ts';
import { type HttpAnswer, HttpClient, networkErrorCode, quantile } from './http-client.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
/** Sign-ins (scrypt, ~100 ms each) shared by the clients: an editor with many tabs, not 200 sign-ins. */
const SESSIONS = 8;
const SEED_BRANDS = 40;
const SEED_EPISODES = 25;
const SEED_PROMO_CODES = 100;
/** Codes every client may try to create: the first wins, the others get the deliberate 409. */
const SHARED_CODES = 20;
/** Brands one client creates at most (then it updates them): the brand list stays a console's size. */
const BRANDS_PER_CLIENT = 2;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let pool: pg.Pool;
let server: ChildServer;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  if (!database.url) throw new Error('the load test runs on the PostgreSQL server');
  dataDir = tempDataDir();
  server = await startServer(serverEnv(dataDir, { DATABASE_URL: database.url }));
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // A connection still closing when the database is dropped (with force) hears "terminating connection" after
  // pool.end(): without a listener that would be an uncaught error failing the run. The app's pool does the same.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // A catalogue to read: brands with episodes (each with an English version) and a page of promo codes.
  await pool.query(`
    insert into brands (name, slug, sort, is_published)
      select 'Seed brand ' || g, 'seed-brand-' || g, g, true from generate_series(1, ${SEED_BRANDS}) g;
    insert into content (brand_id, season, sort_number, duration_sec, is_published)
      select b.id, 1, s, 600, true from brands b, generate_series(1, ${SEED_EPISODES}) s;
    insert into content_langs (content_id, lang_id, title)
      select c.id, (select id from languages where code = 'en'), 'Episode ' || c.sort_number from content c;
    insert into promo_codes (code, kind, value)
      select 'SEED-' || g, 'free_days', 7 from generate_series(1, ${SEED_PROMO_CODES}) g;
  `);
}, 120_000);

afterAll(async () => {
  server?.kill();
  await server?.exited;
  await pool?.end();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type OpName =
  | 'brand list'
  | 'content list'
  | 'promo list'
  | 'promo get'
  | 'lang list'
  | 'brand add'
  | 'brand update'
  | 'content add'
  | 'content update'
  | 'content lang add'
  | 'promo add'
  | 'promo update'
  | 'promo add (shared code)';

/** Relative weights: about three reads to one write, as a console session goes. */
const MIX: [OpName, number][] = [
  ['brand list', 22],
  ['content list', 22],
  ['promo list', 10],
  ['promo get', 5],
  ['lang list', 5],
  ['brand add', 3],
  ['brand update', 4],
  ['content add', 8],
  ['content update', 6],
  ['content lang add', 4],
  ['promo add', 5],
  ['promo update', 4],
  ['promo add (shared code)', 2],
];
const TOTAL_WEIGHT = MIX.reduce((s, [, w]) => s + w, 0);

/** What the server acknowledged, as each client was told it (the last answer for each id). */
interface Acked {
  brands: Map<number, Brand>;
  content: Map<number, Content>;
  contentLangs: Map<number, ContentLang>;
  promoCodes: Map<number, PromoCode>;
  shared: Map<string, PromoCode>;
}

interface Stats {
  latencies: number[];
  byOp: Map<OpName, { ok: number; expected409: number; failed: number; ms: number[] }>;
  failures: string[];
}

const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const int = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

test(
  `${CLIENTS} clients for ${SECONDS} s: no errors, every acknowledged write in the database`,
  async () => {
    const { rows: brandRows } = await pool.query<{ id: number }>('select id from brands order by id');
    const seededBrandIds = brandRows.map((r) => r.id);
    const { rows: contentRows } = await pool.query<{ id: number }>('select id from content order by id');
    const seededContentIds = contentRows.map((r) => r.id);
    const { rows: langRows } = await pool.query<{ id: number }>("select id from languages where code = 'de'");
    const langId = langRows[0].id;
    const run = randomBytes(3).toString('hex').toUpperCase();

    const base = new HttpClient(server.url);
    const tokens: string[] = [];
    for (let i = 0; i < SESSIONS; i++) tokens.push(await base.withToken('').login(ADMIN_EMAIL, ADMIN_PASSWORD));

    const acked: Acked = {
      brands: new Map(),
      content: new Map(),
      contentLangs: new Map(),
      promoCodes: new Map(),
      shared: new Map(),
    };
    const stats: Stats = {
      latencies: [],
      byOp: new Map(MIX.map(([op]) => [op, { ok: 0, expected409: 0, failed: 0, ms: [] as number[] }])),
      failures: [],
    };
    const fail = (op: OpName, what: string) => {
      const s = stats.byOp.get(op);
      if (s) s.failed++;
      if (stats.failures.length < 20) stats.failures.push(`${op}: ${what}`);
    };

    async function client(index: number, deadline: number) {
      const http = base.withToken(tokens[index % SESSIONS]);
      const mine = {
        brands: new Map<number, Brand>(),
        content: new Map<number, Content>(),
        withoutLang: [] as number[],
        promoCodes: new Map<number, PromoCode>(),
      };
      let n = 0;
      while (performance.now() < deadline) {
        let roll = Math.random() * TOTAL_WEIGHT;
        let op = MIX[0][0];
        for (const [name, weight] of MIX) {
          roll -= weight;
          if (roll < 0) {
            op = name;
            break;
          }
        }
        // Updates need something of the client's own; until it has some, it creates.
        if (op === 'brand update' && mine.brands.size === 0) op = 'brand add';
        if (op === 'brand add' && mine.brands.size >= BRANDS_PER_CLIENT) op = 'brand update';
        if (op === 'content update' && mine.content.size === 0) op = 'content add';
        if (op === 'content lang add' && mine.withoutLang.length === 0) op = 'content add';
        if ((op === 'promo update' || op === 'promo get') && mine.promoCodes.size === 0) op = 'promo add';
        n++;
        const brandIds = [...seededBrandIds, ...mine.brands.keys()];

        let answer: HttpAnswer;
        try {
          switch (op) {
            case 'brand list':
              answer = await http.send(api.brand.list, {});
              if (answer.status === 200) {
                const listed = new Map(answer.json<Brand[]>().map((b) => [b.id, b]));
                for (const b of mine.brands.values()) {
                  if (listed.get(b.id)?.name !== b.name) fail(op, `brand ${b.id} missing or stale in the list`);
                }
              }
              break;
            case 'content list':
              answer = await http.send(api.content.list, { brand_id: pick(brandIds) });
              break;
            case 'promo list':
              answer = await http.send(api.promoCode.list, { offset: int(0, 50), limit: 20 });
              break;
            case 'promo get': {
              const own = pick([...mine.promoCodes.values()]) as PromoCode;
              answer = await http.send(api.promoCode.get, { params: { id: own.id } });
              if (answer.status === 200 && answer.json<PromoCode>().description !== own.description)
                fail(op, `promo code ${own.id} stale`);
              break;
            }
            case 'lang list':
              answer = await http.send(api.content.langList, {
                content_id: pick([...mine.content.keys()]) ?? pick(seededContentIds),
              });
              break;
            case 'brand add':
              answer = await http.send(api.brand.add, {
                name: `Load ${run} client ${index} brand ${n}`,
                slug: `load-${run.toLowerCase()}-${index}-${n}`,
                sort: int(0, 1000),
              });
              if (answer.status === 200) {
                const b = answer.json<Brand>();
                mine.brands.set(b.id, b);
                acked.brands.set(b.id, b);
              }
              break;
            case 'brand update': {
              const own = pick([...mine.brands.values()]) as Brand;
              answer = await http.send(api.brand.update, {
                id: own.id,
                name: `Load ${run} client ${index} brand ${own.id} v${n}`,
                sort: int(0, 1000),
                is_published: Math.random() < 0.5,
                updated_at: own.updated_at,
              });
              if (answer.status === 200) {
                const b = answer.json<Brand>();
                mine.brands.set(b.id, b);
                acked.brands.set(b.id, b);
              }
              break;
            }
            case 'content add':
              // Many clients add to the same 40 brands at once: the numbering within a season must still hold.
              answer = await http.send(api.content.add, {
                brand_id: pick(brandIds),
                season: int(1, 2),
                duration_sec: int(60, 1800),
              });
              if (answer.status === 200) {
                const c = answer.json<Content>();
                mine.content.set(c.id, c);
                mine.withoutLang.push(c.id);
                acked.content.set(c.id, c);
              }
              break;
            case 'content update': {
              const own = pick([...mine.content.values()]) as Content;
              answer = await http.send(api.content.update, {
                id: own.id,
                duration_sec: int(60, 1800),
                is_published: Math.random() < 0.5,
                updated_at: own.updated_at,
              });
              if (answer.status === 200) {
                const c = answer.json<Content>();
                mine.content.set(c.id, c);
                acked.content.set(c.id, c);
              }
              break;
            }
            case 'content lang add': {
              const contentId = mine.withoutLang.pop() as number;
              answer = await http.send(api.content.langAdd, {
                content_id: contentId,
                lang_id: langId,
                title: `Folge ${run} ${index}/${n}`,
                is_published: true,
              });
              if (answer.status === 200) {
                const l = answer.json<ContentLang>();
                acked.contentLangs.set(l.id, l);
              }
              break;
            }
            case 'promo add':
              answer = await http.send(api.promoCode.add, {
                code: `L${run}-${index}-${n}`,
                description: `client ${index}`,
                kind: 'free_days',
                value: int(1, 90),
              });
              if (answer.status === 200) {
                const p = answer.json<PromoCode>();
                mine.promoCodes.set(p.id, p);
                acked.promoCodes.set(p.id, p);
              }
              break;
            case 'promo update': {
              const own = pick([...mine.promoCodes.values()]) as PromoCode;
              answer = await http.send(
                api.promoCode.update,
                {
                  description: `client ${index} v${n}`,
                  value: int(1, 90),
                  updated_at: own.updated_at,
                },
                { params: { id: own.id } },
              );
              if (answer.status === 200) {
                const p = answer.json<PromoCode>();
                mine.promoCodes.set(p.id, p);
                acked.promoCodes.set(p.id, p);
              }
              break;
            }
            case 'promo add (shared code)': {
              const code = `SHARED-${run}-${int(1, SHARED_CODES)}`;
              answer = await http.send(api.promoCode.add, {
                code,
                description: `won by client ${index}`,
                kind: 'percent_off',
                value: 10,
              });
              if (answer.status === 200) {
                const p = answer.json<PromoCode>();
                if (acked.shared.has(code)) fail(op, `${code} created twice`);
                acked.shared.set(code, p);
                acked.promoCodes.set(p.id, p);
              } else if (answer.status === 409) {
                (stats.byOp.get(op) as { expected409: number }).expected409++;
                stats.latencies.push(answer.ms);
                stats.byOp.get(op)?.ms.push(answer.ms);
                continue;
              }
              break;
            }
          }
        } catch (err) {
          fail(op, `network error ${networkErrorCode(err)}`);
          continue;
        }
        stats.latencies.push(answer.ms);
        stats.byOp.get(op)?.ms.push(answer.ms);
        if (answer.status === 200) (stats.byOp.get(op) as { ok: number }).ok++;
        else fail(op, `${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }

    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, deadline)));
    const elapsed = (performance.now() - started) / 1000;
    base.close();

    const total = stats.latencies.length;
    const expected409 = [...stats.byOp.values()].reduce((s, o) => s + o.expected409, 0);
    const failed = [...stats.byOp.values()].reduce((s, o) => s + o.failed, 0);
    const lines = [
      `load: ${CLIENTS} clients, ${elapsed.toFixed(1)} s, ${total} requests, ${(total / elapsed).toFixed(0)} req/s, ` +
        `p50 ${quantile(stats.latencies, 0.5).toFixed(1)} ms, p99 ${quantile(stats.latencies, 0.99).toFixed(1)} ms, ` +
        `max ${Math.max(...stats.latencies).toFixed(0)} ms; ${expected409} deliberate 409s, ${failed} failures`,
      ...[...stats.byOp].map(
        ([op, s]) =>
          `  ${op.padEnd(24)} ${String(s.ok).padStart(6)} ok, p50 ${quantile(s.ms, 0.5).toFixed(0).padStart(5)} ms, p99 ${quantile(s.ms, 0.99).toFixed(0).padStart(5)} ms${s.expected409 ? `, ${s.expected409} expected 409` : ''}${s.failed ? `, ${s.failed} FAILED` : ''}`,
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);

    expect(stats.failures).toEqual([]);
    // Every client was served at least once (it sends its first request before looking at the clock again).
    expect(total).toBeGreaterThanOrEqual(CLIENTS);

    // Reconciliation: the database against what the clients were told.
    const q = async <T extends pg.QueryResultRow>(text: string) => (await pool.query<T>(text)).rows;
    const createdBrands = [...acked.brands.values()];
    const dbBrands = new Map(
      (
        await q<{ id: number; name: string; sort: number; is_published: boolean }>(
          'select id, name, sort, is_published from brands',
        )
      ).map((r) => [r.id, r]),
    );
    expect(dbBrands.size).toBe(SEED_BRANDS + createdBrands.length);
    for (const b of createdBrands)
      expect(dbBrands.get(b.id), `brand ${b.id}`).toEqual({
        id: b.id,
        name: b.name,
        sort: b.sort,
        is_published: b.is_published,
      });

    const dbContent = new Map(
      (
        await q<{ id: number; brand_id: number; season: number; duration_sec: number; is_published: boolean }>(
          'select id, brand_id, season, duration_sec, is_published from content',
        )
      ).map((r) => [r.id, r]),
    );
    expect(dbContent.size).toBe(SEED_BRANDS * SEED_EPISODES + acked.content.size);
    for (const c of acked.content.values()) {
      expect(dbContent.get(c.id), `content ${c.id}`).toEqual({
        id: c.id,
        brand_id: c.brand_id,
        season: c.season,
        duration_sec: c.duration_sec,
        is_published: c.is_published,
      });
    }
    // Added at once to the same brands: every season still numbered 1..n, no number taken twice.
    const badSeasons = await q(`
    select brand_id, season, count(*) as n, count(distinct sort_number) as distinct_numbers, max(sort_number) as top
      from content group by brand_id, season
      having count(distinct sort_number) <> count(*) or max(sort_number) <> count(*) or min(sort_number) <> 1`);
    expect(badSeasons).toEqual([]);

    const dbLangs = new Map(
      (
        await q<{ id: number; content_id: number; title: string }>('select id, content_id, title from content_langs')
      ).map((r) => [r.id, r]),
    );
    expect(dbLangs.size).toBe(SEED_BRANDS * SEED_EPISODES + acked.contentLangs.size);
    for (const l of acked.contentLangs.values())
      expect(dbLangs.get(l.id), `content lang ${l.id}`).toEqual({ id: l.id, content_id: l.content_id, title: l.title });

    const dbCodes = new Map(
      (
        await q<{ id: number; code: string; description: string; value: number }>(
          'select id, code, description, value from promo_codes',
        )
      ).map((r) => [r.id, r]),
    );
    expect(dbCodes.size).toBe(SEED_PROMO_CODES + acked.promoCodes.size);
    for (const p of acked.promoCodes.values())
      expect(dbCodes.get(p.id), `promo code ${p.id}`).toEqual({
        id: p.id,
        code: p.code,
        description: p.description,
        value: p.value,
      });
    const sharedInDb = [...dbCodes.values()].filter((p) => p.code.startsWith(`SHARED-${run}-`));
    expect(sharedInDb.map((p) => p.id).sort()).toEqual([...acked.shared.values()].map((p) => p.id).sort());

    process.stdout.write(
      `load: reconciled ${createdBrands.length} brands, ${acked.content.size} content items, ${acked.contentLangs.size} language versions, ${acked.promoCodes.size} promo codes (${acked.shared.size} shared)\n`,
    );
  },
  (SECONDS + 120) * 1000,
);
