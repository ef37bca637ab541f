/**
 * Viewing-minutes report on 10 million view_daily rows (365 days, 5,480 content items of 200 brands,
 * 5 language/country pairs each a day) and the 2 million view_daily_content rows derived from them (what
 * the report reads), through the real server, each figure against a raw-SQL baseline.
 *
 *   node --import tsx bench/report.ts            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *
 * Targets: 3-day report ≤ 100 ms, 365-day report ≤ 2 s, CSV ≥ 200,000 rows/s. See bench/README.md.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { csvRecord } from '../apps/server/src/lib/csv.ts';
import { type BenchApp, startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt, medianMs, medianPairMs } from './lib/database.ts';

const FIRST_DAY = '2024-01-01';
const DAYS = 365;
const BRANDS = 200;
const CONTENT = 5_480;
// 365 days × 5,480 items × 5 (language, country) pairs = 10,001,000 rows.
const PAIRS = `(1, 'US'), (1, 'GB'), (2, 'RU'), (3, 'ES'), (5, 'DE')`;
/** The CSV throughput run: this many more items, watched on one day outside the year above. */
const CSV_CONTENT = Number(process.env.BENCH_CSV_ROWS ?? 300_000);
const CSV_DAY = '2023-06-15';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
const LAST_DAY = addDays(FIRST_DAY, DAYS - 1);

/** 1, 5 and 15-minute load averages, as /proc/loadavg has them. */
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function seed(client: pg.Client) {
  await client.query(`insert into brands (name, slug)
    select 'Brand ' || lpad(i::text, 3, '0'), 'brand-' || i from generate_series(1, ${BRANDS}) i`);
  await client.query(`insert into content (brand_id, season, sort_number)
    select 1 + (i - 1) % ${BRANDS}, 1 + ((i - 1) / ${BRANDS}) % 3, 1 + (i - 1) / ${BRANDS * 3}
    from generate_series(1, ${CONTENT}) i`);
  // Nine in ten items have an English title; some need CSV quoting.
  await client.query(`insert into content_langs (content_id, lang_id, title)
    select id, 1, 'Episode ' || id || case when id % 3 = 0 then ', "special"' else '' end
    from content where id % 10 <> 0`);
  // The foreign-key triggers would check 10 million rows one at a time; the ids are known to exist.
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(`insert into view_daily (day, content_id, lang_id, country, seconds)
    select date '${FIRST_DAY}' + d, c.id, p.lang_id, p.country, round((random() * 3600)::numeric, 3)
    from generate_series(0, ${DAYS - 1}) d
    cross join (select id from content order by id) c
    cross join (values ${PAIRS}) p(lang_id, country)`);
  // The per-(day, content) rollup ingestion keeps beside it, derived in one statement. Ordered, so the
  // rows lie in day order as ingestion leaves them (each day's rows are written on that day): a short
  // range then reads a few pages, not a row on every page of the table.
  await client.query(`insert into view_daily_content (day, content_id, seconds)
    select day, content_id, sum(seconds) from view_daily group by day, content_id order by day, content_id`);
  await client.query('commit');
  // What autovacuum would have done on a live table: statistics, and the visibility map.
  await client.query('vacuum analyze');
}

/** The CSV run's extra catalogue: CSV_CONTENT items of CSV_CONTENT / 100 brands, one view row each. */
async function seedCsv(client: pg.Client) {
  const brands = Math.ceil(CSV_CONTENT / 100);
  await client.query(`insert into brands (name, slug)
    select 'Csv brand ' || i, 'csv-brand-' || i from generate_series(1, ${brands}) i`);
  await client.query(`insert into content (brand_id, season, sort_number)
    select b.id, 1, n from brands b cross join generate_series(1, 100) n where b.slug like 'csv-brand-%'`);
  await client.query(`insert into content_langs (content_id, lang_id, title)
    select id, 1, 'Csv episode ' || id from content where id > ${CONTENT}`);
  await client.query(`insert into view_daily (day, content_id, lang_id, country, seconds)
    select date '${CSV_DAY}', id, 1, 'US', 90 from content where id > ${CONTENT}`);
  await client.query(`insert into view_daily_content (day, content_id, seconds)
    select date '${CSV_DAY}', id, 90 from content where id > ${CONTENT}`);
  await client.query('vacuum analyze');
}

/**
 * The report's figures in the most direct SQL on the table the app reads: join everything, then aggregate,
 * order by name.
 */
async function rawReport(client: pg.Client, from: string, to: string) {
  const rows = await client.query(
    `select c.brand_id, b.name as brand_name, c.id as content_id, c.season, c.sort_number,
            coalesce(cl.title, '') as title, round((sum(v.seconds) / 60.0)::numeric, 1)::float8 as minutes
     from view_daily_content v
     join content c on c.id = v.content_id
     join brands b on b.id = c.brand_id
     left join content_langs cl on cl.content_id = c.id and cl.lang_id = 1
     where v.day between $1 and $2
     group by c.id, b.id, cl.title
     order by b.name, c.season, c.sort_number, c.id`,
    [from, to],
  );
  const byDay = await client.query(
    `select v.day::text as date, c.brand_id, round((sum(v.seconds) / 60.0)::numeric, 1)::float8 as minutes
     from view_daily_content v join content c on c.id = v.content_id
     where v.day between $1 and $2
     group by v.day, c.brand_id order by v.day, c.brand_id`,
    [from, to],
  );
  return { rows: rows.rows, byDay: byDay.rows };
}

