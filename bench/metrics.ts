/**
 * What metrics cost (issue 39, decision 078), on issue 19's large catalogue in PostgreSQL, with the compiled server
 * (bench/lib/api-server.ts) in processes of its own:
 *   - the scrape: `GET /metrics` one at a time, after the brand list has filled the request histograms (target ≤ 50 ms),
 *   - the overhead: the brand table's first page of 50 (as the brands screen asks it) at 100 connections on the server with METRICS_TOKEN (requests timed) against the
 *     same server without it, the baseline, turn about in the same run (A, B, B, A; target ≤ 5 % fewer req/s).
 *
 *   node --import tsx bench/metrics.ts    BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 *                                         BENCH_DURATION=10 (s a run), BENCH_CONNECTIONS=100, BENCH_SCRAPES=50
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { compileServer, type Servers, startServers, stop } from './lib/api-processes.ts';
import { catalogueSql, LARGE_CATALOGUE } from './lib/catalogue-seed.ts';
import { createBenchDatabase, fmt } from './lib/database.ts';
import { load } from './lib/load.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SCRAPES = Number(process.env.BENCH_SCRAPES ?? 50);
const TOKEN = 'bench-metrics-token-0123456789';

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const brandList = (s: Servers) =>
  load({
    url: `${s.app}/api/brand/list`,
    method: 'POST',
    body: { fields: 'table', limit: 50 },
    headers: { authorization: `Bearer ${s.token}` },
    connections: CONNECTIONS,
    duration: DURATION,
  });

/** `path` asked one at a time, SCRAPES times after 3 to warm up: median and p95 in ms, and the answer's size. */
async function oneAtATime(s: Servers, path: string): Promise<{ median: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SCRAPES + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${s.app}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
    // Three to warm up.
    if (i >= 3) times.push(performance.now() - started);
    bytes = text.length;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.ceil(times.length * 0.95) - 1], bytes };
}

async function main() {
  process.stdout.write(`load avg at the start ${loads()}\n`);
  const compiled = await compileServer();
  const bench = await createBenchDatabase('metrics');
  try {
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    const seeding = performance.now();
    for (const statement of catalogueSql(LARGE_CATALOGUE)) await client.query(statement);
    await client.end();
    process.stdout.write(`large catalogue seeded in ${fmt((performance.now() - seeding) / 1000, 1)} s\n`);
    const withMetrics = await startServers([compiled], { BENCH_DATABASE: bench.url, BENCH_METRICS_TOKEN: TOKEN });
    const without = await startServers([compiled], { BENCH_DATABASE: bench.url });
    try {
      // Warm both up (JIT, the pool, the kept answers).
      await brandList(withMetrics);
      await brandList(without);
      const a1 = await brandList(without);
      const b1 = await brandList(withMetrics);
      const b2 = await brandList(withMetrics);
      const a2 = await brandList(without);
      const base = (a1.rps + a2.rps) / 2;
      const timed = (b1.rps + b2.rps) / 2;
      const failures = a1.failures + a2.failures + b1.failures + b2.failures;
      process.stdout.write(
        `brand table page of 50, ${CONNECTIONS} connections, ${DURATION} s a run: without metrics ${fmt(base)} req/s (${fmt(a1.rps)}, ${fmt(a2.rps)}; p99 ${a1.p99}/${a2.p99} ms), ` +
          `with ${fmt(timed)} req/s (${fmt(b1.rps)}, ${fmt(b2.rps)}; p99 ${b1.p99}/${b2.p99} ms): overhead ${((1 - timed / base) * 100).toFixed(1)} % (target ≤ 5 %), ${failures} failures\n`,
      );
      // The baseline: the server's cheapest answer that reads the database (select 1), asked the same way.
      const health = await oneAtATime(withMetrics, '/healthz');
      const scrape = await oneAtATime(withMetrics, '/metrics');
      process.stdout.write(
        `/metrics scrape, ${SCRAPES} one at a time: median ${fmt(scrape.median, 1)} ms, p95 ${fmt(scrape.p95, 1)} ms, ${fmt(scrape.bytes / 1024, 1)} KB (target ≤ 50 ms); /healthz the same way: median ${fmt(health.median, 1)} ms, p95 ${fmt(health.p95, 1)} ms\n`,
      );
      process.stdout.write(`load avg at the end ${loads()}\n`);
    } finally {
      await stop(withMetrics);
      await stop(without);
    }
  } finally {
    await bench.drop();
  }
}

await main();
