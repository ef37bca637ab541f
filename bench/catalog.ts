/**
 * Catalogue build at scale: 1,000 brands × 50,000 episodes with English versions and videos.
 *
 *   node --import tsx --expose-gc bench/catalog.ts
 *
 * Budget: the build (POST /api/content/upload_json) in ≤ 3 s and ≤ 300 MB peak RSS. The baseline, in the
 * same process and on the same data, is the naive way: the same rows read at once with plain `pg`, then one
 * JSON.stringify and a SHA-256 of them. The build runs first, so the RSS high-water mark after it is its own.
 * Runs on its own database (BENCH_DATABASE_URL's server), dropped after.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { LocalStorage } from '../apps/server/src/lib/storage/local.ts';
import { publishCatalogue } from '../apps/server/src/modules/catalog/publish.ts';
import { createBenchDatabase, fmt } from './lib/database.ts';
import { BRANDS, EPISODES, SEED } from './lib/large-catalogue.ts';

const RUNS = 3;
const BUDGET_MS = 3_000;
const BUDGET_BYTES = 300 * 1024 * 1024;

const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

/** The same rows the build reads, as plain SQL. */
const BASELINE = {
  brands: `select b.id, b.slug, b.name, b.age_rating, b.logo_url as brand_logo_url, bl.title, bl.description, bl.logo_url
     from brands b join brand_langs bl on bl.brand_id = b.id and bl.lang_id = $1 and bl.is_published and b.is_published
     order by b.sort, b.id`,
  rules: `select r.brand_id, r.code2, r.exclude from country_rules r join brands b on b.id = r.brand_id
     join brand_langs bl on bl.brand_id = b.id and bl.lang_id = $1 and bl.is_published and b.is_published`,
  content: `select c.id, c.brand_id, c.season, c.sort_number, c.duration_sec, cl.title, cl.description, cl.thumbnail_url,
            v.playback_url, v.duration_sec as video_duration_sec, v.thumbnail_url as video_thumbnail_url
     from content c join brands b on b.id = c.brand_id
     join brand_langs bl on bl.brand_id = b.id and bl.lang_id = $1 and bl.is_published and b.is_published
     join content_langs cl on cl.content_id = c.id and cl.lang_id = $1 and cl.is_published
     join video_files v on v.content_lang_id = cl.id and v.status = 'ready'
     where c.is_published order by c.season, c.sort_number, c.id`,
  links: `select l.brand_id, l.content_id from content_links l join brands b on b.id = l.brand_id
     join brand_langs bl on bl.brand_id = b.id and bl.lang_id = $1 and bl.is_published and b.is_published order by l.id`,
  promos: `select id, title, image_url, bg_color, button_color, button_text, brand_id, season, content_id from promos
     where is_active and (lang_id = $1 or lang_id is null) order by sort, id`,
  streams: 'select id, title, url, poster_url from streams where lang_id = $1 and is_active order by sort, id',
  strings: 'select key, value from locale_strings where lang_id = $1 order by key collate "C"',
};

/** Peak RSS while `fn` runs: sampled every 2 ms and at the end (a long synchronous step is caught right after). */
async function measure(label: string, fn: () => Promise<unknown>): Promise<{ ms: number[]; peakRss: number }> {
  gc?.();
  let peakRss = process.memoryUsage().rss;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 2);
  const ms: number[] = [];
  try {
    await fn(); // warm-up: plans cached, modules and JIT ready
    sample();
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await fn();
      ms.push(performance.now() - start);
      sample();
    }
  } finally {
    clearInterval(timer);
  }
  console.log(`${label}: ${ms.map((m) => fmt(m)).join(', ')} ms`);
  return { ms, peakRss };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The process's RSS high-water mark since it started: nothing sampling can miss. */
const maxRss = () => process.resourceUsage().maxRSS * 1024;

const bench = await createBenchDatabase('catalog');
const mediaDir = mkdtempSync(path.join(tmpdir(), 'bench-catalog-'));
const client = new pg.Client({ connectionString: bench.url });
try {
  await client.connect();
  const start = performance.now();
  for (const statement of SEED) await client.query(statement);
  console.log(`seeded ${fmt(BRANDS)} brands × ${fmt(EPISODES)} episodes in ${fmt(performance.now() - start)} ms`);
  if (!gc) console.log('(run with --expose-gc for steadier memory figures)');

  gc?.();
  const idleRss = process.memoryUsage().rss;

  const storage = new LocalStorage(mediaDir);
  let last: Awaited<ReturnType<typeof publishCatalogue>> | undefined;
  const build = await measure(
    'build (publishCatalogue: read, assemble, serialise, hash, store twice, record)',
    async () => {
      last = await publishCatalogue(bench.database.db, storage, 'en');
    },
  );
  const buildMaxRss = maxRss();

  const baseline = await measure('baseline (plain SELECTs + JSON.stringify + sha256)', async () => {
    const rows: Record<string, unknown[]> = {};
    for (const [name, text] of Object.entries(BASELINE)) rows[name] = (await client.query(text, [1])).rows;
    const bytes = Buffer.from(JSON.stringify(rows), 'utf8');
    return createHash('sha256').update(bytes).digest('hex');
  });
  const baselineMaxRss = maxRss();

  const gzipped = gzipSync(readFileSync(path.join(mediaDir, 'catalog/en.json'))).length;
  const buildMs = median(build.ms);
  const baselineMs = median(baseline.ms);
  console.log(`
catalogue: ${fmt((last?.size_bytes ?? 0) / MB, 1)} MB (gzip: ${fmt(gzipped / MB, 1)} MB), counts ${JSON.stringify(last?.counts)}
idle RSS before the runs: ${fmt(idleRss / MB)} MB

                 median of ${RUNS}   peak RSS (sampled)   RSS high-water so far
build            ${fmt(buildMs).padStart(7)} ms   ${fmt(build.peakRss / MB).padStart(10)} MB   ${fmt(buildMaxRss / MB).padStart(12)} MB
baseline         ${fmt(baselineMs).padStart(7)} ms   ${fmt(baseline.peakRss / MB).padStart(10)} MB   ${fmt(baselineMaxRss / MB).padStart(12)} MB
build / baseline ${fmt(buildMs / baselineMs, 2).padStart(7)} ×    ${fmt(build.peakRss / baseline.peakRss, 2).padStart(10)} ×
above idle RSS: build +${fmt((build.peakRss - idleRss) / MB)} MB, baseline +${fmt((baseline.peakRss - idleRss) / MB)} MB

budget: ≤ ${fmt(BUDGET_MS)} ms ${buildMs <= BUDGET_MS ? 'met' : 'MISSED'}, ≤ ${fmt(BUDGET_BYTES / MB)} MB ${
    buildMaxRss <= BUDGET_BYTES ? 'met' : 'MISSED'
  }`);
  if (buildMs > BUDGET_MS || buildMaxRss > BUDGET_BYTES) process.exitCode = 1;
} finally {
  await client.end();
  await bench.drop();
  rmSync(mediaDir, { recursive: true, force: true });
}
