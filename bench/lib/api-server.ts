/**
 * The process bench/api.ts loads: on one database (BENCH_DATABASE, a postgres:// URL, or BENCH_PGLITE_DIR, a PGlite
 * data directory, already migrated and seeded), it serves
 *   - the real app (buildApp, as main.ts starts it),
 *   - the raw-query baseline: node:http running the same SQL statements as the app, through a bare pg pool (or
 *     the same PGlite), rows to JSON with no ORM, no validation, no framework,
 *   - the framework baseline: a bare Fastify with one no-op route,
 * each on a free port, and prints {"app":…,"raw":…,"noop":…} once listening. Started compiled (esbuild) or
 * through tsx by bench/api.ts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedFirstStart } from '../../apps/server/src/db/seed.ts';
import { BENCH_ADMIN } from './app.ts';

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const url = process.env.BENCH_DATABASE;
const pgliteDir = process.env.BENCH_PGLITE_DIR;
if (!url && !pgliteDir) throw new Error('BENCH_DATABASE or BENCH_PGLITE_DIR is needed');

const database = await openDatabase(url ? { url } : { dataDir: pgliteDir as string });
const dataDir = mkdtempSync(path.join(tmpdir(), 'kids-vod-bench-api-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  LOG_LEVEL: 'silent',
  // bench/metrics.ts: the same server with /metrics and its request timing on.
  ...(process.env.BENCH_METRICS_TOKEN ? { METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN } : {}),
});
await seedFirstStart(database.db, config);
const app = await buildApp({ database, config, consoleDir: '/nonexistent' });
await app.listen({ port: 0, host: '127.0.0.1' });

// The raw-query baseline: its own pool of the app's size on PostgreSQL; on PGlite the one embedded database.
let query: Query;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  query = async (text, params) => (await pool.query(text, params)).rows;
} else {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  query = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
}

/** The app's session check (modules/auth/data.ts findSessionUser), the same statement. */
async function signedIn(req: IncomingMessage): Promise<boolean> {
  const token = req.headers.authorization?.slice(7) ?? '';
  const now = Date.now();
  const rows = await query(
    `select u.id, u.email, u.name, s.id as session_id, s.last_used_at from sessions s
     inner join users u on u.id = s.user_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and s.last_used_at > $3 limit 1`,
    [
      createHash('sha256').update(token).digest('hex'),
      new Date(now).toISOString(),
      new Date(now - 7 * 86_400_000).toISOString(),
    ],
  );
  return rows.length > 0;
}

async function readJson(req: IncomingMessage): Promise<Record<string, number>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body ? JSON.parse(body) : {};
}

/** The statements the app's data functions send for each list call (brands/data.ts, content/data.ts, promo-codes). */
const rawCalls: Record<string, (body: Record<string, number>) => Promise<unknown>> = {
  '/api/brand/list': async () => {
    const [brands, langs, rules] = await Promise.all([
      query('select * from brands order by sort asc, id asc'),
      query('select * from brand_langs order by lang_id asc'),
      query('select * from country_rules order by id asc'),
    ]);
    const byId = new Map(brands.map((b) => [b.id, { ...b, langs: [] as unknown[], country_rules: [] as unknown[] }]));
    for (const l of langs) byId.get(l.brand_id)?.langs.push(l);
    for (const r of rules) byId.get(r.brand_id)?.country_rules.push(r);
    return [...byId.values()];
  },
  '/api/content/list': async ({ brand_id }) => {
    await query('select id from brands where id = $1', [brand_id]);
    const items = await query(
      'select * from content where brand_id = $1 order by season asc, sort_number asc, id asc',
      [brand_id],
    );
    const langs = await query(
      `select cl.id, cl.content_id, cl.lang_id, cl.title, vf.id is not null as has_video from content_langs cl
       inner join content c on c.id = cl.content_id left join video_files vf on vf.content_lang_id = cl.id
       where c.brand_id = $1 order by cl.lang_id asc`,
      [brand_id],
    );
    const byId = new Map(items.map((c) => [c.id, { ...c, langs: [] as unknown[] }]));
    for (const { content_id, ...l } of langs) byId.get(content_id)?.langs.push(l);
    return [...byId.values()];
  },
  '/api/promo-codes/list/': async ({ offset = 0, limit = 1 }) => {
    const [rows, [total]] = await Promise.all([
      query('select * from promo_codes order by created_at desc nulls last, id desc nulls last limit $1 offset $2', [
        limit,
        offset,
      ]),
      query('select count(*)::int as count from promo_codes'),
    ]);
    return { rows, count: total?.count };
  },
};

const raw = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  try {
    const call = rawCalls[req.url ?? ''];
    if (!call) {
      res.writeHead(404).end();
      return;
    }
    if (!(await signedIn(req))) {
      res.writeHead(401).end();
      return;
    }
    const body = JSON.stringify(await call(await readJson(req)));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));

const noop = Fastify();
noop.get('/noop', async () => ({ ok: true }));
// The same, answering `n` bytes as an already compressed list would be: what sending an answer that size costs here.
noop.get<{ Params: { n: string } }>('/bytes/:n', async (req, reply) =>
  reply
    .header('content-type', 'application/json')
    .header('content-encoding', 'br')
    .send(Buffer.alloc(Number(req.params.n))),
);
await noop.listen({ port: 0, host: '127.0.0.1' });

const base = (port: number) => `http://127.0.0.1:${port}`;
process.stdout.write(
  `${JSON.stringify({
    app: base((app.server.address() as AddressInfo).port),
    raw: base((raw.address() as AddressInfo).port),
    noop: base((noop.server.address() as AddressInfo).port),
  })}\n`,
);

process.on('SIGTERM', async () => {
  await Promise.allSettled([app.close(), noop.close(), new Promise((r) => raw.close(r))]);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
