/**
 * An item's history (issue 16): reading the 1,000 changes of one brand through `POST /api/audit/list` (two pages of
 * 500, what the History tab reads at most) on the real server over HTTP, on PostgreSQL, in a log of 200,000 entries
 * of other brands. Target: within 200 ms.
 *
 *   node --import tsx bench/history.ts     BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 *
 * Baseline in the same run: the same rows read with one plain `pg` query (no HTTP, no validation).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt, medianMs } from './lib/database.ts';

const CHANGES = 1_000;
const OTHER_ENTRIES = 200_000;
const TARGET_MS = 200;

const bench = await createBenchDatabase('history');
try {
  const { db } = bench.database;
  await db.execute(sql`insert into brands (name, slug) values ('History', 'history')`);
  const [{ id }] = (
    (await db.execute(sql`select id from brands where slug = 'history'`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  // 1,000 saves of the brand, each one audited by the trigger as in production.
  await db.execute(sql`do $$ begin for i in 1..${sql.raw(String(CHANGES))} loop
    update brands set name = 'History ' || i, updated_at = now() + (i || ' ms')::interval where slug = 'history';
  end loop; end $$`);
  // Other brands' history around it: their own changes and their parts' (language versions, rules, links), which
  // the History tab's `with_parts` read has to pass over.
  await db.execute(sql`insert into audit_log (entity, entity_id, action, before, after)
    select (array['brands', 'brand_langs', 'country_rules', 'content_links'])[g % 4 + 1], (g % 5000 + 100000)::text,
      'update', jsonb_build_object('name', 'a' || g, 'brand_id', g % 5000 + 100000),
      jsonb_build_object('name', 'b' || g, 'brand_id', g % 5000 + 100000)
    from generate_series(1, ${OTHER_ENTRIES}) g`);
  await db.execute(sql`analyze audit_log`);

  const server = await startBenchApp(bench.database);
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  const readHistory = async (withParts: boolean) => {
    let before: number | null = null;
    let count = 0;
    do {
      const res = await fetch(`${server.base}/api/audit/list`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          entity: 'brands',
          entity_id: String(id),
          with_parts: withParts || undefined,
          limit: 500,
          before_id: before ?? undefined,
        }),
      });
      const page = (await res.json()) as { items: unknown[]; next_before_id: number | null };
      count += page.items.length;
      before = page.next_before_id;
    } while (before !== null);
    if (count < CHANGES) throw new Error(`read ${count} entries, expected ${CHANGES}+`);
  };
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  const baseline = () =>
    client.query(`select * from audit_log where entity = 'brands' and entity_id = $1 order by id desc`, [String(id)]);

  const call = await medianMs(() => readHistory(false), 7, 2);
  const withParts = await medianMs(() => readHistory(true), 7, 2);
  const plain = await medianMs(baseline, 7, 2);
  await client.end();
  await server.close();
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(`history of ${CHANGES} changes among ${fmt(OTHER_ENTRIES)} entries`);
  console.log(`  POST /api/audit/list (2 pages of 500)  ${fmt(call, 1)} ms  (target ≤ ${TARGET_MS} ms)`);
  console.log(`  the same with its parts (with_parts)    ${fmt(withParts, 1)} ms  (target ≤ ${TARGET_MS} ms)`);
  console.log(`  baseline: one plain pg query          ${fmt(plain, 1)} ms`);
  console.log(`  ratio                                 ${fmt(call / plain, 1)} ×`);
} finally {
  await bench.drop();
}
