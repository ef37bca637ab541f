/**
 * The database server going away under load (issue "Reliability and security", item 4, second part): the real
 * server (`node --import tsx src/main.ts`, a child process) runs on a PostgreSQL cluster of the test's own
 * (initdb in a temporary directory, a free port: the shared server at 5432 is never touched) while 16 signed-in
 * clients read (brand and promo-code lists) and write (promo codes, brands, content); a prober asks /healthz
 * every 100 ms. The cluster is stopped (`pg_ctl stop -m fast`; in the full setting every other outage is
 * `-m immediate`, a crash of PostgreSQL) for RESTART_DOWN_MS, then started again; the server is not restarted.
 *
 * Proves: while the database is down every answer is 503 with a JSON `{detail}` (no 500, no hung or dropped
 * connection: no network error at all), health included; once it is back the server answers 2xx again by
 * itself, within 10 s; from then on nothing fails; and afterwards every write acknowledged (2xx) before,
 * between and after the outages is in the database with its acknowledged values (writes answered 503 may or may
 * not be, but wholly or not at all); the server, never restarted, still stops cleanly (exit 0) on SIGTERM.
 * A second test freezes and kills the backend of a transaction whose BEGIN is in flight: the pool must not keep
 * that client (drizzle never releases it), or pool.end() and so every shutdown would wait for ever.
 *
 *   CI (npm test):  one outage of 2 s (RESTART_CYCLES=1, RESTART_DOWN_MS=2000 by default)
 *   Full setting:   RESTART_CYCLES=4 RESTART_DOWN_MS=10000 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *                     npx vitest run --project server-postgres apps/server/src/test/pg-restart.pg.test.ts
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { type ChildServer, serverEnv, sleep, startServer, tempDataDir } from './child-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness.ts';
import { type HttpAnswer, HttpClient, networkErrorCode } from './http-client.ts';
import { createPrivateCluster, type PrivateCluster } from './private-postgres.ts';
import { Ledgers, writer } from './write-ledger.ts';

const CYCLES = Number(process.env.RESTART_CYCLES ?? 1);
const DOWN_MS = Number(process.env.RESTART_DOWN_MS ?? 2000);
const CLIENTS = 16;
/** Load before the first outage, after the last one, and between two. */
const STEADY_MS = 1500;
const RECOVERY_LIMIT_MS = 10_000;

let cluster: PrivateCluster | undefined;
let server: ChildServer | undefined;
let dataDir: string | undefined;

beforeAll(async () => {
  cluster = await createPrivateCluster();
  dataDir = tempDataDir();
  server = await startServer(serverEnv(dataDir, { DATABASE_URL: cluster.url }));
}, 120_000);

