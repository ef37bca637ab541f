import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { api } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { brandList } from '../test/whole-lists.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Enough brands for a list answer well over 1 KB, and activity for the CSV.
  for (let i = 1; i <= 12; i++) await t.call(api.brand.add, { name: `Answer brand ${i}`, age_rating: '3+' });
});
afterAll(() => t.close());

describe('answers made once: compression', () => {
  it('compresses a JSON answer over 1 KB with gzip or br, as the client asks, to the same JSON', async () => {
    const plain = await t.request({ method: 'GET', url: api.reference.countries.path });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gzip = await t.request({
      method: 'GET',
      url: api.reference.countries.path,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const br = await t.request({
      method: 'POST',
      url: api.brand.list.path,
      payload: {},
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const brands = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(brands).toEqual((await t.post(api.brand.list.path, {})).json());
    expect(brands.length).toBeGreaterThanOrEqual(12);
  });

  it('leaves a small answer and the CSV download as they are', async () => {
    const small = await t.request({
      method: 'POST',
      url: api.promoCode.list.path,
      payload: { offset: 0, limit: 1, search: 'no such code' },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ rows: [], count: 0 });

    const csv = await t.request({
      method: 'POST',
      url: api.audit.list.path,
      payload: { csv: true },
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body).toMatch(/Answer brand 12/);
  });
});

describe('answers made once: ETag and 304', () => {
  for (const call of [api.reference.langList, api.reference.countries]) {
    it(`revalidates ${call.path}: the same tag gets 304 without a body, another tag the answer`, async () => {
      const first = await t.request({ method: 'GET', url: call.path });
      expect(first.statusCode).toBe(200);
      const tag = first.headers.etag;
      expect(tag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const again = await t.request({ method: 'GET', url: call.path, headers: { 'if-none-match': String(tag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(tag);

      // A list of tags, one of them weak, as caches send them.
      const listed = await t.request({
        method: 'GET',
        url: call.path,
        headers: { 'if-none-match': `"old", W/${tag}`, 'accept-encoding': 'gzip' },
      });
      expect(listed.statusCode).toBe(304);
      expect(listed.rawPayload.length).toBe(0);

      const other = await t.request({ method: 'GET', url: call.path, headers: { 'if-none-match': '"not-it"' } });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first.json());
    });
  }

  it('answers 401 without a session whatever tag is sent, and gives no tag to a POST', async () => {
    const tag = (await t.request({ method: 'GET', url: api.reference.countries.path })).headers.etag;
    const anonymous = await t.app.inject({
      method: 'GET',
      url: api.reference.countries.path,
      headers: { 'if-none-match': String(tag) },
    });
    expect(anonymous.statusCode).toBe(401);
    const post = await t.post(api.brand.list.path, {});
    expect(post.statusCode).toBe(200);
    expect(post.headers.etag).toBeUndefined();
  });
});

describe('answers made once: kept per change of the catalogue', () => {
  /** Renames a brand behind the server's back: no audit row, so the catalogue's state looks unchanged. */
  const renameUnseen = async (id: number, name: string) => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update brands set name = ${name} where id = ${id}`);
    });
  };

  it('sends a list again as it was until the next change, then the new one, compressed or not', async () => {
    const [first] = await brandList(t);
    const before = await brandList(t);
    await renameUnseen(first.id, 'Renamed unseen');
    // Kept: the rename left no trace of a change, so the answer is the one worked out before it.
    expect(await brandList(t)).toEqual(before);
    const asking = (encodings: string) =>
      t.request({ method: 'POST', url: api.brand.list.path, payload: {}, headers: { 'accept-encoding': encodings } });
    const kept = await asking('br');
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(kept.rawPayload).toString())).toEqual(before);
    const gzipped = await asking('br;q=0, gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(before);

    // Any change of the catalogue, here another brand, and the next answer is worked out anew.
    await t.call(api.brand.add, { name: 'Kept answer brand', age_rating: '3+' });
    const after = await brandList(t);
    expect(after.find((b) => b.id === first.id)?.name).toBe('Renamed unseen');
    expect(after.map((b) => b.name)).toContain('Kept answer brand');
  });

  it('keeps each input its own answer', async () => {
    // A language version, which the whole list carries with its title and the table without.
    const [brand] = await brandList(t);
    await t.call(api.brand.langAdd, { brand_id: brand.id, lang_id: 1, title: 'Kept title', is_published: true });
    const table = await t.call(api.brand.list, { fields: 'table' });
    const whole = await brandList(t);
    expect(table).not.toEqual(whole);
    expect(await t.call(api.brand.list, { fields: 'table' })).toEqual(table);
    const [code] = (await t.call(api.promoCode.list, { offset: 0, limit: 1 })).rows;
    expect((await t.call(api.promoCode.list, { offset: 0, limit: 1, search: 'no such code' })).rows).toEqual([]);
    expect((await t.call(api.promoCode.list, { offset: 0, limit: 1 })).rows).toEqual(code ? [code] : []);
  });

  it('reads the catalogue state at each call on a server, on the embedded database only once a statement may have written', async () => {
    // Every statement the app sends, as its driver gets it (a string, or a prepared statement's config).
    const driver = t.database.kind === 'pglite' ? PGlite.prototype : pg.Pool.prototype;
    const sent = vi.spyOn(driver, 'query');
    const stateReads = async (call: () => Promise<unknown>) => {
      sent.mockClear();
      await call();
      return sent.mock.calls.filter(([q]) => /audit_log/.test(typeof q === 'string' ? q : (q as { text: string }).text))
        .length;
    };
    try {
      const before = await brandList(t);
      // Kept, and asked again with nothing written in between.
      expect(await stateReads(() => brandList(t))).toBe(t.database.kind === 'pglite' ? 0 : 1);
      // A change outside any transaction and outside the app's calls: seen by the next call all the same.
      await t.database.db.execute(sql`insert into brands (name, slug) values ('Written aside', 'written-aside')`);
      let after: typeof before = [];
      expect(
        await stateReads(async () => {
          after = await brandList(t);
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(after).toHaveLength(before.length + 1);
      expect(after.map((b) => b.name)).toContain('Written aside');
    } finally {
      sent.mockRestore();
    }
  });
});
