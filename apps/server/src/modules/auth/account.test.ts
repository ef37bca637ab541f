import { type ApiError, api } from '@kids-vod/contract';
import { eq, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { sessionCookieToken } from '../../test/contract-call.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SECRET_KEY: 's'.repeat(40) });
});
afterAll(() => t.close());

const login = (email: string, password: string, code?: string, headers: Record<string, string> = {}) =>
  t.send(api.auth.login, { email, password, ...(code ? { code } : {}) }, { token: null, headers });

/** A code of the step after the last one used, so a test never waits 30 s for a fresh one. */
const codeAt = (secret: string, offsetSteps: number) =>
  authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);

async function withTotp() {
  const person = await addStaff(t, 'editor');
  const { secret, otpauth_url } = await t.call(api.auth.totpSetup, {}, { token: person.token });
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+.*issuer=/);
  const { recovery_codes } = await t.call(
    api.auth.totpEnable,
    { code: authenticator.generate(secret) },
    { token: person.token },
  );
  return { ...person, secret, recovery_codes };
}

describe('own account', () => {
  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const person = await addStaff(t, 'analyst');
    const other = sessionCookieToken((await login(person.email, person.password)).headers['set-cookie']);
    const wrong = await t.send(
      api.auth.changePassword,
      { current_password: 'nope-nope-nope', new_password: 'quartz-meadow-falcon-3' },
      { token: person.token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().errors?.[0]?.path).toBe('current_password');
    const weak = await t.send(
      api.auth.changePassword,
      { current_password: person.password, new_password: 'qwertyuiop' },
      { token: person.token },
    );
    expect(weak.json<ApiError>().errors?.[0]?.path).toBe('new_password');
    await t.call(
      api.auth.changePassword,
      { current_password: person.password, new_password: 'quartz-meadow-falcon-3' },
      { token: person.token },
    );
    expect((await t.send(api.auth.user, { token: person.token })).statusCode).toBe(200);
    expect((await t.send(api.auth.user, { token: other })).statusCode).toBe(401);
    expect((await login(person.email, 'quartz-meadow-falcon-3')).statusCode).toBe(200);
  });

  it('lists own sessions with address and browser, and signs out one or every other', async () => {
    const person = await addStaff(t, 'marketing');
    const laptop = sessionCookieToken(
      (await login(person.email, person.password, undefined, { 'user-agent': 'Lost laptop' })).headers['set-cookie'],
    );
    const phone = sessionCookieToken(
      (await login(person.email, person.password, undefined, { 'user-agent': 'Phone' })).headers['set-cookie'],
    );
    const list = await t.call(api.auth.sessions, {}, { token: person.token });
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const lost = list.find((s) => s.user_agent === 'Lost laptop');
    expect(lost?.ip).toBeTruthy();
    await t.call(api.auth.revokeSession, { id: lost?.id as number }, { token: person.token });
    expect((await t.send(api.auth.user, { token: laptop })).statusCode).toBe(401);
    expect((await t.send(api.auth.user, { token: phone })).statusCode).toBe(200);
    // Someone else's session is not found.
    expect((await t.refused(api.auth.revokeSession, { id: list[0].id })).status).toBe(404);
    await t.call(api.auth.revokeSession, { others: true }, { token: person.token });
    expect((await t.send(api.auth.user, { token: phone })).statusCode).toBe(401);
    expect((await t.call(api.auth.sessions, {}, { token: person.token })).map((s) => s.current)).toEqual([true]);
  });

  it('changes the own name', async () => {
    const person = await addStaff(t, 'analyst');
    expect((await t.call(api.auth.updateProfile, { name: 'Ana Lyst' }, { token: person.token })).name).toBe('Ana Lyst');
  });
});

describe('two-factor sign-in', () => {
  it('asks for the code after a right password, signs in with a valid one, once', async () => {
    const person = await withTotp();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(person.secret);
    const asked = await login(person.email, person.password);
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({ detail: expect.any(String), totp_required: true });
    const wrong = await login(person.email, 'wrong-password-here', codeAt(person.secret, 1));
    expect(wrong.statusCode).toBe(400);
    const code = codeAt(person.secret, 1);
    const ok = await login(person.email, person.password, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['token', 'user']);
    expect(ok.json().user.totp_enabled).toBe(true);
    const replay = await login(person.email, person.password, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<ApiError>().totp_required).toBe(true);
  });

  it('takes each of ten recovery codes once', async () => {
    const person = await withTotp();
    expect(person.recovery_codes).toHaveLength(10);
    expect(new Set(person.recovery_codes).size).toBe(10);
    const [code] = person.recovery_codes;
    expect((await login(person.email, person.password, code.toUpperCase())).statusCode).toBe(200);
    expect((await login(person.email, person.password, code)).statusCode).toBe(401);
  });

  it('throttles wrong codes: after five, even a right one waits (429)', async () => {
    const person = await withTotp();
    for (let i = 0; i < 5; i++) {
      expect((await login(person.email, person.password, '000000')).statusCode).toBe(401);
    }
    const blocked = await login(person.email, person.password, codeAt(person.secret, 1));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('turns off with the password', async () => {
    const person = await withTotp();
    const wrong = await t.send(api.auth.totpDisable, { password: 'not-my-password' }, { token: person.token });
    expect(wrong.statusCode).toBe(400);
    await t.call(api.auth.totpDisable, { password: person.password }, { token: person.token });
    expect((await login(person.email, person.password)).statusCode).toBe(200);
    const { items } = await t.call(api.audit.list, { entity: 'users', entity_id: String(person.id) });
    expect(items.map((e) => e.action)).toContain('totp_enabled');
    expect(items.map((e) => e.action)).toContain('totp_disabled');
    expect(JSON.stringify(items)).not.toContain(person.secret);
  });

  it('when required for everyone, a user without it may only set it up', async () => {
    const person = await addStaff(t, 'editor');
    expect((await t.call(api.users.settings, { require_totp: true })).require_totp).toBe(true);
    try {
      // The admin has no two-factor either: the admin too is asked first.
      const me = await t.call(api.auth.user, { token: person.token });
      expect(me.totp_setup_required).toBe(true);
      const refused = await t.send(api.brand.list, {}, { token: person.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiError>().detail).toBe('Set up two-factor sign-in first');
      expect((await t.send(api.auth.sessions, {}, { token: person.token })).statusCode).toBe(200);
      const { secret } = await t.call(api.auth.totpSetup, {}, { token: person.token });
      await t.call(api.auth.totpEnable, { code: authenticator.generate(secret) }, { token: person.token });
      expect((await t.send(api.brand.list, {}, { token: person.token })).statusCode).toBe(200);
      expect((await t.send(api.users.settings, {})).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(sql`update security_settings set require_totp = false`);
    }
  });

  it('refuses a wrong code at set-up under the field, and counts it', async () => {
    const person = await addStaff(t, 'analyst');
    await t.call(api.auth.totpSetup, {}, { token: person.token });
    const wrong = await t.send(api.auth.totpEnable, { code: '000000' }, { token: person.token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().errors?.[0]?.path).toBe('code');
  });
});