afterAll(async () => {
  server?.kill();
  await server?.exited;
  await cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** One request as the test saw it: when it was sent and answered, and how. */
interface Seen {
  what: string;
  sent: number;
  done: number;
  status?: number;
  detail?: unknown;
  error?: string;
}

function seen(what: string, answer: HttpAnswer | undefined, error?: unknown): Seen {
  const done = performance.now();
  if (!answer) return { what, sent: done, done, error: networkErrorCode(error) };
  let detail: unknown;
  try {
    detail = answer.json<{ detail?: unknown }>().detail;
  } catch {
    detail = undefined;
  }
  return { what, sent: done - answer.ms, done, status: answer.status, detail };
}

interface Outage {
  mode: 'fast' | 'immediate';
  stopping: number;
  stopped: number;
  starting: number;
  started: number;
  /** The first 2xx of a request sent after the cluster was up again. */
  recovered?: number;
}

test(
  `PostgreSQL stopped and started ${CYCLES}× under load: 503 {detail} meanwhile, recovery without a restart`,
  async () => {
    if (!cluster || !server) throw new Error('no cluster or server');
    const http = new HttpClient(server.url);
    await http.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const ledgers = new Ledgers(`r${randomBytes(3).toString('hex')}`);
    const log: Seen[] = [];
    let running = true;

    const clients = Array.from({ length: CLIENTS }, (_, i) =>
      writer({
        http,
        ledgers,
        index: i,
        reads: true,
        running: () => running,
        pauseAfterFailureMs: 50,
        onSuccess: (op, answer) => log.push(seen(op, answer)),
        onFailure: (op, { answer, error }) => {
          log.push(seen(op, answer, error));
          return 'continue';
        },
      }),
    );
    const prober = (async () => {
      while (running) {
        try {
          log.push(seen('healthz', await http.get('/healthz')));
        } catch (error) {
          log.push(seen('healthz', undefined, error));
        }
        await sleep(100);
      }
    })();

    const outages: Outage[] = [];
    await sleep(STEADY_MS);
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const mode = cycle % 2 === 0 ? 'fast' : 'immediate';
      const stopping = performance.now();
      await cluster.stop(mode);
      const stopped = performance.now();
      await sleep(DOWN_MS);
      const starting = performance.now();
      await cluster.start();
      const outage: Outage = { mode, stopping, stopped, starting, started: performance.now() };
      outages.push(outage);
      // Recovered: a request sent after the start answered 2xx (the server was left alone).
      while (performance.now() - outage.started < RECOVERY_LIMIT_MS) {
        const first = log.find((s) => s.sent >= outage.started && s.status !== undefined && s.status < 300);
        if (first) {
          outage.recovered = first.done;
          break;
        }
        await sleep(20);
      }
      expect(outage.recovered, `not recovered within ${RECOVERY_LIMIT_MS} ms\n${server.output()}`).toBeDefined();
      await sleep(STEADY_MS);
    }
    running = false;
    await Promise.all([...clients, prober]);
    http.close();

    // Each answer against the outages: during one (from the stop until the recovery), 2xx or 503 {detail};
    // while the database is fully down, 503 only; outside them, 2xx only. Never a network error.
    const problems: string[] = [];
    const during = (s: Seen) => outages.find((o) => s.done >= o.stopping && s.sent <= (o.recovered ?? Infinity));
    for (const s of log) {
      const at = `${s.what} sent at ${(s.sent / 1000).toFixed(2)} s`;
      if (s.error) {
        problems.push(`${at}: network error ${s.error}`);
        continue;
      }
      const outage = during(s);
      const ok = (s.status ?? 0) < 300;
      if (!outage) {
        if (!ok) problems.push(`${at}: ${s.status} outside an outage`);
      } else if (!ok && !(s.status === 503 && typeof s.detail === 'string' && s.detail.length > 0)) {
        problems.push(`${at}: ${s.status} ${JSON.stringify(s.detail)} during an outage`);
      } else if (ok && s.sent >= outage.stopped && s.done <= outage.starting) {
        problems.push(`${at}: ${s.status} while the database was down`);
      }
    }
    expect(problems.slice(0, 20), server.output().slice(-3000)).toEqual([]);

    for (const [i, o] of outages.entries()) {
      const down = log.filter((s) => s.sent >= o.stopped && s.done <= o.starting);
      const unavailable = down.filter((s) => s.status === 503);
      process.stdout.write(
        `pg-restart outage ${i + 1} (-m ${o.mode}): stop took ${((o.stopped - o.stopping) / 1000).toFixed(1)} s, ` +
          `${unavailable.length} of ${down.length} requests while down answered 503 ` +
          `(health: ${unavailable.filter((s) => s.what === 'healthz').length}), ` +
          `recovered ${(((o.recovered ?? Number.NaN) - o.started) / 1000).toFixed(2)} s after the start\n`,
      );
      // Everything sent while the database was down was answered 503, health checks among them.
      expect(down.length).toBeGreaterThan(0);
      expect(unavailable.length).toBe(down.length);
      expect(unavailable.some((s) => s.what === 'healthz')).toBe(true);
    }

    // Every acknowledged write is in the database.
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    try {
      const problemsInDb = await ledgers.check(async <T>(text: string) => (await check.query(text)).rows as T[]);
      expect(problemsInDb).toEqual([]);
    } finally {
      await check.end();
    }
    process.stdout.write(`pg-restart: ${log.length} requests; reconciled ${ledgers.summary()}\n`);

    // And the server, never restarted, still stops cleanly.
    const stopping = server;
    stopping.proc.kill('SIGTERM');
    expect(await stopping.exited, stopping.output().slice(-3000)).toEqual({ code: 0, signal: null });
    server = undefined;
  },
  120_000 + CYCLES * (DOWN_MS + 30_000),
);

/**
 * The pool keeps no client whose connection died during a transaction's BEGIN (drizzle sends BEGIN outside its
 * try/finally, so it never releases such a client): the backend is frozen (SIGSTOP) so that BEGIN is surely in
 * flight, then killed. The transaction fails, and the pool still closes at once; a lost client would keep
 * pool.end() (and so a SIGTERM) waiting for ever, and 20 of them would leave every request waiting.
 */
test('a connection lost during BEGIN is given back to the pool', async () => {
  if (!cluster) throw new Error('no cluster');
  const database = await openDatabase({ url: `${cluster.url}?application_name=begin-lost` });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  let closed = false;
  try {
    await database.db.execute(sql`select 1`);
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where application_name = 'begin-lost'",
    );
    expect(rows).toHaveLength(1);
    const pid = rows[0].pid;
    process.kill(pid, 'SIGSTOP');
    const tx = database.db.transaction(async (t) => t.execute(sql`select 1`));
    const failed = expect(tx).rejects.toThrow();
    await sleep(200);
    // A killed backend makes the postmaster restart every session (the admin connection's too).
    process.kill(pid, 'SIGKILL');
    await failed;
    await admin.end().catch(() => {});
    const ended = await Promise.race([
      database.close().then(() => 'closed'),
      sleep(5_000).then(() => 'pool.end() still waiting for a client that was never released'),
    ]);
    closed = ended === 'closed';
    expect(ended).toBe('closed');
  } finally {
    await admin.end().catch(() => {});
    if (!closed) void database.close().catch(() => {});
    // The cluster restarts its sessions after the kill; wait until it takes connections again.
    for (let i = 0; i < 100; i++) {
      const probe = new pg.Client({ connectionString: cluster.url });
      const ok = await probe.connect().then(
        () => true,
        () => false,
      );
      await probe.end().catch(() => {});
      if (ok) break;
      await sleep(100);
    }
  }
}, 30_000);
