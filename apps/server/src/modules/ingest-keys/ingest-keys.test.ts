import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestKeys } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const SETTINGS_KEY = 'settings-key-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INGEST_KEY: SETTINGS_KEY, INGEST_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

const ingest = (key: string) =>
  t.send(api.report.views, { events: [] }, { token: null, headers: { 'x-ingest-key': key } });

describe('ingest keys', () => {
  it('lists the INGEST_KEY setting as one key, which works and cannot be revoked here', async () => {
    const [settings] = await t.call(api.ingestKey.list, {});
    expect(settings).toMatchObject({ from_settings: true, name: 'INGEST_KEY setting', revoked_at: null });
    expect(SETTINGS_KEY.startsWith(settings.prefix)).toBe(true);
    expect((await ingest(SETTINGS_KEY)).statusCode).toBe(200);
    expect((await t.refused(api.ingestKey.revoke, { id: settings.id })).status).toBe(409);
  });

  it('creates a named key shown once and stored hashed, which works until revoked', async () => {
    const { key, secret } = await t.call(api.ingestKey.create, { name: 'Android app' });
    expect(secret).toMatch(/^kvi_/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(JSON.stringify(await t.database.db.select().from(ingestKeys))).not.toContain(secret);
    expect((await ingest(secret)).statusCode).toBe(200);
    const [listed] = (await t.call(api.ingestKey.list, {})).filter((k) => k.id === key.id);
    expect(listed.last_used_at).not.toBeNull();
    await t.call(api.ingestKey.revoke, { id: key.id });
    expect((await ingest(secret)).statusCode).toBe(401);
    const { items } = await t.call(api.audit.list, { entity: 'ingest_keys', entity_id: String(key.id) });
    expect(items.map((e) => e.action)).toEqual(['revoke', 'insert']);
    expect(JSON.stringify(items)).not.toContain(secret);
  });

  it('limits each key on its own: over the limit 429, another key unaffected', async () => {
    const a = (await t.call(api.ingestKey.create, { name: 'TV app' })).secret;
    const b = (await t.call(api.ingestKey.create, { name: 'iOS app' })).secret;
    for (let i = 0; i < 3; i++) expect((await ingest(a)).statusCode).toBe(200);
    const over = await ingest(a);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ingest(b)).statusCode).toBe(200);
  });
});
