// Issue 28, "Sign-in security: what a third probe found": M1, M2, M3, L2 and L3, each through the real app.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { type ApiError, api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, trustProxyOption } from '../../config.ts';
import { sessionCookieToken } from '../../test/contract-call.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff, STAFF_PASSWORD } from '../../test/staff.ts';
import { upsertAdmin } from './data.ts';
import { deviceCookieName } from './device-cookie.ts';
import { MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from './login-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A colleague with a session and an API token of their own. */
async function withToken(role: 'editor' | 'admin' = 'editor') {
  const person = await addStaff(t, role);
  const { secret, token } = await t.call(api.token.create, { name: 'script' }, { token: person.token });
  return { ...person, apiToken: secret, apiTokenId: token.id };
}

const works = async (token: string) => (await t.send(api.brand.list, {}, { token })).statusCode;

describe('M1: API tokens end with what ends the password', () => {
  it('npm run admin (a reset from the shell) ends them, for good', async () => {
    const admin = await withToken('admin');
    expect(await works(admin.apiToken)).toBe(200);
    // What `npm run admin -- --email … --password …` runs (admin-cli.ts).
    expect(await upsertAdmin(t.database.db, admin.email, 'shell-reset-password-9')).toBe('updated');
    // The shell is another process: the server sees its write at its next session check (once a second, decision 034).
    await expect.poll(() => works(admin.apiToken), { timeout: 5_000, interval: 250 }).toBe(401);
  });

  it('a change of one’s own password ends them only when asked to', async () => {
    const editor = await withToken();
    const kept = await t.send(
      api.auth.changePassword,
      { current_password: STAFF_PASSWORD, new_password: 'amber-lighthouse-walnut-3' },
      { token: editor.token },
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await works(editor.apiToken)).toBe(200);
    const ended = await t.send(
      api.auth.changePassword,
      { current_password: 'amber-lighthouse-walnut-3', new_password: 'copper-meadow-lantern-8', end_api_tokens: true },
      { token: editor.token },
    );
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await works(editor.apiToken)).toBe(401);
    expect(await t.call(api.token.list, {}, { token: editor.token })).toEqual([]);
    // The session that changed it stays.
    expect(await works(editor.token)).toBe(200);
  });
});

describe('M2: an API token cannot change how its owner signs in', () => {
  it('refuses with 403 every call that does, with a sentence, and changes nothing; the session may', async () => {
    const editor = await withToken();
    const calls = [
      t.send(api.token.create, { name: 'forever' }, { token: editor.apiToken }),
      t.send(api.token.revoke, { id: editor.apiTokenId }, { token: editor.apiToken }),
      t.send(api.auth.revokeSession, { others: true }, { token: editor.apiToken }),
      t.send(
        api.auth.changePassword,
        { current_password: STAFF_PASSWORD, new_password: 'taken-over-password-1' },
        { token: editor.apiToken },
      ),
      t.send(api.auth.updateProfile, { name: 'Taken over' }, { token: editor.apiToken }),
      t.send(api.auth.totpSetup, {}, { token: editor.apiToken }),
      t.send(api.auth.totpEnable, { code: '123456' }, { token: editor.apiToken }),
      t.send(api.auth.totpDisable, { password: STAFF_PASSWORD }, { token: editor.apiToken }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<ApiError>().detail).toMatch(/API token cannot change how you sign in/);
    }
    // Nothing changed: one token, the session alive, the password the same, no two-factor.
    const tokens = await t.call(api.token.list, {}, { token: editor.token });
    expect(tokens.map((tk) => tk.id)).toEqual([editor.apiTokenId]);
    expect(await works(editor.token)).toBe(200);
    const me = await t.call(api.auth.user, { token: editor.token });
    expect(me).toMatchObject({ name: 'A editor', totp_enabled: false });
    // The token still does its owner's work, and reads the owner's own sessions and tokens.
    expect(await works(editor.apiToken)).toBe(200);
    expect((await t.send(api.token.list, {}, { token: editor.apiToken })).statusCode).toBe(200);
    // With the session, the same calls work.
    expect((await t.send(api.token.create, { name: 'second' }, { token: editor.token })).statusCode).toBe(200);
    expect((await t.send(api.auth.totpSetup, {}, { token: editor.token })).statusCode).toBe(200);
  });
});

