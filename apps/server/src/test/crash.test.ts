/**
 * Crashes (issue "Reliability and security", item 4, first part): the real server (`node --import tsx
 * src/main.ts`, a child process on a free port) under a burst of writes from 24 signed-in clients (promo
 * codes created and changed, brands created and renamed, content added to them) is killed with SIGKILL
 * mid-burst, then started again on the same data. Runs on PGlite (DATA_DIR, in the server-pglite project) and
 * on the PostgreSQL server (DATABASE_URL to a fresh database, in server-postgres).
 *
 * Proves: the kill was a real crash (PGlite's cluster is left "in production", not shut down); the server
 * starts again on the crashed data (recovery, migrations, seed) and answers; every write it acknowledged
 * (2xx) before the kill is there with the values it acknowledged, through the restarted server and then in
 * the database itself (opened again after a clean stop: migrations run, queries work), nothing is there that
 * no client sent, and writes cut short by the kill are either wholly there or not at all (content still
 * numbered 1..n in each season).
 *
 *   CI (npm test):  one crash (CRASH_ROUNDS=1 by default)
 *   Full setting:   CRASH_ROUNDS=5 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *                     npx vitest run --project server-pglite --project server-postgres apps/server/src/test/crash.test.ts
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Brand, PromoCode } from '@kids-vod/contract';
import { api } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import {
  type ChildServer,
  clusterState,
  DB_IN_PRODUCTION,
  DB_SHUTDOWNED,
  type ServerHome,
  serverHome,
  sleep,
  startServer,
} from './child-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testDatabaseKind } from './harness.ts';
import { HttpClient, networkErrorCode } from './http-client.ts';
import { type BrandValues, Ledgers, type PromoValues, writer } from './write-ledger.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 1);
const WRITERS = 24;

let home: ServerHome | undefined;
let server: ChildServer | undefined;

beforeAll(async () => {
  home = await serverHome();
}, 120_000);

afterAll(async () => {
  server?.kill();
  await server?.exited;
  await home?.remove();
});

const clusterDir = () => path.join((home as ServerHome).dataDir, 'pglite');

/** The promo codes and brands the running server lists, checked against the ledgers. */
async function checkThroughServer(http: HttpClient, ledgers: Ledgers): Promise<string[]> {
  const prefix = ledgers.run.toLowerCase();
  const codes = new Map<string, PromoValues>();
  for (let offset = 0; ; offset += 100) {
    const page = await http.send(api.promoCode.list, { offset, limit: 100 });
    expect(page.status).toBe(200);
    const { rows } = page.json<{ rows: PromoCode[] }>();
    for (const p of rows)
      if (p.code.startsWith(`${prefix.toUpperCase()}-`))
        codes.set(p.code, { description: p.description, value: p.value });
    if (rows.length < 100) break;
  }
  const list = await http.send(api.brand.list, {});
  expect(list.status).toBe(200);
  const brands = new Map<string, BrandValues>(
    list
      .json<Brand[]>()
      .filter((b) => b.slug.startsWith(`${prefix}-`))
      .map((b) => [b.slug, { name: b.name }]),
  );
  return [...ledgers.promoCodes.check('promo code', codes), ...ledgers.brands.check('brand', brands)];
}

test(
  `kill -9 mid-burst on ${testDatabaseKind} (${ROUNDS}×): acknowledged writes survive, the database opens cleanly`,
  async () => {
    const ledgers = new Ledgers(`k${randomBytes(3).toString('hex')}`);
    server = await startServer((home as ServerHome).env);
    for (let round = 1; round <= ROUNDS; round++) {
      const current = server;
      const http = new HttpClient(current.url);
      await http.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const failures: string[] = [];
      let killed = false;
      let running = true;
      const before = ledgers.acked;
      const writers = Array.from({ length: WRITERS }, (_, i) =>
        writer({
          http,
          ledgers,
          index: round * 100 + i,
          running: () => running,
          onFailure: (op, { answer, error }) => {
            // After the kill, broken connections are what is expected; before it, nothing may fail.
            if (error && killed) return 'stop';
            failures.push(
              `${op}: ${answer ? `${answer.status} ${answer.text.slice(0, 200)}` : networkErrorCode(error)}`,
            );
            return 'continue';
          },
        }),
      );
      // Mid-burst: some writes acknowledged, many in flight.
      const burstStart = performance.now();
      while (ledgers.acked < before + 40 || performance.now() - burstStart < 500) {
        if (performance.now() - burstStart > 60_000)
          throw new Error(`too few writes acknowledged: ${ledgers.summary()}`);
        await sleep(10);
      }
      await sleep(Math.random() * 300);
      killed = true;
      current.proc.kill('SIGKILL');
      running = false;
      await Promise.all(writers);
      http.close();
      expect(await current.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(failures).toEqual([]);
      process.stdout.write(`crash (${testDatabaseKind}) round ${round}: killed with ${ledgers.summary()}\n`);
      // A crash indeed: the embedded cluster was not shut down.
      if (testDatabaseKind === 'pglite') expect(clusterState(clusterDir())).toBe(DB_IN_PRODUCTION);

      const restartAt = performance.now();
      server = await startServer((home as ServerHome).env);
      const after = new HttpClient(server.url);
      const health = await after.get('/healthz');
      expect(health.status, health.text).toBe(200);
      process.stdout.write(
        `crash (${testDatabaseKind}) round ${round}: answering again ${((performance.now() - restartAt) / 1000).toFixed(1)} s after the restart\n`,
      );
      await after.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(await checkThroughServer(after, ledgers)).toEqual([]);
      after.close();
    }

    // A clean stop, then the data itself: opened again (migrations run), everything reconciled in SQL.
    const stopping = server;
    stopping.proc.kill('SIGTERM');
    expect(await stopping.exited, stopping.output().slice(-3000)).toEqual({ code: 0, signal: null });
    server = undefined;
    let database: Database;
    if (testDatabaseKind === 'pglite') {
      expect(clusterState(clusterDir())).toBe(DB_SHUTDOWNED);
      database = await openDatabase({ dataDir: clusterDir() });
    } else {
      database = (home as ServerHome).database as Database;
    }
    try {
      await database.migrate();
      const query = async <T>(text: string) =>
        ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
      expect(await query('select 1 as ok')).toEqual([{ ok: 1 }]);
      expect(await ledgers.check(query)).toEqual([]);
      process.stdout.write(`crash (${testDatabaseKind}): reconciled ${ledgers.summary()}\n`);
    } finally {
      if (testDatabaseKind === 'pglite') await database.close();
    }
  },
  180_000 * ROUNDS,
);
