/**
 * The API under load: autocannon against the real server (buildApp, compiled with esbuild, in a process of its
 * own) on a seeded catalogue, against two baselines served by the same process in the same run:
 *   - raw: the same SQL statements through a bare pg pool (or the same PGlite) behind node:http, JSON.stringify,
 *   - noop: a bare Fastify with one no-op route (the framework's own ceiling on this machine).
 *
 *   node --import tsx bench/api.ts    BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 *                                     BENCH_DURATION=20 (s), BENCH_CONNECTIONS=100, BENCH_DB=both|postgres|pglite
 *
 * Targets: list calls at least 60 % of the raw rate with p99 ≤ 30 ms; the promo-codes page p99 ≤ 20 ms; on PGlite
 * at least 1,000 req/s with p99 ≤ 100 ms. See bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/modules/reference/data.ts';
import { listBreakdown } from './lib/api-breakdown.ts';
import { CASES, CATALOGUE, CATALOGUE_NAME, type Case, headersOf, shapeCheck } from './lib/api-cases.ts';
import { compileServer, type Servers, startServers, stop } from './lib/api-processes.ts';
import { catalogueSql } from './lib/catalogue-seed.ts';
import { createBenchDatabase, fmt, medianMs } from './lib/database.ts';
import { type LoadResult, load } from './lib/load.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WHICH = process.env.BENCH_DB ?? 'both';
/** BENCH_TSX=0 skips the tsx-against-compiled comparison. */
const TSX = process.env.BENCH_TSX !== '0';

let changes = 0;
/**
 * The median of 5 single requests, each right after a change of the catalogue (an app string's key added, untimed):
 * what a list costs when its kept answer is old (decision 034), beside the "alone" of a kept one.
 */