/** The two aggregations the app runs for a JSON report, timed apart (raw SQL through pg). */
async function reportParts(client: pg.Client, table: string, from: string, to: string) {
  const totalsMs = await medianMs(
    () =>
      client.query(`select content_id, sum(seconds) from ${table} where day between $1 and $2 group by content_id`, [
        from,
        to,
      ]),
    3,
  );
  const byDayMs = await medianMs(
    () =>
      client.query(
        `select v.day, c.brand_id, sum(v.seconds) from ${table} v join content c on c.id = v.content_id
         where v.day between $1 and $2 group by v.day, c.brand_id`,
        [from, to],
      ),
    3,
  );
  return `totals ${fmt(totalsMs)} ms + by_day ${fmt(byDayMs)} ms`;
}

async function appReport(server: BenchApp, from: string, to: string, csv: boolean) {
  const res = await fetch(`${server.base}/api/stat/views_minutes_report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ date_from: from, date_to: to, csv }),
  });
  if (res.status !== 200) throw new Error(`report failed: ${res.status} ${await res.text()}`);
  return csv ? res.text() : (res.json() as Promise<{ rows: unknown[]; by_day: unknown[] }>);
}

async function main() {
  const bench = await createBenchDatabase('report');
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  const say = (line: string) => console.log(line);
  try {
    let start = performance.now();
    await seed(client);
    const { rows } = await client.query<{ daily: string; content: string }>(
      'select (select count(*) from view_daily) as daily, (select count(*) from view_daily_content) as content',
    );
    const counts = `${fmt(Number(rows[0].daily))} view_daily rows, ${fmt(Number(rows[0].content))} view_daily_content rows`;
    console.log(`seeded ${counts} in ${fmt((performance.now() - start) / 1000, 1)} s`);
    const server = await startBenchApp(bench.database);

    const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
    const jsonCase = async (label: string, from: string, to: string, targetMs: number) => {
      const sample = (await appReport(server, from, to, false)) as { rows: unknown[]; by_day: unknown[] };
      const raw = await rawReport(client, from, to);
      if (sample.rows.length !== raw.rows.length || sample.by_day.length !== raw.byDay.length) {
        throw new Error(`${label}: the app and the raw SQL disagree on the number of rows`);
      }
      const [appMs, rawMs] = await medianPairMs(
        () => appReport(server, from, to, false),
        () => rawReport(client, from, to),
        RUNS,
      );
      say(
        `  ${label.padEnd(22)} app ${fmt(appMs).padStart(6)} ms   raw SQL ${fmt(rawMs).padStart(6)} ms   ratio ${(appMs / rawMs).toFixed(2)}   ${sample.rows.length} rows, ${sample.by_day.length} by_day   ${verdict(appMs <= targetMs)} ≤ ${fmt(targetMs)} ms`,
      );
    };

    say(`report on ${counts}, median of ${RUNS}, load average ${loadAverage()}`);
    await jsonCase('3 days, JSON', addDays(LAST_DAY, -2), LAST_DAY, 100);
    await jsonCase('365 days, JSON', FIRST_DAY, LAST_DAY, 2_000);
    // The two aggregations the JSON report runs, raw SQL one after the other, on the rollup the report
    // reads and, for comparison, on view_daily (what it read before).
    say(
      `  365 days, its parts    ${await reportParts(client, 'view_daily_content', FIRST_DAY, LAST_DAY)} (view_daily_content)`,
    );
    say(`                         ${await reportParts(client, 'view_daily', FIRST_DAY, LAST_DAY)} (view_daily)`);
    const yearCsvMs = await medianMs(() => appReport(server, FIRST_DAY, LAST_DAY, true), Math.min(RUNS, 3));
    say(`  365 days, CSV          app ${fmt(yearCsvMs).padStart(6)} ms   (${fmt(CONTENT)} rows)`);

    start = performance.now();
    await seedCsv(client);
    console.log(
      `seeded ${fmt(CSV_CONTENT)} more items for the CSV run in ${fmt((performance.now() - start) / 1000, 1)} s`,
    );
    const csv = (await appReport(server, CSV_DAY, CSV_DAY, true)) as string;
    const csvRows = csv.split('\r\n').length - 2;
    if (csvRows !== CSV_CONTENT) throw new Error(`CSV has ${csvRows} rows, expected ${CSV_CONTENT}`);
    // Baseline: one query for the same rows, formatted by the same CSV writer, in memory; the two turn about.
    const [csvMs, rawCsvMs] = await medianPairMs(
      () => appReport(server, CSV_DAY, CSV_DAY, true),
      async () => {
        const raw = await rawReport(client, CSV_DAY, CSV_DAY);
        let text = '';
        for (const r of raw.rows) {
          text += csvRecord([r.brand_id, r.brand_name, r.content_id, r.season, r.sort_number, r.title, r.minutes]);
        }
        return text.length;
      },
      Math.min(RUNS, 3),
    );
    const csvRate = CSV_CONTENT / (csvMs / 1000);
    const rawCsvRate = CSV_CONTENT / (rawCsvMs / 1000);
    say(
      `  CSV, ${fmt(CSV_CONTENT)} rows      app ${fmt(csvRate).padStart(7)} rows/s (${fmt(csvMs)} ms)   raw SQL ${fmt(rawCsvRate)} rows/s (${fmt(rawCsvMs)} ms)   ratio ${(csvRate / rawCsvRate).toFixed(2)}   ${verdict(csvRate >= 200_000)} ≥ 200,000 rows/s`,
    );
    say(`  load average at the end ${loadAverage()}`);
    await server.close();
  } finally {
    await client.end();
    await bench.drop();
  }
}

await main();
