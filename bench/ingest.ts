/**
 * View ingestion rate through the real server: POST /api/stat/views with 10,000-event batches over HTTP,
 * against a baseline of a bare `INSERT ... SELECT FROM unnest(...)` of the same rows through pg.
 *
 *   node --import tsx bench/ingest.ts            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *
 * Target (issue 19): with 4 clients, at least 100,000 events/s or 0.4 of the baseline in the same run. See bench/README.md.
 */
import { loadavg } from 'node:os';
import { MAX_VIEW_EVENTS } from '@kids-vod/contract';
import pg from 'pg';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt } from './lib/database.ts';

const TARGET_EVENTS_PER_S = 100_000;
/** Or this share of the baseline's rate, measured in the same run (issue 19). */
const TARGET_RATIO = 0.4;
const BATCHES = Number(process.env.BENCH_BATCHES ?? 30);
const WARMUP_BATCHES = 3;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const CONTENT_ROWS = 2_000;
const INGEST_KEY = 'bench-ingest-key-0123456789abcdef';
const COUNTRIES = 'US GB DE FR ES IT RU TR PL NL BR MX IN JP KR CN UA SE NO FI'.split(' ');

interface Event {
  content_id: number;
  lang_id: number;
  country: string;
  seconds: number;
  ts: string;
  event_id: string;
}

/** Deterministic pseudo-random numbers, so every run sends the same events. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A batch as players would send it: unique event ids, content spread over the catalogue, 3 languages,
 * 20 countries, the last 3 days. Nearly every event is its own (day, content, language, country) group,
 * the upsert's worst case.
 */
function makeBatches(count: number, contentIds: number[]): Event[][] {
  const random = mulberry32(42);
  const now = Date.now();
  let n = 0;
  const hex = () =>
    Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return Array.from({ length: count }, () =>
    Array.from({ length: MAX_VIEW_EVENTS }, () => ({
      content_id: contentIds[Math.floor(random() * contentIds.length)],
      lang_id: 1 + Math.floor(random() * 3),
      country: COUNTRIES[Math.floor(random() * COUNTRIES.length)],
      seconds: Math.round(random() * 600_000) / 1000,
      ts: new Date(now - Math.floor(random() * 3 * 86_400_000)).toISOString(),
      // Random, like the UUIDs player apps make: inserts land all over the id index, not at its end.
      event_id: `${hex()}-${hex()}-${hex()}-${(n++).toString(16).padStart(8, '0')}`,
    })),
  );
}

