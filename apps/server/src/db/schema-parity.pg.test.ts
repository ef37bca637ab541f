import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import { type Database, openDatabase } from './client.ts';

// Runs in the postgres project only: the same migrations must give PGlite and the server the same schema.
// (Newer PostgreSQL, as in PGlite, also lists NOT NULL in pg_constraint; columns.is_nullable covers those.)
let server: Database;
let embedded: Database;
beforeAll(async () => {
  server = await openTestDatabase();
  embedded = await openDatabase({ dataDir: null });
  await Promise.all([server.migrate(), embedded.migrate()]);
});
afterAll(async () => {
  await server.close();
  await embedded.close();
});

async function describeSchema(database: Database) {
  const run = async (query: ReturnType<typeof sql>) => {
    const result = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  };
  return {
    columns: await run(sql`select table_name, column_name, data_type, is_nullable, column_default, datetime_precision
      from information_schema.columns where table_schema = 'public' order by table_name, column_name`),
    constraints:
      await run(sql`select conrelid::regclass::text as table_name, conname, contype, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n' order by 1, 2`),
    indexes: await run(
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
    ),
  };
}

it('gives PGlite and the PostgreSQL server the same tables, columns, constraints and indexes', async () => {
  const [a, b] = await Promise.all([describeSchema(server), describeSchema(embedded)]);
  expect(a.columns.length).toBeGreaterThan(50);
  expect(a.indexes.length).toBeGreaterThan(10);
  expect(b).toEqual(a);
});
