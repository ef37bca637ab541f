import { type ApiError, api } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, sessions, users } from '../../db/schema.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { MAX_FAILURES_PER_EMAIL, upsertAdmin } from './data.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.send(api.auth.login, { email, password }, { token: null, headers });

describe('sign-in', () => {
  it('answers a token and the user, sets an HttpOnly SameSite cookie, and the cookie signs in', async () => {
    const res = await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    expect(body.user).toMatchObject({ email: ADMIN_EMAIL });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = setCookie.split(';')[0];
    const me = await t.send(api.auth.user, { token: null, headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json()).sort()).toEqual([
      'created_at',
      'email',
      'id',
      'is_active',
      'last_sign_in_at',
      'name',
      'role',
      'totp_enabled',
      'totp_setup_required',
      'updated_at',
    ]);
    expect(me.json()).toMatchObject({ role: 'admin', is_active: true, totp_enabled: false });
  });

  it('stores only a hash of the token and a slow salted hash of the password', async () => {
    const { token } = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).json();
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((s) => s.token_hash.includes(token))).toBe(false);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(user.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(user.password_hash).not.toContain(ADMIN_PASSWORD);
  });

  it('gives the same 400 for a wrong password and an unknown email', async () => {
    const wrong = await login(ADMIN_EMAIL, 'not-the-password', { 'x-forwarded-for': '1.1.1.1' });
    const unknown = await login('nobody@example.com', 'whatever-123');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Wrong email or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect((await login('not-an-email', 'x')).statusCode).toBe(400);
  });

  it('throttles repeated failures for one email with 429, even with the right password', async () => {
    await upsertAdmin(t.database.db, 'victim@example.com', 'victim-password-1');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      expect((await login('victim@example.com', `guess-${i}`)).statusCode).toBe(400);
    }
    const blocked = await login('victim@example.com', 'victim-password-1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<ApiError>().detail).toMatch(/Too many/);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('throttles attempts sent all at once too: no more than the limit get their password checked', async () => {
    await upsertAdmin(t.database.db, 'rush@example.com', 'rush-password-1');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login('rush@example.com', `guess-${i}`)));
    const checked = answers.filter((r) => r.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_EMAIL);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(30 - checked);
    // Refused attempts checked nothing and are not kept; the checked ones are the failures.
    const kept = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, 'rush@example.com'));
    expect(kept).toHaveLength(checked);
  });

  it('revokes the session at logout, server-side', async () => {
    const { token } = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).json();
    expect((await t.send(api.auth.user, { token })).statusCode).toBe(200);
    const out = await t.send(api.auth.logout, { token });
    expect(out.json()).toEqual({ ok: true });
    expect(String(out.headers['set-cookie'])).toMatch(/session=;/);
    const after = await t.send(api.auth.user, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Not signed in' });
  });

  it('expires sessions after 30 days and after 7 days unused', async () => {
    const a = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).json().token;
    const b = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).json().token;
    const [sa, sb] = await t.database.db
      .select()
      .from(sessions)
      .orderBy(sessions.id)
      .then((r) => r.slice(-2));
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.id, sa.id));
    await t.database.db
      .update(sessions)
      .set({ last_used_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where(eq(sessions.id, sb.id));
    for (const token of [a, b]) {
      const res = await t.send(api.auth.user, { token });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses calls without a session or with a made-up token', async () => {
    expect((await t.send(api.brand.list, {}, { token: null })).statusCode).toBe(401);
    const res = await t.send(api.reference.langList, { token: 'nope' });
    expect(res.statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses a cookie-authenticated POST from another origin with 403 and changes nothing', async () => {
    const setCookie = String((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).headers['set-cookie']);
    const cookie = setCookie.split(';')[0];
    const before = (await t.call(api.brand.list, {})).length;
    const res = await t.send(
      api.brand.add,
      { name: 'Forged' },
      { token: null, headers: { cookie, origin: 'https://evil.example', host: 'localhost:3000' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Cross-site request refused' });
    expect((await t.call(api.brand.list, {})).length).toBe(before);
    const same = await t.send(
      api.brand.add,
      { name: 'Same origin' },
      { token: null, headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' } },
    );
    expect(same.statusCode).toBe(200);
  });
});

describe('password hashes', () => {
  it('verifies the right password only', async () => {
    const hash = await hashPassword('s3cret-pass');
    expect(await verifyPassword('s3cret-pass', hash)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', hash)).toBe(false);
    expect(hash).not.toBe(await hashPassword('s3cret-pass'));
  });
});
