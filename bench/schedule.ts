/**
 * The schedule's edges of the next year on the benchmark catalogue (1,000 brands × 50,000 episodes) with about
 * 10,000 windows (episodes, brands, country rules, banners, streams), on the PostgreSQL server:
 *
 *   node --import tsx bench/schedule.ts     BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test
 *
 * Target (issue 18): ≤ 500 ms for `POST /api/schedule/list` over the next year, through the real server (HTTP,
 * the answer checked against the contract and sent). Baseline, in the same run on the same data, turn about: the
 * same query without migration 0008's ten edge indexes (dropped in a transaction that is rolled back).
 */
import { loadavg } from 'node:os';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import { listEdges } from '../apps/server/src/modules/schedule/data.ts';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt, medianPairMs } from './lib/database.ts';
import { BRANDS, EPISODES, SEED } from './lib/large-catalogue.ts';

const TARGET_MS = 500;
const EDGE_INDEXES = [
  ...['brands', 'content', 'promos', 'streams'].flatMap((t) => [`${t}_available_from_idx`, `${t}_available_until_idx`]),
  'country_rules_starts_at_idx',
  'country_rules_ends_at_idx',
];
const DAY = 86_400_000;

/**
 * Windows from the day the run starts: each opens within the next 2 years and lasts 30 to 430 days, so about half
 * of the edges fall in the next year. Moments are spread by a hash of the id, so they are not in id order.
 */
const windows = (start: string) => {
  const opens = (id: string) => `'${start}'::timestamptz + ((hashint4(${id}) & 1023) % 730) * interval '1 day'
    + (hashint4(${id} + 7) & 1023) * interval '1 minute'`;
  const closes = (id: string) => `${opens(id)} + (30 + (hashint4(${id} + 3) & 1023) % 400) * interval '1 day'`;
  return [
    // 9,000 episodes (18 of every 100), 500 brands, every country rule, every banner and stream.
    `update content set available_from = ${opens('id')}, available_until = ${closes('id')} where id % 100 < 18`,
    `update brands set available_from = ${opens('id')}, available_until = ${closes('id')} where id % 2 = 0`,
    `update country_rules set starts_at = ${opens('id')}, ends_at = ${closes('id')}`,
    `update promos set available_from = ${opens('id')}, available_until = ${closes('id')}`,
    `update streams set available_from = ${opens('id')}, available_until = ${closes('id')}`,
    'vacuum analyze',
  ];
};

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
const bench = await createBenchDatabase('schedule');
try {
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  for (const statement of SEED) await client.query(statement);
  const now = new Date();
  for (const statement of windows(now.toISOString())) await client.query(statement);
  const counted = await client.query<{ n: string }>(`select
      (select count(*) from content where available_from is not null) + (select count(*) from brands where available_from is not null)
    + (select count(*) from country_rules where starts_at is not null) + (select count(*) from promos where available_from is not null)
    + (select count(*) from streams where available_from is not null) as n`);
  await client.end();
  console.log(`seeded ${fmt(BRANDS)} brands × ${fmt(EPISODES)} episodes, ${fmt(Number(counted.rows[0].n))} windows`);

  const db = bench.database.db;
  const range = { from: now.toISOString(), to: new Date(now.getTime() + 365 * DAY).toISOString() };
  const withIndexes = () => listEdges(db, range);
  const withoutIndexes = async (span = range) => {
    let answer: Awaited<ReturnType<typeof listEdges>> = [];
    try {
      await db.transaction(async (tx) => {
        for (const name of EDGE_INDEXES) await tx.execute(sql.raw(`drop index ${name}`));
        answer = await listEdges(tx, span);
        tx.rollback();
      });
    } catch (err) {
      if (!(err instanceof TransactionRollbackError)) throw err;
    }
    return answer;
  };
  const edges = await withIndexes();
  if (JSON.stringify(edges) !== JSON.stringify(await withoutIndexes())) throw new Error('the two queries differ');
  const [query, baseline] = await medianPairMs(withIndexes, () => withoutIndexes(), 5);
  // What the job asks every 15 s: the edges of the last 15 s (none here), with and without the indexes.
  const look = { from: range.from, to: new Date(now.getTime() + 15_000).toISOString() };
  const [jobLook, jobLookBaseline] = await medianPairMs(
    () => listEdges(db, look),
    () => withoutIndexes(look),
    5,
  );

  const server = await startBenchApp(bench.database);
  try {
    let bytes = 0;
    // As a browser asks (br or gzip), and without compression, to show what compressing 1.3 MB costs.
    const send = (encoding: string) => async () => {
      const res = await fetch(`${server.base}/api/schedule/list`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-encoding': encoding,
          authorization: `Bearer ${server.token}`,
        },
        body: JSON.stringify(range),
      });
      if (!res.ok) throw new Error(`schedule/list answered ${res.status}: ${await res.text()}`);
      bytes = (await res.arrayBuffer()).byteLength;
    };
    const [call, plain] = await medianPairMs(send('br, gzip'), send('identity'), 5);
    const verdict = call <= TARGET_MS ? 'met' : 'MISSED';
    console.log(`
edges of the next year: ${fmt(edges.length)} (${fmt(bytes / 1024)} KB of JSON)
  POST /api/schedule/list          ${fmt(call).padStart(6)} ms  ${verdict} (≤ ${fmt(TARGET_MS)} ms), compressed (br)
  the same, not compressed         ${fmt(plain).padStart(6)} ms
  the query (listEdges)            ${fmt(query).padStart(6)} ms
  baseline: the query, no indexes  ${fmt(baseline).padStart(6)} ms  (indexes: ${fmt(baseline / query, 2)} × faster)
the job's look every 15 s (the edges of 15 s)
  with the indexes                 ${fmt(jobLook, 1).padStart(6)} ms
  baseline: no indexes             ${fmt(jobLookBaseline, 1).padStart(6)} ms  (indexes: ${fmt(jobLookBaseline / jobLook, 1)} × faster)`);
    if (call > TARGET_MS) process.exitCode = 1;
  } finally {
    await server.close();
  }
} finally {
  await bench.drop();
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
