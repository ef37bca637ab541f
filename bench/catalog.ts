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

const BRANDS = 1_000;
const EPISODES = 50_000;
const COMPILATIONS = 10;
const LINKS_PER_COMPILATION = 100;
const RUNS = 3;
const BUDGET_MS = 3_000;
const BUDGET_BYTES = 300 * 1024 * 1024;

const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Set-based seed: every table in one INSERT … SELECT. Russian versions (without videos) are added too, so
 * the English catalogue's joins have rows to leave out, as on a real database.
 */
const SEED = [
  `insert into brands (name, slug, age_rating, logo_url, sort, is_published)
     select 'Brand ' || i, 'brand-' || i, (array['0+', '3+', '6+', '12+'])[1 + i % 4],
            '/media/images/brand-' || i || '.png', i, i % 50 <> 0
     from generate_series(1, ${BRANDS}) i`,
  `insert into brand_langs (brand_id, lang_id, title, description, logo_url, is_published)
     select id, l, 'The adventures of ' || name, repeat('A story about friendship and courage. ', 5),
            case when id % 3 = 0 then '/media/images/brand-' || id || '-' || l || '.png' end, true
     from brands, (values (1), (2)) v(l)`,
  `insert into country_rules (brand_id, code2, exclude)
     select id, array['DE', 'AT', 'CH'], false from brands where id % 10 = 0
     union all select id, array['FR'], false from brands where id % 20 = 0
     union all select id, array['RU', 'BY'], true from brands where id % 7 = 0`,
  // 50 episodes a brand (5 seasons of 10); 1 in 100 unpublished, 1 in 50 brands unpublished.
  `insert into content (brand_id, season, sort_number, duration_sec, is_published)
     select 1 + (i - 1) / 50, 1 + ((i - 1) % 50) / 10, 1 + (i - 1) % 10, 600 + i % 300, i % 100 <> 0
     from generate_series(1, ${EPISODES}) i`,
  `insert into content_langs (content_id, lang_id, title, description, thumbnail_url, is_published)
     select id, l, 'Episode ' || sort_number || ': the big day ' || id, repeat('Something happens and everyone learns. ', 4),
            '/media/thumbs/' || md5(id::text) || '.jpg', true
     from content, (values (1), (2)) v(l)`,
  `insert into video_files (ext_id, name, storage_key, size_bytes, duration_sec, playback_url, content_lang_id)
     select 'vid-' || id, 'episode-' || id || '.mp4', 'videos/' || md5(id::text) || '.mp4', 250000000, 600,
            'https://cdn.example.com/videos/' || md5(id::text) || '/index.m3u8', id
     from content_langs where lang_id = 1`,
  // The last 10 brands are also compilations, each linking 100 episodes of brands 1..980.
  `insert into content_links (brand_id, content_id)
     select ${BRANDS} - ${COMPILATIONS} + 1 + (i - 1) / ${LINKS_PER_COMPILATION}, 1 + (i * 37) % 49000
     from generate_series(1, ${COMPILATIONS * LINKS_PER_COMPILATION}) i`,
  `insert into promos (title, lang_id, brand_id, sort, is_active)
     select 'Promo ' || i, case when i % 2 = 0 then 1 end, i, i, i % 5 <> 0 from generate_series(1, 20) i`,
  `insert into streams (lang_id, title, url, sort)
     select 1 + i % 2, 'Stream ' || i, 'https://live.example.com/' || i || '.m3u8', i from generate_series(1, 20) i`,
  `insert into locale_keys (key) select 'app.string.' || i from generate_series(1, 500) i`,
  `insert into locale_strings (key, lang_id, value) select key, l, 'Text of ' || key from locale_keys, (values (1), (2)) v(l)`,
  'vacuum analyze',
];

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
     left join video_files v on v.content_lang_id = cl.id
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
