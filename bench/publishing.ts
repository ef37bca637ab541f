/**
 * Preview and changes-before-publishing on the benchmark catalogue (1,000 brands × 50,000 episodes) and on one of
 * the demo's size, for one language and country:
 *
 *   node --import tsx --expose-gc bench/publishing.ts
 *
 * Targets (issue 17): ≤ 1.5 s on the large catalogue, ≤ 300 ms on the demo's. Each is timed as its route answers
 * it: the data function and the JSON text of the answer. The baseline, in the same run on the same data, is the
 * build that publishing runs (publishCatalogue: read, write, hash, store), which reads the same rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadDemoCatalogue } from '../apps/server/src/demo/demo-catalogue.ts';
import { LocalStorage } from '../apps/server/src/lib/storage/local.ts';
import { diffCatalogue } from '../apps/server/src/modules/catalog/diff.ts';
import { previewCatalogue } from '../apps/server/src/modules/catalog/preview.ts';
import { publishCatalogue } from '../apps/server/src/modules/catalog/publish.ts';
import { type BenchDatabase, createBenchDatabase, fmt, medianMs } from './lib/database.ts';
import { BRANDS, EPISODES, SEED } from './lib/large-catalogue.ts';

const LARGE_MS = 1_500;
const DEMO_MS = 300;

interface Figures {
  preview: number;
  diff: number;
  build: number;
  hidden: number;
  changes: number;
}

async function measure(bench: BenchDatabase, storage: LocalStorage, lang: string, country: string): Promise<Figures> {
  const db = bench.database.db;
  let hidden = 0;
  let changes = 0;
  const preview = await medianMs(async () => {
    const answer = await previewCatalogue(db, { lang, country });
    hidden = answer.hidden.length;
    return JSON.stringify(answer).length;
  }, 3);
  const diff = await medianMs(async () => {
    const answer = await diffCatalogue(db, storage, lang);
    changes = answer.changes.length;
    return JSON.stringify(answer).length;
  }, 3);
  // Last: a build publishes, and the diff would then have nothing to find.
  const build = await medianMs(() => publishCatalogue(db, storage, lang), 3);
  return { preview, diff, build, hidden, changes };
}

function report(label: string, f: Figures, target: number) {
  const verdict = (ms: number) => (ms <= target ? 'met' : 'MISSED');
  console.log(`
${label}
  preview (hidden: ${fmt(f.hidden)})   ${fmt(f.preview).padStart(6)} ms  ${verdict(f.preview)} (≤ ${fmt(target)} ms)
  diff (changes: ${fmt(f.changes)})      ${fmt(f.diff).padStart(6)} ms  ${verdict(f.diff)}
  baseline: the build       ${fmt(f.build).padStart(6)} ms  (preview ${fmt(f.preview / f.build, 2)} ×, diff ${fmt(f.diff / f.build, 2)} ×)`);
  if (f.preview > target || f.diff > target) process.exitCode = 1;
}

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
const media = mkdtempSync(path.join(tmpdir(), 'bench-publishing-'));
try {
  const large = await createBenchDatabase('publishing');
  try {
    const client = new pg.Client({ connectionString: large.url });
    await client.connect();
    for (const statement of SEED) await client.query(statement);
    // One change against the live build, so the diff has something to find.
    await publishCatalogue(large.database.db, new LocalStorage(path.join(media, 'large')), 'en');
    await client.query(`update content_langs set title = 'Changed' where id = 1`);
    await client.end();
    console.log(`seeded ${fmt(BRANDS)} brands × ${fmt(EPISODES)} episodes`);
    const figures = await measure(large, new LocalStorage(path.join(media, 'large')), 'en', 'DE');
    report('large catalogue, English in Germany', figures, LARGE_MS);
  } finally {
    await large.drop();
  }

  const demo = await createBenchDatabase('publishing_demo');
  try {
    const storage = new LocalStorage(path.join(media, 'demo'));
    await loadDemoCatalogue(demo.database.db, storage);
    const figures = await measure(demo, storage, 'es', 'FR');
    report('demo catalogue, Spanish in France', figures, DEMO_MS);
  } finally {
    await demo.drop();
  }
} finally {
  rmSync(media, { recursive: true, force: true });
}
console.log(
  `\nload average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