describe('M3: strangers behind one address', () => {
  /** A sign-in that reached the server through a proxy at `proxy`, for the client the proxy names. */
  const loginVia = (app: TestApp['app'], proxy: string, client: string, email: string, password: string) =>
    app.inject({
      method: api.auth.login.method,
      url: api.auth.login.path,
      payload: { email, password },
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': client },
    });

  // 22 password checks and an app of its own, on a machine shared with other test runs.
  it('with TRUST_PROXY, counts each client by its own address, not the load balancer’s', {
    timeout: 180_000,
  }, async () => {
    const behind = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      await upsertAdmin(behind.database.db, 'colleague@example.com', 'colleague-password-1');
      // A stranger's guesses for random emails, through the load balancer, use up their own address's allowance.
      for (let i = 0; i <= MAX_FAILURES_PER_IP; i++) {
        await loginVia(behind.app, '10.0.0.2', '203.0.113.50', `nobody-${i}@example.com`, 'guess');
      }
      const stranger = await loginVia(behind.app, '10.0.0.2', '203.0.113.50', 'colleague@example.com', 'x');
      expect(stranger.statusCode).toBe(429);
      // A colleague in a new browser (no device cookie), through the same load balancer, signs in.
      const colleague = await loginVia(
        behind.app,
        '10.0.0.2',
        '198.51.100.20',
        'colleague@example.com',
        'colleague-password-1',
      );
      expect(colleague.statusCode, colleague.body).toBe(200);
      // The session keeps the client's address, as the proxy named it.
      const sessions = await behind.call(
        api.auth.sessions,
        {},
        { token: sessionCookieToken(colleague.headers['set-cookie']) },
      );
      expect(sessions[0]?.ip).toBe('198.51.100.20');
    } finally {
      await behind.close();
    }
  });

  it('TRUST_PROXY takes true, a hop count, or addresses and CIDR ranges; anything else stops the start', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'loopback',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', 'proxy.example.com', '0']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: must be true/);
    }
    // A hop count believes that many proxies from the server, whatever their addresses.
    const twoHops = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([twoHops('10.0.0.1', 0), twoHops('10.0.0.2', 1), twoHops('203.0.113.9', 2)]).toEqual([true, true, false]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is not believed', async () => {
    await upsertAdmin(t.database.db, 'direct@example.com', 'direct-password-1');
    const res = await loginVia(t.app, '192.0.2.77', '198.51.100.99', 'direct@example.com', 'direct-password-1');
    expect(res.statusCode).toBe(200);
    const sessions = await t.call(api.auth.sessions, {}, { token: sessionCookieToken(res.headers['set-cookie']) });
    expect(sessions[0]?.ip).toBe('192.0.2.77');
  });

  it('accepting an invite makes the browser known: strangers’ failures for the email never stop it', async () => {
    const invite = await t.call(api.users.invite, { email: 'newcomer@example.com', name: 'New', role: 'editor' });
    const accepted = await t.send(
      api.auth.acceptInvite,
      { token: invite.invite_url.split('/').at(-1) as string, password: STAFF_PASSWORD },
      { token: null },
    );
    expect(accepted.statusCode).toBe(200);
    const cookies = [accepted.headers['set-cookie'] ?? []].flat();
    const device = cookies.find((c) => c.startsWith(`${deviceCookieName('newcomer@example.com')}=`));
    expect(device).toMatch(/; Path=\/api\/auth\/login; .*HttpOnly; SameSite=Strict/);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL + 2; i++) {
      await t.send(api.auth.login, { email: 'newcomer@example.com', password: `guess-${i}` }, { token: null });
    }
    const stranger = await t.send(
      api.auth.login,
      { email: 'newcomer@example.com', password: STAFF_PASSWORD },
      { token: null },
    );
    expect(stranger.statusCode).toBe(429);
    const known = await t.send(
      api.auth.login,
      { email: 'newcomer@example.com', password: STAFF_PASSWORD },
      { token: null, headers: { cookie: (device as string).split(';')[0] } },
    );
    expect(known.statusCode, known.body).toBe(200);
  });
});

describe('L2: parallel sign-ins', () => {
  it('with the right password all succeed: only failures count towards the limit', { timeout: 120_000 }, async () => {
    await upsertAdmin(t.database.db, 'busy@example.com', 'busy-password-1');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.send(api.auth.login, { email: 'busy@example.com', password: 'busy-password-1' }, { token: null }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  });
});

describe('L3: invite links without PUBLIC_URL', () => {
  it('never take a made-up Host header; the server’s own address, as the connection reached it, makes them', {
    timeout: 120_000,
  }, async () => {
    const forged = await t.send(
      api.users.invite,
      { email: 'host-probe@example.com', name: 'Probe', role: 'analyst' },
      { headers: { host: 'evil.example' } },
    );
    expect(forged.statusCode, forged.body).toBe(200);
    expect(forged.json().invite_url).not.toMatch(/evil\.example/);
    const reset = await t.send(
      api.users.resetPassword,
      { id: forged.json().user.id },
      { headers: { host: 'evil.example' } },
    );
    expect(reset.json().invite_url).not.toMatch(/evil\.example/);

    // Through a real connection: the address the server listens on, with or without its own Host.
    const listening = await createTestApp();
    try {
      const base = await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const inviteVia = (host: string) =>
        new Promise<string>((resolve, reject) => {
          const body = JSON.stringify({ email: `via-${randomUUID()}@example.com`, name: 'Via', role: 'analyst' });
          const req = request(
            `${base}${api.users.invite.path}`,
            {
              method: 'POST',
              headers: { authorization: `Bearer ${listening.token}`, 'content-type': 'application/json', host },
            },
            (res) => {
              let text = '';
              res.on('data', (chunk) => (text += chunk));
              res.on('end', () => resolve((JSON.parse(text) as { invite_url: string }).invite_url));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      expect(await inviteVia(new URL(base).host)).toMatch(new RegExp(`^${base}/admin/invite/`));
      expect(await inviteVia('evil.example')).toMatch(new RegExp(`^${base}/admin/invite/`));
    } finally {
      await listening.close();
    }
  });
});
