import { AUDITED_ENTITIES, type AuditEntry, api } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';
import { contentList } from '../../test/whole-lists.ts';

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await t.call(api.auth.user)).id;
});
afterAll(() => t.close());

const audit = async (body: Record<string, unknown> = {}) => {
  const res = await t.send(api.audit.list, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AuditEntry[]; next_before_id: number | null };
};
const history = async (entity: string, id: number | string) => (await audit({ entity, entity_id: String(id) })).items;
const count = async () => Number((await t.rows<{ n: string }>(sql`select count(*) as n from audit_log`))[0].n);

async function addBrand(name: string) {
  const res = await t.send(api.brand.add, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('audit log', () => {
  it('records who changed a brand, by which call, and the row before and after', async () => {
    const brand = await addBrand('Audit Ducks');
    const update = await t.send(api.brand.update, {
      id: brand.id,
      name: 'Audit Geese',
      updated_at: brand.updated_at,
    });
    expect(update.statusCode, update.body).toBe(200);

    const [updated, created] = await history('brands', brand.id);
    expect(created).toMatchObject({
      user_id: adminId,
      user_email: ADMIN_EMAIL,
      call: 'POST /api/brand/add',
      entity: 'brands',
      entity_id: String(brand.id),
      action: 'insert',
      before: null,
      after: { id: brand.id, name: 'Audit Ducks', slug: 'audit-ducks' },
    });
    expect(updated).toMatchObject({
      user_email: ADMIN_EMAIL,
      call: 'POST /api/brand/update',
      action: 'update',
      before: { name: 'Audit Ducks' },
      after: { name: 'Audit Geese', slug: 'audit-ducks' },
    });
    expect(Date.parse(updated.at)).toBeGreaterThanOrEqual(Date.parse(created.at));
  });

  it('records deletions with the row as it was', async () => {
    const brand = await addBrand('Audit Rules');
    const rule = await t.call(api.brand.addCountryRule, { brand_id: brand.id, code2: ['GB', 'IE'] });
    expect((await t.send(api.brand.delCountryRule, { id: rule.id })).statusCode).toBe(200);
    const [deleted, added] = await history('country_rules', rule.id);
    expect(added).toMatchObject({ action: 'insert', after: { code2: ['GB', 'IE'], exclude: false } });
    expect(deleted).toMatchObject({
      action: 'delete',
      call: 'POST /api/brand/del_country_rule',
      before: { id: rule.id, brand_id: brand.id, code2: ['GB', 'IE'] },
      after: null,
    });
  });

  it('records nothing for a refused change: a stale save, a duplicate slug', async () => {
    const brand = await addBrand('Audit Stale');
    const other = await addBrand('Audit Taken');
    const before = await count();
    const stale = await t.send(api.brand.update, {
      id: brand.id,
      name: 'Too late',
      updated_at: '2000-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    const duplicate = await t.send(api.brand.update, { id: brand.id, slug: other.slug });
    expect(duplicate.statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('records every row a reorder moves, each with the call that moved it', async () => {
    const brand = await addBrand('Audit Reorder');
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await t.send(api.content.add, { brand_id: brand.id, season: 1, sort_number: n });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    const first = (await contentList(t, { brand_id: brand.id }))[0];
    const moved = await t.send(api.content.update, {
      id: first.id,
      sort_number: 3,
      sort_number_changed: true,
      updated_at: first.updated_at,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const changes = (await audit({ entity: 'content' })).items.filter(
      (e) => e.call === 'POST /api/content/update' && ids.includes(Number(e.entity_id)),
    );
    expect(changes.map((e) => [Number(e.entity_id), e.before?.sort_number, e.after?.sort_number]).sort()).toEqual(
      [
        [ids[0], 1, 3],
        [ids[1], 2, 1],
        [ids[2], 3, 2],
      ].sort(),
    );
  });

  it('knows the uploader of a video and the publisher of a catalogue', async () => {
    const mp4 = await testMaster({ seconds: 1, width: 64, height: 36 });
    const upload = await t.request(fileUpload('/api/content/upload?type=video', { data: mp4, filename: 'a.mp4' }));
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await history('video_files', upload.json().id)).toMatchObject([
      {
        action: 'insert',
        user_email: ADMIN_EMAIL,
        call: 'POST /api/content/upload',
        after: { name: 'a.mp4', status: 'queued', size_bytes: mp4.length },
      },
    ]);

    const publish = await t.send(api.catalog.publish, { query: { lang: 'en' } });
    expect(publish.statusCode, publish.body).toBe(200);
    const [build] = (await audit({ entity: 'catalog_builds' })).items;
    expect(build).toMatchObject({
      action: 'insert',
      user_id: adminId,
      call: 'POST /api/content/upload_json',
      after: { sha256: publish.json().sha256 },
    });
  });

  it('keys app strings by key and language', async () => {
    const res = await t.send(api.locale.upsert, { key: 'audit.hello', lang_id: 1, value: 'Hello' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await history('locale_strings', 'audit.hello:1')).toMatchObject([
      { action: 'insert', after: { key: 'audit.hello', lang_id: 1, value: 'Hello' } },
    ]);
  });

  it('shows changes made outside a signed-in call (the first start) without a user', async () => {
    const [english] = await history('languages', 1);
    expect(english).toMatchObject({ action: 'insert', user_id: null, user_email: null, call: null });
  });

  it('pages newest first and filters by user and time', async () => {
    for (const n of [1, 2, 3]) await addBrand(`Audit Page ${n}`);
    const first = await audit({ entity: 'brands', limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.items[0].id).toBeGreaterThan(first.items[1].id);
    expect(first.next_before_id).toBe(first.items[1].id);
    const second = await audit({ entity: 'brands', limit: 2, before_id: first.next_before_id });
    expect(second.items[0].id).toBeLessThan(first.items[1].id);

    expect((await audit({ user_id: adminId + 1000 })).items).toEqual([]);
    expect((await audit({ to: '2000-01-01T00:00:00.000Z' })).items).toEqual([]);
    const recent = await audit({ from: first.items[0].at, entity: 'brands' });
    expect(recent.items.map((e) => e.id)).toContain(first.items[0].id);
  });

  it('has a trigger on exactly the tables the contract names as audited entities', async () => {
    const rows = await t.rows<{ table: string }>(
      sql`select distinct event_object_table as table from information_schema.triggers where trigger_name = 'audit'`,
    );
    expect(rows.map((r) => r.table).sort()).toEqual([...AUDITED_ENTITIES].sort());
  });

  it('refuses a bad filter with 400 and needs a session', async () => {
    expect((await t.refused(api.audit.list, { entity: 'passwords' })).status).toBe(400);
    expect((await t.refused(api.audit.list, { limit: 501 })).status).toBe(400);
    const anonymous = await t.send(api.audit.list, {}, { token: null });
    expect(anonymous.statusCode).toBe(401);
  });
});
