/**
 * A brand's readiness (issue 30): `POST /api/brand/readiness` for brand 1 of issue 19's large catalogue (5,000
 * episodes, 10 language versions, three of them written) on the real server over HTTP, on PostgreSQL. Target:
 * within 300 ms. The million promo codes of that catalogue are left out (readiness never reads them).
 *
 *   node --import tsx bench/readiness.ts     BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 *
 * Baseline in the same run: the rows it needs read with plain `pg` queries, one a language (no HTTP, no rules).
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { startBenchApp } from './lib/app.ts';
import { catalogueSql, LARGE_CATALOGUE } from './lib/catalogue-seed.ts';
import { createBenchDatabase, fmt, medianMs } from './lib/database.ts';

const TARGET_MS = 300;
const BRAND = 1;

const bench = await createBenchDatabase('readiness');
try {
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  for (const statement of catalogueSql({ ...LARGE_CATALOGUE, promoCodes: 1_000 })) await client.query(statement);
  const server = await startBenchApp(bench.database);
  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  let answer: { langs: { lang_id: number; playable: number; problems: unknown[] }[] } = { langs: [] };
  const readiness = async () => {
    const res = await fetch(`${server.base}/api/brand/readiness`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ brand_id: BRAND }),
    });
    if (res.status !== 200) throw new Error(`readiness answered ${res.status}: ${await res.text()}`);
    answer = (await res.json()) as typeof answer;
  };
  const baseline = async () => {
    const { rows } = await client.query(
      'select lang_id from brand_langs where brand_id = $1 and deleted_at is null order by lang_id',
      [BRAND],
    );
    for (const { lang_id } of rows) {
      await client.query(
        `select c.id, c.is_published, cl.id, cl.title, cl.description, cl.thumbnail_url, v.id, v.status, v.thumbnail_url
         from content c left join content_langs cl on cl.content_id = c.id and cl.lang_id = $2 and cl.deleted_at is null
         left join video_files v on v.content_lang_id = cl.id and v.deleted_at is null
         where c.brand_id = $1 and c.deleted_at is null order by c.season, c.sort_number, c.id`,
        [BRAND, lang_id],
      );
    }
  };

  const call = await medianMs(readiness, 7, 2);
  const plain = await medianMs(baseline, 7, 2);
  await client.end();
  await server.close();
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const problems = answer.langs.reduce((n, l) => n + l.problems.length, 0);
  console.log(
    `readiness of brand ${BRAND}: ${answer.langs.length} languages, playable ${answer.langs.map((l) => l.playable).join('/')}, ${fmt(problems)} problems`,
  );
  console.log(`  POST /api/brand/readiness          ${fmt(call, 1)} ms  (target ≤ ${TARGET_MS} ms)`);
  console.log(`  baseline: plain pg, a language     ${fmt(plain, 1)} ms`);
  console.log(`  ratio                              ${fmt(call / plain, 1)} ×`);
} finally {
  await bench.drop();
}
