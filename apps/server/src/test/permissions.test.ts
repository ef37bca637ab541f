import { api, CALL_PERMISSIONS, type Call, may, type Permission, ROLES, type Role, refusal } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieToken } from './contract-call.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.ts';
import { testMaster } from './masters.ts';
import { fileUpload } from './multipart.ts';
import { addStaff, staffTokens } from './staff.ts';

// The one generated test over the whole contract: every call × every role answers as CALL_PERMISSIONS says.
const INGEST_KEY = 'k'.repeat(32);
let t: TestApp;
let tokens: Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp({ INGEST_KEY });
  tokens = { admin: t.token, ...(await staffTokens(t)) };
});
afterAll(() => t.close());

const calls = Object.entries(api).flatMap(([domain, byName]) =>
  Object.entries(byName as Record<string, Call>).map(([name, c]) => ({ domain, name, c })),
);

/** What a call needs when sent with an empty body: the audit log unfiltered is the whole log (`staff`). */
function needed(domain: string, name: string): Permission | undefined {
  if (domain === 'audit' && name === 'list') return 'staff';
  return (CALL_PERMISSIONS as Record<string, Record<string, Permission>>)[domain]?.[name];
}

describe('the permission table', () => {
  it('has a line for every call of the contract', () => {
    const missing = calls.filter(({ domain, name }) => needed(domain, name) === undefined);
    expect(missing.map(({ c }) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it.each(calls.map(({ domain, name, c }) => [`${domain}.${name}`, domain, name, c] as const))(
    '%s answers every role as the table says',
    async (_, domain, name, c) => {
      const permission = needed(domain, name) as Permission;
      for (const role of ROLES) {
        // Signing out ends the session it is sent with: it gets a session of its own.
        const token = name === 'logout' ? await freshToken(role) : tokens[role];
        // View ingestion is public with an ingest key instead of a session.
        const headers = c === api.report.views ? { 'x-ingest-key': INGEST_KEY } : undefined;
        const where = { token: permission === 'public' ? null : token, params: { id: 2_000_000 }, headers };
        // A call without a body takes where it goes first.
        const res = await (c.body ? t.send(c, {}, where) : t.send(c as Call<undefined>, where));
        expect(res.body, 'the server has the call').not.toMatch(/No such call/);
        if (permission === 'public' || may(role, permission)) {
          expect([401, 403], `${c.method} ${c.path} as ${role}: ${res.body}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${c.method} ${c.path} as ${role}`).toBe(403);
          expect(res.json()).toEqual({ detail: refusal(role, permission) });
        }
      }
    },
  );

  it('needs `catalogue` for a video upload and `images` for an image', async () => {
    const master = await testMaster({ seconds: 1, width: 64, height: 36 });
    const video = fileUpload('/api/content/upload?type=video', { data: master, filename: 'a.mp4' });
    const image = fileUpload('/api/content/upload?type=image', { data: Buffer.from('x'), filename: 'a.png' });
    const as = (role: Role, opts: typeof video) =>
      t.request({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${tokens[role]}` } });
    const marketing = await as('marketing', video);
    expect(marketing.statusCode).toBe(403);
    expect(marketing.json()).toEqual({ detail: refusal('marketing', 'catalogue') });
    expect([401, 403]).not.toContain((await as('marketing', image)).statusCode);
    const editor = await as('editor', video);
    expect(editor.statusCode, editor.body).toBe(200);
    expect(editor.json()).toMatchObject({ status: 'queued', size_bytes: master.length });
  });

  it('opens one catalogue item’s history to every role, the whole log and staff events to admins only', async () => {
    for (const role of ROLES) {
      const one = await t.send(api.audit.list, { entity: 'brands', entity_id: '1' }, { token: tokens[role] });
      expect(one.statusCode, role).toBe(200);
      const staff = await t.send(api.audit.list, { entity: 'users', entity_id: '1' }, { token: tokens[role] });
      expect(staff.statusCode, role).toBe(role === 'admin' ? 200 : 403);
    }
  });
});

async function freshToken(role: Role): Promise<string> {
  if (role === 'admin') {
    // The session is the cookie; the answer's `token` is only its handle (decision 014).
    const login = await t.send(api.auth.login, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { token: null });
    return sessionCookieToken(login.headers['set-cookie']);
  }
  return (await addStaff(t, role)).token;
}
