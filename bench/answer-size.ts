/**
 * The brand list's answer on the large catalogue (1,000 brands × 10 versions): its JSON, gzip (level 6, what
 * @fastify/compress sends) and br (quality 4, its default), in full (`{}`) and as the brands table shows it
 * (`{fields: 'table'}`, decision 033) and as the pickers name brands (`{fields: 'names'}`, decision 040). On a
 * database of its own, dropped after.
 *
 *   node --import tsx bench/answer-size.ts    BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { wholeList } from '@kids-vod/contract';
import pg from 'pg';
import { listBrands } from '../apps/server/src/modules/brands/data.ts';
import { catalogueSql, LARGE_CATALOGUE } from './lib/catalogue-seed.ts';
import { createBenchDatabase } from './lib/database.ts';

const bench = await createBenchDatabase('size');
try {
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  for (const s of catalogueSql({ ...LARGE_CATALOGUE, promoCodes: 0 })) await client.query(s);
  await client.end();
  const brands = wholeList(await listBrands(bench.database.db, { fields: 'full' }));
  const rows = wholeList(await listBrands(bench.database.db, { fields: 'table' }));
  const names = wholeList(await listBrands(bench.database.db, { fields: 'names' }));
  const kb = (b: { length: number }) => (b.length / 1024).toFixed(1);
  for (const [name, value] of [
    ['full ({})', brands],
    ["the table's ({fields: 'table'}, what the brands screen asks for)", rows],
    ["the names ({fields: 'names'}, what the pickers ask for)", names],
  ] as const) {
    const text = Buffer.from(JSON.stringify(value));
    const gz = gzipSync(text);
    const br = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    console.log(`${name}: ${value.length} brands, JSON ${kb(text)} KB, gzip ${kb(gz)} KB, br(4) ${kb(br)} KB`);
  }
} finally {
  await bench.drop();
}
