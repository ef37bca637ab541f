import { type ApiError, api } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, sessions, users } from '../../db/schema.ts';
import { sessionCookieToken } from '../../test/contract-call.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TEST_PASSWORD_COST, type TestApp } from '../../test/harness.ts';
import { brandList } from '../../test/whole-lists.ts';
import { upsertAdmin } from './data.ts';
import { deviceCookieName } from './device-cookie.ts';
import { clearSignInFailures, MAX_FAILURES_PER_EMAIL } from './login-throttle.ts';
import { hashPassword, PASSWORD_COST, setPasswordCostForTests, verifyPassword } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.send(api.auth.login, { email, password }, { token: null, headers });

/** The session token of a successful sign-in: its cookie's value. */
const sessionOf = (res: { headers: { 'set-cookie'?: string | string[] } }) =>
  sessionCookieToken(res.headers['set-cookie']);

/** The `name=value` of the device cookie a sign-in as `email` set, and the whole Set-Cookie line. */
function deviceCookieOf(res: { headers: { 'set-cookie'?: string | string[] } }, email: string) {
  const lines = [res.headers['set-cookie'] ?? []].flat();
  const line = lines.find((l) => l.startsWith(`${deviceCookieName(email)}=`));
  if (!line) throw new Error(`no device cookie in ${lines.join(' | ')}`);
  return { cookie: line.split(';')[0], line };
}

