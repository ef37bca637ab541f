/**
 * The metadata sheet (issue 38's targets), through the real app listening on a port, on the PostgreSQL server
 * (BENCH_DATABASE_URL), a brand of 5,000 episodes × 3 languages with titles and descriptions:
 *  1. export as XLSX and as CSV (≤ 2 s); baseline in the same run, turn about: `content/list` of the same brand
 *     (the same rows read, answered as JSON);
 *  2. import dry run of the exported XLSX with every English title changed (≤ 2 s, RSS ≤ 200 MB above idle), and of
 *     the same as CSV; baseline: exceljs reading the workbook alone (the library's own cost of the XLSX).
 *
 *   node --import tsx --expose-gc bench/metadata.ts        BENCH_RUNS=5
 */
import { loadavg } from 'node:os';
import { api } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt, medianPairMs } from './lib/database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EPISODES = 5_000;
const load = loadavg()[0];

const bench = await createBenchDatabase('metadata');
const server = await startBenchApp(bench.database);
try {
  const headers = { authorization: `Bearer ${server.token}` };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const brand = (await (await post(api.brand.add.path, { name: 'Sheet Bench' })).json()) as { id: number };
  const { db } = bench.database;
  await db.execute(sql`insert into content (brand_id, season, sort_number)
    select ${brand.id}, 1 + (n - 1) / 100, 1 + (n - 1) % 100 from generate_series(1, ${EPISODES}) n`);
  await db.execute(sql`insert into content_langs (content_id, lang_id, title, description)
    select c.id, l.id, 'Episode ' || c.sort_number || ' ' || l.code,
      'The rabbits look for the moon in season ' || c.season || ', and find it where they least expected.'
    from content c cross join languages l where c.brand_id = ${brand.id} and l.code in ('en', 'ru', 'es')`);

  const exportAs = async (format: 'xlsx' | 'csv') =>
    Buffer.from(await (await post(api.metadata.export.path, { brand_id: brand.id, format })).arrayBuffer());
  const list = () => post(api.content.list.path, { brand_id: brand.id }).then((r) => r.arrayBuffer());
  const [xlsxMs, listMs] = await medianPairMs(() => exportAs('xlsx'), list, RUNS);
  const [csvMs] = await medianPairMs(() => exportAs('csv'), list, RUNS);
  const xlsx = await exportAs('xlsx');
  const csv = await exportAs('csv');

  // Every English title changed, as a translator's sheet back: 5,000 changes among 15,000 rows.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ExcelJS.Buffer);
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1 && row.getCell(4).value === 'en') row.getCell(5).value = `${row.getCell(5).value} (new)`;
  });
  const changed = Buffer.from(await workbook.xlsx.writeBuffer());
  const changedCsv = Buffer.from(csv.toString('utf8').replace(/"en","([^"]*)"/g, '"en","$1 (new)"'));

  let summary = '';
  const importDry = async (data: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    const res = await fetch(`${server.base}/api/metadata/import?brand_id=${brand.id}&dry_run=1`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (!res.ok) throw new Error(`import: ${res.status} ${(await res.text()).slice(0, 300)}`);
    summary = JSON.stringify(((await res.json()) as { summary: unknown }).summary);
  };
  const readAlone = async () => {
    const w = new ExcelJS.Workbook();
    await w.xlsx.load(changed as unknown as ExcelJS.Buffer);
  };

  // Memory: the process's RSS sampled during one import, above its idle RSS just before.
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  await importDry(changed, 'back.xlsx');
  clearInterval(sampler);
  const growth = (peak - idle) / 1024 / 1024;

  const [importMs, readMs] = await medianPairMs(() => importDry(changed, 'back.xlsx'), readAlone, RUNS);
  const [importCsvMs] = await medianPairMs(() => importDry(changedCsv, 'back.csv'), readAlone, RUNS);

  console.log(
    `load at start ${fmt(load, 2)}; ${RUNS} runs; ${EPISODES} episodes × 3 languages: XLSX ${fmt(xlsx.length / 1024, 0)} KB, CSV ${fmt(csv.length / 1024, 0)} KB`,
  );
  console.log(
    `export XLSX ${fmt(xlsxMs, 0)} ms, CSV ${fmt(csvMs, 0)} ms (target ≤ 2 s); baseline content/list of the brand: ${fmt(listMs, 0)} ms`,
  );
  console.log(
    `import dry run XLSX ${fmt(importMs, 0)} ms, CSV ${fmt(importCsvMs, 0)} ms (target ≤ 2 s), ${summary}; baseline exceljs reading the workbook alone: ${fmt(readMs, 0)} ms`,
  );
  console.log(
    `memory during one XLSX dry run: RSS ${fmt(growth, 0)} MB above idle (idle ${fmt(idle / 1024 / 1024, 0)} MB, peak ${fmt(peak / 1024 / 1024, 0)} MB; target ≤ 200 MB)`,
  );
} finally {
  await server.close();
  await bench.drop();
}