async function afterAChange(s: Servers, request: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const added = await fetch(`${s.app}/api/locales/add_key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: `bench.change.${process.pid}.${++changes}` }),
    });
    if (!added.ok) throw new Error(`add_key: ${added.status} ${await added.text()}`);
    const started = performance.now();
    await request();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2];
}

interface Row {
  name: string;
  /** Median latency of one request with nothing else running, ms. */
  alone?: number;
  /** The same, each right after a change of the catalogue: the answer worked out anew, not kept (decision 034). */
  anew?: number;
  app: LoadResult;
  raw?: LoadResult;
  p99Target?: number;
}

/**
 * Waits until the server answers /healthz within 50 ms three times in a row: requests autocannon gave up on (10 s timeout) are
 * still queued in it, and the next run must not pay for them.
 */
async function drained(s: Servers) {
  const until = Date.now() + 180_000;
  let fast = 0;
  while (fast < 3 && Date.now() < until) {
    const started = performance.now();
    await (await fetch(`${s.app}/healthz`)).arrayBuffer();
    fast = performance.now() - started < 50 ? fast + 1 : 0;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function measure(s: Servers, label: string): Promise<Row[]> {
  const auth = { authorization: `Bearer ${s.token}` };
  const run = async (url: string, c?: Case) => {
    await drained(s);
    const headers = headersOf(auth, c);
    return load({ url, method: c?.method, body: c?.body, headers, connections: CONNECTIONS, duration: DURATION });
  };
  // Warm-up: JIT, connection pools, PostgreSQL's caches.
  for (const c of CASES) {
    await load({
      url: s.app + c.path,
      method: c.method,
      body: c.body,
      headers: headersOf(auth, c),
      connections: 10,
      duration: 2,
    });
    await load({ url: s.raw + c.path, method: c.method, body: c.body, headers: auth, connections: 10, duration: 2 });
  }
  // One request at a time first: the latency a single user sees, with nothing queued in front of it.
  const alone = new Map<string, number>();
  const anew = new Map<string, number>();
  for (const c of CASES) {
    const init = {
      method: c.method,
      headers: { ...headersOf(auth, c), 'content-type': 'application/json' },
      body: JSON.stringify(c.body),
    };
    alone.set(c.name, await medianMs(async () => (await fetch(s.app + c.path, init)).arrayBuffer(), 9, 2));
    anew.set(c.name, await afterAChange(s, () => fetch(s.app + c.path, init).then((r) => r.arrayBuffer())));
  }
  const rows: Row[] = [];
  const log = (r: Row) => {
    r.alone = alone.get(r.name);
    r.anew = anew.get(r.name);
    rows.push(r);
    const ratio = r.raw ? `  app/raw ${(r.app.rps / r.raw.rps).toFixed(2)}` : '';
    const raw = r.raw ? `  | raw ${fmt(r.raw.rps)} req/s p50 ${r.raw.p50} p99 ${r.raw.p99}` : '';
    process.stdout.write(
      `  [${label}] ${r.name}: ${fmt(r.app.rps)} req/s p50 ${r.app.p50} ms p99 ${r.app.p99} ms` +
        `${r.app.failures ? ` (${r.app.failures} failed)` : ''}${raw}${ratio}  (load avg ${loadavg()[0].toFixed(1)})\n`,
    );
  };
  log({ name: 'no-op Fastify route (framework baseline)', app: await run(`${s.noop}/noop`) });
  log({ name: 'health (no login, select 1)', app: await run(`${s.app}/healthz`) });
  // The brand table as a browser gets it is tens of KB: the same bytes from the no-op server are this run's ceiling.
  const table = CASES.find((c) => c.browser && c.path === '/api/brand/list' && !(c.body as { limit?: number }).limit);
  if (!table) throw new Error('no case asks for the whole brand table');
  const asked = () =>
    fetch(s.app + table.path, {
      method: 'POST',
      headers: { ...headersOf(auth, table), 'content-type': 'application/json' },
      body: JSON.stringify(table.body),
    });
  // The second time, as it is kept (decision 034), it comes with its length: the compressed size.
  await (await asked()).arrayBuffer();
  const bytes = Number((await asked()).headers.get('content-length'));
  if (!bytes) throw new Error('the brand table came without a content-length');
  log({
    name: `no-op route answering ${fmt(bytes / 1024, 1)} KB (the brand table's size compressed)`,
    app: await run(`${s.noop}/bytes/${bytes}`),
  });
  for (const c of CASES) {
    // Turn about: the app, then the baseline on the same data under the same load.
    const app = await run(s.app + c.path, c);
    const raw = c.raw ? await run(s.raw + c.path, c) : undefined;
    log({ name: c.name, app, raw, p99Target: c.p99Target });
  }
  return rows;
}

