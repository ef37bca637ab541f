/**
 * Bulk publish (issue 38): `POST /api/content/bulk_update` publishing then unpublishing 1,000 episodes of one brand on
 * the real server over HTTP, on PostgreSQL, each with its own history entry. Target: within 1 s.
 *
 *   node --import tsx bench/bulk-update.ts     BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 *
 * Baseline in the same run: one plain `pg` UPDATE of the same rows in a transaction (the audit trigger still writes
 * its 1,000 rows), no HTTP, no checks.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt, medianMs } from './lib/database.ts';

const TARGET_MS = 1_000;
const EPISODES = 1_000;

const bench = await createBenchDatabase('bulk-update');
try {
  const server = await startBenchApp(bench.database);
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  const [{ id: brandId }] = (
    await client.query("insert into brands (name, slug, sort) values ('Bulk', 'bulk', 1) returning id")
  ).rows;
  const { rows } = await client.query(
    'insert into content (brand_id, season, sort_number) select $1, 1, n from generate_series(1, $2) n returning id',
    [brandId, EPISODES],
  );
  const ids = rows.map((r: { id: number }) => r.id);
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  let published = false;
  const bulk = async () => {
    published = !published;
    const res = await fetch(`${server.base}/api/content/bulk_update`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ids, set: { is_published: published } }),
    });
    if (res.status !== 200) throw new Error(`bulk_update answered ${res.status}: ${await res.text()}`);
  };
  const baseline = async () => {
    published = !published;
    await client.query('begin');
    await client.query('update content set is_published = $1, updated_at = now() where id = any($2)', [published, ids]);
    await client.query('commit');
  };
  const before = Number((await client.query("select count(*) from audit_log where entity = 'content'")).rows[0].count);
  const call = await medianMs(bulk, 5, 1);
  const after = Number((await client.query("select count(*) from audit_log where entity = 'content'")).rows[0].count);
  const plain = await medianMs(baseline, 5, 1);
  await client.end();
  await server.close();
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(`history entries written by 6 calls: ${fmt(after - before)} (${fmt((after - before) / 6)} a call)`);
  console.log(`  POST /api/content/bulk_update, ${EPISODES} episodes  ${fmt(call, 1)} ms  (target ≤ ${TARGET_MS} ms)`);
  console.log(`  baseline: one plain pg UPDATE          ${fmt(plain, 1)} ms`);
  console.log(`  ratio                                  ${fmt(call / plain, 1)} ×`);
} finally {
  await bench.drop();
}
