/**
 * Two server instances on one PostgreSQL (decision 034): each keeps its own answers and its own recently checked
 * sessions, so what one saves or ends must reach the other on its next call (a list) or within a second (a session).
 */
import { api, type BrandPage } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestApp, openSecondInstance, type TestApp } from '../test/harness.ts';
import { addStaff } from '../test/staff.ts';
import { brandList } from '../test/whole-lists.ts';

let t: TestApp;
let secondDatabase: Database;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  secondDatabase = await openSecondInstance(t);
  second = await buildApp({ database: secondDatabase, config: t.config, consoleDir: '/nonexistent' });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondDatabase.close();
  await t.close();
});

const onSecond = (url: string, token: string, payload: Record<string, unknown> = {}) =>
  second.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });

describe('two instances on one PostgreSQL', () => {
  it('a brand saved on one is in the list the other sends next, though it kept the list before', async () => {
    const before = await onSecond(api.brand.list.path, t.token, { fields: 'table' });
    expect((await onSecond(api.brand.list.path, t.token, { fields: 'table' })).json()).toEqual(before.json());
    await t.call(api.brand.add, { name: 'Saved on the first instance', age_rating: '3+' });
    const after = (await onSecond(api.brand.list.path, t.token, { fields: 'table' })).json<{ name: string }[]>();
    expect(after.map((b) => b.name)).toContain('Saved on the first instance');
    // A page cut from the table the second read once (an answer never kept: sorted by where it is available).
    const page = { fields: 'table', sort: 'where', limit: 100 };
    expect((await onSecond(api.brand.list.path, t.token, page)).json<BrandPage>().rows.map((b) => b.name)).toContain(
      'Saved on the first instance',
    );
    await t.call(api.brand.add, { name: 'Then this one', age_rating: '3+' });
    expect((await onSecond(api.brand.list.path, t.token, page)).json<BrandPage>().rows.map((b) => b.name)).toContain(
      'Then this one',
    );
  });

  it('keeps no answer while another transaction has a change underway, which may commit below the id read', async () => {
    const open = new pg.Client({ connectionString: (t.database as Database & { url: string }).url });
    await open.connect();
    try {
      await open.query('begin');
      await open.query(`insert into brands (name, slug, age_rating) values ('Underway', 'underway', '3+')`);
      const [first] = await brandList(t);
      // Renamed behind the server's back (no audit row): a kept answer would still show the old name.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update brands set name = 'Seen at once' where id = ${first.id}`);
      });
      expect((await brandList(t)).map((b) => b.name)).toContain('Seen at once');
      await open.query('commit');
      expect((await brandList(t)).map((b) => b.name)).toContain('Underway');
    } finally {
      await open.end();
    }
  });

  it('a user deactivated on one is refused by the other within a second, though it checked them just before', async () => {
    const person = await addStaff(t, 'editor');
    expect((await onSecond(api.brand.list.path, person.token)).statusCode).toBe(200);
    await t.call(api.users.update, { id: person.id, is_active: false });
    const ended = Date.now();
    await expect
      .poll(async () => (await onSecond(api.brand.list.path, person.token)).statusCode, {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(401);
    expect(Date.now() - ended).toBeLessThan(1_500);
    // On the instance that saved it, at once.
    expect((await t.refused(api.brand.list, {}, { token: person.token })).status).toBe(401);
  });
});