/** 1, 5 and 15-minute load averages, as /proc/loadavg has them. */
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main() {
  const startLoad = loadAverage();
  const bench = await createBenchDatabase('ingest');
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  try {
    await client.query(
      `insert into brands (name, slug) select 'Brand ' || i, 'brand-' || i from generate_series(1, 50) i`,
    );
    const { rows } = await client.query<{ id: number }>(
      `insert into content (brand_id, season, sort_number)
       select 1 + (i - 1) % 50, 1, 1 + (i - 1) / 50 from generate_series(1, ${CONTENT_ROWS}) i returning id`,
    );
    const contentIds = rows.map((r) => r.id);
    const batches = makeBatches(WARMUP_BATCHES + BATCHES * 2, contentIds);
    const bodies = batches.map((events) => JSON.stringify({ events }));
    const server = await startBenchApp(bench.database, { INGEST_KEY });

    async function send(body: string) {
      const res = await fetch(`${server.base}/api/stat/views`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': INGEST_KEY },
        body,
      });
      const result = (await res.json()) as { accepted: number };
      if (res.status !== 200 || result.accepted !== MAX_VIEW_EVENTS) {
        throw new Error(`ingest failed: ${res.status} ${JSON.stringify(result)}`);
      }
    }

    // Baseline: the same rows written with one bare INSERT ... unnest per batch, nothing else.
    await client.query(`create table bench_raw_events (
      content_id int, lang_id int, country text, seconds float8, ts timestamptz, event_id text)`);
    const insertBatch = (events: Event[]) =>
      client.query(
        `insert into bench_raw_events
         select * from unnest($1::int[], $2::int[], $3::text[], $4::float8[], $5::timestamptz[], $6::text[])`,
        [
          events.map((e) => e.content_id),
          events.map((e) => e.lang_id),
          events.map((e) => e.country),
          events.map((e) => e.seconds),
          events.map((e) => e.ts),
          events.map((e) => e.event_id),
        ],
      );

    for (let i = 0; i < WARMUP_BATCHES; i++) {
      await send(bodies[i]);
      await insertBatch(batches[i]);
    }

    // One client after another, each app batch followed by the baseline's insert of the same rows, so both
    // see the same load on a shared machine.
    let serialMs = 0;
    let baselineMs = 0;
    for (let i = WARMUP_BATCHES; i < WARMUP_BATCHES + BATCHES; i++) {
      let start = performance.now();
      await send(bodies[i]);
      serialMs += performance.now() - start;
      start = performance.now();
      await insertBatch(batches[i]);
      baselineMs += performance.now() - start;
    }
    const serialRate = (BATCHES * MAX_VIEW_EVENTS) / (serialMs / 1000);
    const baselineRate = (BATCHES * MAX_VIEW_EVENTS) / (baselineMs / 1000);

    // Several clients at once, as many player apps would be.
    const concurrentBodies = bodies.slice(WARMUP_BATCHES + BATCHES);
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < concurrentBodies.length) await send(concurrentBodies[next++]);
      }),
    );
    const concurrentMs = performance.now() - start;
    const concurrentRate = (concurrentBodies.length * MAX_VIEW_EVENTS) / (concurrentMs / 1000);
    await server.close();

    const check = await client.query<{ rows: string; content_rows: string; ids: string }>(
      `select (select count(*) from view_daily) as rows, (select count(*) from view_daily_content) as content_rows,
              (select count(*) from view_event_ids) as ids`,
    );
    // The two rollups hold the same seconds per (day, content), but for the order the doubles were added in.
    const disagree = await client.query<{ n: string }>(
      `select count(*) as n from (select day, content_id, sum(seconds) as seconds from view_daily group by 1, 2) d
       full join view_daily_content c using (day, content_id)
       where c.seconds is null or d.seconds is null or abs(c.seconds - d.seconds) > 1e-6 * greatest(1, c.seconds)`,
    );
    if (disagree.rows[0].n !== '0')
      throw new Error(`${disagree.rows[0].n} (day, content) sums differ between the rollups`);
    // The target is the 4 clients' rate; one client, waiting for each answer, is shown beside it.
    const met = concurrentRate >= TARGET_EVENTS_PER_S || concurrentRate / baselineRate >= TARGET_RATIO;
    console.log(
      `ingest: ${fmt(BATCHES)} batches of ${fmt(MAX_VIEW_EVENTS)} events, load average ${startLoad} at the start, ${loadAverage()} at the end`,
    );
    console.log(`  app, one client      ${fmt(serialRate)} events/s  (${fmt(serialMs / BATCHES)} ms a batch)`);
    console.log(
      `  app, ${CONCURRENCY} clients      ${fmt(concurrentRate)} events/s  ${met ? 'meets' : 'MISSES'} the target (${fmt(TARGET_EVENTS_PER_S)} events/s or ${TARGET_RATIO} of the baseline)`,
    );
    console.log(`  baseline bare unnest ${fmt(baselineRate)} events/s  (${fmt(baselineMs / BATCHES)} ms a batch)`);
    console.log(
      `  ratio app/baseline   ${(serialRate / baselineRate).toFixed(2)} (one client), ${(concurrentRate / baselineRate).toFixed(2)} (${CONCURRENCY} clients)`,
    );
    console.log(
      `  stored: ${fmt(Number(check.rows[0].rows))} view_daily rows, ${fmt(Number(check.rows[0].content_rows))} view_daily_content rows (the same sums), ${fmt(Number(check.rows[0].ids))} event ids`,
    );
  } finally {
    await client.end();
    await bench.drop();
  }
}

await main();
