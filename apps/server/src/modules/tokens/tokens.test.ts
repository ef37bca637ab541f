import { api, refusal } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('personal API tokens', () => {
  it('shows the secret once, keeps a hash, and acts with the role of its owner', async () => {
    const marketing = await addStaff(t, 'marketing');
    const { token, secret } = await t.call(api.token.create, { name: 'banner script' }, { token: marketing.token });
    expect(secret).toMatch(/^kvt_/);
    expect(token).toMatchObject({ name: 'banner script', user_id: marketing.id, user_email: marketing.email });
    expect(Date.parse(token.expires_at as string) - Date.now()).toBeGreaterThan(89 * 86_400_000);
    const rows = await t.database.db.select().from(apiTokens);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain(secret);

    const promo = await t.send(api.promoCode.list, {}, { token: secret });
    expect(promo.statusCode).toBe(200);
    const brand = await t.send(api.brand.add, { name: 'Not mine' }, { token: secret });
    expect(brand.statusCode).toBe(403);
    expect(brand.json()).toEqual({ detail: refusal('marketing', 'catalogue') });
    const own = await t.call(api.token.list, {}, { token: marketing.token });
    expect(own.map((x) => x.id)).toEqual([token.id]);
    expect(own[0].last_used_at).not.toBeNull();
  });

  it('lets an admin list and revoke anyone’s, and others only their own', async () => {
    const editor = await addStaff(t, 'editor');
    const analyst = await addStaff(t, 'analyst');
    const { token, secret } = await t.call(
      api.token.create,
      { name: 'ci', expires_in_days: null },
      { token: editor.token },
    );
    expect(token.expires_at).toBeNull();
    expect((await t.refused(api.token.list, { user_id: editor.id }, { token: analyst.token })).status).toBe(403);
    expect((await t.refused(api.token.list, { all: true }, { token: analyst.token })).status).toBe(403);
    expect((await t.refused(api.token.revoke, { id: token.id }, { token: analyst.token })).status).toBe(403);
    expect((await t.call(api.token.list, { user_id: editor.id })).map((x) => x.id)).toEqual([token.id]);
    expect((await t.call(api.token.list, { all: true })).map((x) => x.id)).toContain(token.id);
    await t.call(api.token.revoke, { id: token.id });
    expect((await t.send(api.brand.list, {}, { token: secret })).statusCode).toBe(401);
    expect((await t.refused(api.token.revoke, { id: token.id })).status).toBe(404);
    const { items } = await t.call(api.audit.list, { entity: 'api_tokens', entity_id: String(token.id) });
    expect(items.map((e) => e.action)).toEqual(['revoke', 'insert']);
  });

  it('stops working when expired', async () => {
    const { secret } = await t.call(api.token.create, { name: 'short', expires_in_days: 1 });
    await t.database.db.update(apiTokens).set({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await t.send(api.brand.list, {}, { token: secret })).statusCode).toBe(401);
  });
});