describe('sign-in', () => {
  it('answers a token and the user, sets an HttpOnly SameSite cookie, and the cookie signs in', async () => {
    const res = await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    // The body's token is a handle of the session, never the cookie's credential (decision 014).
    expect(body.token).not.toBe(sessionOf(res));
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
    const token = sessionOf(await login(ADMIN_EMAIL, ADMIN_PASSWORD));
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((s) => s.token_hash.includes(token))).toBe(false);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(user.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(user.password_hash).not.toContain(ADMIN_PASSWORD);
    expect(await verifyPassword(ADMIN_PASSWORD, user.password_hash)).toBe(true);
    // Outside the tests (which lower it, test/setup.ts), the cost is scrypt's N=2^15.
    setPasswordCostForTests(PASSWORD_COST);
    try {
      const slow = await hashPassword(ADMIN_PASSWORD);
      expect(slow).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword(ADMIN_PASSWORD, slow)).toBe(true);
      expect(await verifyPassword('not-the-password', slow)).toBe(false);
    } finally {
      setPasswordCostForTests(TEST_PASSWORD_COST);
    }
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
    const token = sessionOf(await login(ADMIN_EMAIL, ADMIN_PASSWORD));
    expect((await t.send(api.auth.user, { token })).statusCode).toBe(200);
    const out = await t.send(api.auth.logout, { token });
    expect(out.json()).toEqual({ ok: true });
    expect(String(out.headers['set-cookie'])).toMatch(/session=;/);
    const after = await t.send(api.auth.user, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Not signed in' });
  });

  it('expires sessions after 30 days and after 7 days unused', async () => {
    const a = sessionOf(await login(ADMIN_EMAIL, ADMIN_PASSWORD));
    const b = sessionOf(await login(ADMIN_EMAIL, ADMIN_PASSWORD));
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

describe("the login answer's token (what the console keeps in local storage)", () => {
  it('calls nothing on its own: only the HttpOnly session cookie (or its value as a bearer token) signs in', async () => {
    const res = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const handle = res.json().token;
    const handleAlone: Record<string, string>[] = [
      { authorization: `Bearer ${handle}` },
      { cookie: `session=${handle}` },
    ];
    for (const headers of handleAlone) {
      const res = await t.send(api.auth.user, { token: null, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect((await t.send(api.brand.list, {}, { token: null, headers })).statusCode).toBe(401);
    }
    const cookie = `session=${sessionOf(res)}`;
    expect((await t.send(api.auth.user, { token: null, headers: { cookie } })).statusCode).toBe(200);
  });
});

describe('device cookies: throttling an attacker cannot turn into a lock-out', () => {
  /** A sign-in from the address `ip`, with the cookie header given (a device cookie). */
  const loginFrom = (ip: string, email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: api.auth.login.method,
      url: api.auth.login.path,
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  it('locks strangers out after 5 wrong passwords, never a browser that signed in as that email before', async () => {
    const email = 'owner@example.com';
    const home = '198.51.100.7';
    await upsertAdmin(t.database.db, email, 'owner-password-1');
    const first = await loginFrom(home, email, 'owner-password-1');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first, email);
    expect(device.line).toMatch(/; HttpOnly/);
    expect(device.line).toMatch(/; SameSite=Strict/);
    expect(device.line).toMatch(/; Path=\/api\/auth\/login(;|$)/);
    expect(device.line).toMatch(/; Max-Age=\d{7,}/);

    // The attacker, without the cookie: the email's shared allowance, then 429.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL + 3; i++) {
      const res = await loginFrom('203.0.113.9', email, `guess-${i}`);
      expect(res.statusCode).toBe(i < MAX_FAILURES_PER_EMAIL ? 400 : 429);
    }
    // Every stranger is throttled, with the right password too, from the owner's address too, and so is a browser
    // with a made-up device cookie or one of another email.
    expect((await loginFrom('192.0.2.1', email, 'owner-password-1')).statusCode).toBe(429);
    expect((await loginFrom(home, email, 'owner-password-1')).statusCode).toBe(429);
    const [nonce] = device.cookie.split('=')[1].split('.');
    const forged = `${deviceCookieName(email)}=${nonce}.${'A'.repeat(43)}`;
    expect((await loginFrom(home, email, 'owner-password-1', forged)).statusCode).toBe(429);
    await upsertAdmin(t.database.db, 'other@example.com', 'other-password-1');
    const other = deviceCookieOf(await loginFrom(home, 'other@example.com', 'other-password-1'), 'other@example.com');
    const borrowed = `${deviceCookieName(email)}=${other.cookie.split('=')[1]}`;
    expect((await loginFrom(home, email, 'owner-password-1', borrowed)).statusCode).toBe(429);

    // The owner's browser has an allowance of its own: it signs in (from anywhere), and gets a new device cookie.
    const own = await loginFrom('192.0.2.2', email, 'owner-password-1', device.cookie);
    expect(own.statusCode).toBe(200);
    const renewed = deviceCookieOf(own, email);
    expect(renewed.cookie).not.toBe(device.cookie);

    // Its own only: a browser that fails 5 times is throttled itself, and the other cookie still signs in.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      expect((await loginFrom(home, email, `typo-${i}`, renewed.cookie)).statusCode).toBe(400);
    }
    expect((await loginFrom(home, email, 'owner-password-1', renewed.cookie)).statusCode).toBe(429);
    expect((await loginFrom(home, email, 'owner-password-1', device.cookie)).statusCode).toBe(200);
  });

  it("a password reset (npm run admin) clears the email's failures, strangers' and its devices'", async () => {
    const email = 'reset@example.com';
    await upsertAdmin(t.database.db, email, 'reset-password-1');
    const device = deviceCookieOf(await loginFrom('198.51.100.8', email, 'reset-password-1'), email);
    for (let i = 0; i <= MAX_FAILURES_PER_EMAIL; i++) {
      await loginFrom('203.0.113.10', email, `guess-${i}`);
      await loginFrom('198.51.100.8', email, `typo-${i}`, device.cookie);
    }
    expect((await loginFrom('192.0.2.3', email, 'reset-password-1')).statusCode).toBe(429);
    expect((await loginFrom('198.51.100.8', email, 'reset-password-1', device.cookie)).statusCode).toBe(429);
    // What `npm run admin -- --email … --password …` runs (admin-cli.ts).
    expect(await upsertAdmin(t.database.db, email, 'reset-password-2')).toBe('updated');
    expect((await loginFrom('192.0.2.3', email, 'reset-password-2')).statusCode).toBe(200);
    expect((await loginFrom('198.51.100.8', email, 'reset-password-2', device.cookie)).statusCode).toBe(200);

    // Any other reset calls clearSignInFailures: the email's failures go, nobody else's.
    for (let i = 0; i <= MAX_FAILURES_PER_EMAIL; i++) await loginFrom('203.0.113.11', email, `again-${i}`);
    await loginFrom('203.0.113.11', 'victim@example.com', 'one-more-guess');
    const before = await t.database.db.select().from(loginFailures);
    await clearSignInFailures(t.database.db, email.toUpperCase());
    const after = await t.database.db.select().from(loginFailures);
    expect(after.some((f) => f.email.startsWith(email))).toBe(false);
    expect(after.length).toBe(before.filter((f) => !f.email.startsWith(email)).length);
    expect(after.length).toBeGreaterThan(0);
    expect((await loginFrom('192.0.2.4', email, 'reset-password-2')).statusCode).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a cookie-authenticated POST from another origin with 403 and changes nothing', async () => {
    const setCookie = String((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).headers['set-cookie']);
    const cookie = setCookie.split(';')[0];
    const before = (await brandList(t)).length;
    const res = await t.send(
      api.brand.add,
      { name: 'Forged' },
      { token: null, headers: { cookie, origin: 'https://evil.example', host: 'localhost:3000' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Cross-site request refused' });
    expect((await brandList(t)).length).toBe(before);
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