function table(title: string, rows: Row[], noop: LoadResult) {
  const lines = [
    `\n${title}`,
    '| call | alone | alone after a change | app req/s | p50 | p99 | raw req/s | raw p99 | app/raw | app/no-op | KB/answer |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.alone === undefined ? '' : `${fmt(r.alone, 1)} ms`} | ${r.anew === undefined ? '' : `${fmt(r.anew, 1)} ms`} | ${fmt(r.app.rps)} | ${r.app.p50} ms | ${r.app.p99} ms | ${r.raw ? fmt(r.raw.rps) : ''} | ${
        r.raw ? `${r.raw.p99} ms` : ''
      } | ${r.raw ? (r.app.rps / r.raw.rps).toFixed(2) : ''} | ${(r.app.rps / noop.rps).toFixed(2)} | ${fmt(
        r.app.bytesPerRequest / 1024,
        1,
      )} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function tsxVersusCompiled(compiled: Servers, env: Record<string, string>) {
  // The same server through tsx (how npm start runs it): the same code once loaded, so the same rates.
  const viaTsx = await startServers(['--import', 'tsx', 'bench/lib/api-server.ts'], env);
  try {
    const auth = { authorization: `Bearer ${compiled.token}` };
    const duration = Math.max(5, Math.round(DURATION / 2));
    const brandList = (base: string) =>
      load({
        url: `${base}/api/brand/list`,
        method: 'POST',
        body: {},
        headers: auth,
        connections: CONNECTIONS,
        duration,
      });
    const health = (base: string) => load({ url: `${base}/healthz`, connections: CONNECTIONS, duration });
    await brandList(viaTsx.app);
    await brandList(compiled.app);
    for (const [name, fn] of [
      ['health', health],
      ['brand list', brandList],
    ] as const) {
      // A, B, B, A: a drift in the machine's load hits both alike.
      const a1 = await fn(compiled.app);
      const b1 = await fn(viaTsx.app);
      const b2 = await fn(viaTsx.app);
      const a2 = await fn(compiled.app);
      const a = (a1.rps + a2.rps) / 2;
      const b = (b1.rps + b2.rps) / 2;
      process.stdout.write(
        `  compiled vs tsx, ${name}: ${fmt(a)} vs ${fmt(b)} req/s (tsx/compiled ${(b / a).toFixed(2)}; runs ${fmt(
          a1.rps,
        )}, ${fmt(b1.rps)}, ${fmt(b2.rps)}, ${fmt(a2.rps)}), p99 ${a1.p99}/${a2.p99} vs ${b1.p99}/${b2.p99} ms\n`,
      );
    }
  } finally {
    await stop(viaTsx);
  }
}

async function seedPostgres(): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const bench = await createBenchDatabase('api');
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  const started = performance.now();
  for (const statement of catalogueSql(CATALOGUE)) await client.query(statement);
  await client.end();
  process.stdout.write(`PostgreSQL: seeded in ${fmt((performance.now() - started) / 1000, 1)} s\n`);
  return { url: bench.url, database: bench.database, drop: bench.drop };
}

async function seedPglite(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kids-vod-bench-pglite-'));
  const started = performance.now();
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seedReference(database.db);
  for (const statement of catalogueSql(CATALOGUE)) await database.db.execute(sql.raw(statement));
  await database.close();
  process.stdout.write(`PGlite: seeded in ${fmt((performance.now() - started) / 1000, 1)} s\n`);
  return dir;
}

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  process.stdout.write(`load avg at the start ${loads()}\n`);
  process.stdout.write(
    `API load: ${CONNECTIONS} connections, ${DURATION} s a run; ${CATALOGUE_NAME} catalogue ${fmt(CATALOGUE.brands)} brands × ${CATALOGUE.brandLangs} languages, ` +
      `${fmt(CATALOGUE.bigBrandEpisodes)} episodes in brand 1, ${fmt(CATALOGUE.episodes ?? CATALOGUE.bigBrandEpisodes + (CATALOGUE.brands - 1) * CATALOGUE.episodesPerBrand)} in all, ${fmt(CATALOGUE.promoCodes)} promo codes\n`,
  );
  const compiled = await compileServer();
  if (WHICH !== 'pglite') {
    const db = await seedPostgres();
    try {
      const env = { BENCH_DATABASE: db.url };
      const s = await startServers([compiled], env);
      try {
        await shapeCheck(s);
        const rows = await measure(s, 'postgres');
        if (TSX) await tsxVersusCompiled(s, env);
        table('PostgreSQL 15 (compiled server)', rows.slice(1), rows[0].app);
      } finally {
        await stop(s);
      }
      // With the server stopped, the parts of one call, each timed apart in this process.
      const breakdown = await listBreakdown(db.database, db.url);
      process.stdout.write(
        `\nWhere a list call's time goes (PostgreSQL, one at a time, median of 30)\n${breakdown.join('\n')}\n`,
      );
    } finally {
      await db.drop();
    }
  }
  if (WHICH !== 'postgres') {
    const dir = await seedPglite();
    try {
      const s = await startServers([compiled], { BENCH_PGLITE_DIR: dir });
      try {
        await shapeCheck(s);
        const rows = await measure(s, 'pglite');
        table('PGlite (compiled server)', rows.slice(1), rows[0].app);
      } finally {
        await stop(s);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  process.stdout.write(`load avg at the end ${loads()}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
