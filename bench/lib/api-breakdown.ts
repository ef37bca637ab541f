/**
 * Where a list call's time goes, each step timed apart in this process (median of `runs`): the SQL statements
 * through drizzle (as the app runs them) and through bare pg, the contract's response encoding (zod, what
 * fastify-type-provider-zod does for every answer) and JSON.stringify, and, as a what-if, fast-json-stringify
 * compiled from the contract's JSON Schema.
 */
import { api } from '@kids-vod/contract';
import fastJson from 'fast-json-stringify';
import pg from 'pg';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import type { Database } from '../../apps/server/src/db/client.ts';
import { listBrands } from '../../apps/server/src/modules/brands/data.ts';
import { listContent } from '../../apps/server/src/modules/content/data.ts';
import { listPromoCodes } from '../../apps/server/src/modules/promo-codes/data.ts';
import { fmt, medianMs } from './database.ts';

export async function listBreakdown(database: Database, url: string, runs = 30): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const lines = ['| call | drizzle (app) | bare pg | zod encode | JSON.stringify | fast-json-stringify | JSON KB |'];
  lines.push('|---|---|---|---|---|---|---|');
  const { db } = database;
  const cases = [
    {
      name: 'brand list',
      app: () => listBrands(db, { fields: 'full' }),
      raw: () =>
        Promise.all([
          pool.query('select * from brands order by sort, id'),
          pool.query('select * from brand_langs order by lang_id'),
          pool.query('select * from country_rules order by id'),
        ]),
      schema: api.brand.list.response,
    },
    {
      name: 'content list',
      app: () => listContent(db, { brand_id: 1 }),
      raw: async () => {
        await pool.query('select * from content where brand_id = 1 order by season, sort_number, id');
        await pool.query(
          `select cl.id, cl.content_id, cl.lang_id, cl.title, vf.id is not null as has_video from content_langs cl
           inner join content c on c.id = cl.content_id left join video_files vf on vf.content_lang_id = cl.id
           where c.brand_id = 1 order by cl.lang_id`,
        );
      },
      schema: api.content.list.response,
    },
    {
      name: 'promo codes, page 1',
      app: () => listPromoCodes(db, { offset: 0, limit: 50, search: '', sort: 'created_at' }),
      raw: () =>
        Promise.all([
          pool.query('select * from promo_codes order by created_at desc nulls last, id desc nulls last limit 50'),
          pool.query('select count(*) from promo_codes'),
        ]),
      schema: api.promoCode.list.response,
    },
  ];
  try {
    for (const c of cases) {
      const data = await c.app();
      const stringify = fastJson(z.toJSONSchema(c.schema, { io: 'output', target: 'draft-7' }) as object);
      const encoded = safeEncode(c.schema, data);
      if (!encoded.success) throw new Error(`${c.name}: the answer does not match the contract`);
      const text = JSON.stringify(encoded.data);
      if (stringify(data) !== text) throw new Error(`${c.name}: fast-json-stringify differs from zod + JSON.stringify`);
      const ms = [
        await medianMs(c.app, runs, 3),
        await medianMs(c.raw, runs, 3),
        await medianMs(async () => safeEncode(c.schema, data), runs, 3),
        await medianMs(async () => JSON.stringify(data), runs, 3),
        await medianMs(async () => stringify(data), runs, 3),
      ];
      lines.push(`| ${c.name} | ${ms.map((m) => `${fmt(m, 2)} ms`).join(' | ')} | ${fmt(text.length / 1024, 1)} |`);
    }
  } finally {
    await pool.end();
  }
  return lines;
}
