// Issue 28 (L1, I3, I4) and issue 27's server defects (a database rule's refusal without `errors`, empty bodies of
// calls that take none): how the API answers, through the real app.
import { connect } from 'node:net';
import { type ApiError, api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { addStaff } from './staff.ts';
import { brandList } from './whole-lists.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The fields a refusal names. */
const fieldsOf = (res: { json<T>(): T }) => (res.json<ApiError>().errors ?? []).map((e) => e.path);

describe('L1: impossible dates', () => {
  const YEAR_0 = '0001-01-01T00:00:00+14:00';
  const YEAR_10000 = '9999-12-31T23:00:00-14:00';

  it('are refused with 400 naming the field on every kind of call that takes a date, and nothing is kept', async () => {
    for (const bad of [YEAR_0, YEAR_10000]) {
      const brand = await t.send(api.brand.add, { name: 'Dated', available_from: bad });
      expect(brand.statusCode, brand.body).toBe(400);
      expect(brand.json<ApiError>().detail).toMatch(/available_from: Must be in the years 1 to 9999/);
      expect(fieldsOf(brand)).toEqual(['available_from']);
    }
    expect((await brandList(t)).filter((b) => b.name === 'Dated')).toEqual([]);
    const brand = await t.call(api.brand.add, { name: 'Dated brand' });
    const refused = [
      [await t.send(api.brand.update, { id: brand.id, available_until: YEAR_0 }), 'available_until'],
      [await t.send(api.content.add, { brand_id: brand.id, available_from: YEAR_0 } as never), 'available_from'],
      [
        await t.send(api.promo.add, {
          button_text: 'Watch',
          button_color: '#1f2937',
          available_until: YEAR_10000,
        } as never),
        'available_until',
      ],
      [await t.send(api.stream.add, { available_from: YEAR_0 } as never), 'available_from'],
      [await t.send(api.brand.addCountryRule, { brand_id: brand.id, code2: 'GB', starts_at: YEAR_0 }), 'starts_at'],
      [await t.send(api.report.report, { date_from: '0000-01-01', date_to: '2026-01-01' }), 'date_from'],
      [await t.send(api.audit.list, { from: YEAR_0 }), 'from'],
    ] as const;
    for (const [res, field] of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    const rules = await t.call(api.brand.listCountryRule, { brand_id: brand.id });
    expect(rules).toEqual([]);
  });

  it('the years 1 and 9999 themselves are taken', async () => {
    const brand = await t.call(api.brand.add, {
      name: 'Edges of the calendar',
      available_from: '0001-01-01T00:00:00Z',
      available_until: '9999-12-31T00:00:00Z',
    });
    expect(brand).toMatchObject({
      available_from: '0001-01-01T00:00:00.000Z',
      available_until: '9999-12-31T00:00:00.000Z',
    });
  });
});

describe("a database rule's refusal", () => {
  it('names its field in errors, like a validation failure: dates out of order, a unique slug', async () => {
    const brand = await t.call(api.brand.add, { name: 'Ordered', available_from: '2030-01-01T00:00:00Z' });
    const order = await t.send(api.brand.update, { id: brand.id, available_until: '2029-01-01T00:00:00Z' });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({
      detail: 'available_until must be later than available_from',
      errors: [{ path: 'available_until', message: 'available_until must be later than available_from' }],
    });
    const taken = await t.send(api.brand.add, { name: 'Ordered again', slug: brand.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      detail: 'A brand with this slug already exists',
      errors: [{ path: 'slug', message: 'A brand with this slug already exists' }],
    });
  });
});

describe('a call that takes no body', () => {
  it('accepts an empty one whatever its Content-Type; a call that takes one still wants it', async () => {
    const noBody = [
      '/api/content_lang/detach_video?content_lang_id=987654',
      '/api/promo-codes/987654/delete/',
      `${api.catalog.publish.path}?lang=en`,
    ];
    const statuses = [];
    for (const url of noBody) {
      const bare = await t.request({ method: 'POST', url });
      statuses.push(bare.statusCode);
      for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
        const typed = await t.request({ method: 'POST', url, headers: { 'content-type': type } });
        // A publication answers a new build each time: its status says it ran; a refusal is compared whole.
        expect(typed.statusCode, `${url} as ${type}: ${typed.body}`).toBe(bare.statusCode);
        if (bare.statusCode !== 200) expect(typed.json()).toEqual(bare.json());
      }
    }
    expect(statuses).toEqual([404, 404, 200]);
    const wanted = await t.request({
      method: 'POST',
      url: api.brand.add.path,
      headers: { 'content-type': 'application/json' },
    });
    expect(wanted.statusCode).toBe(400);
    expect(wanted.json<ApiError>().detail).toMatch(/The body is empty/);
  });
});

describe('I4: answers that carry a secret or a session', () => {
  it('are never stored (Cache-Control: no-store); the reference lists every role reads are revalidated', async () => {
    const staff = await addStaff(t, 'editor');
    const answers = [
      await t.send(api.auth.login, { email: staff.email, password: staff.password }, { token: null }),
      await t.send(api.auth.user, { token: staff.token }),
      await t.send(api.token.create, { name: 'cache probe' }, { token: staff.token }),
      await t.send(api.ingestKey.create, { name: 'cache probe' }),
      await t.send(api.users.invite, { email: 'cache-probe@example.com', name: 'Probe', role: 'analyst' }),
      await t.send(api.users.resetPassword, { id: staff.id }),
      await t.send(api.auth.totpSetup, {}),
      await t.send(api.auth.sessions, {}),
      await t.send(api.brand.list, {}),
      await t.send(api.auth.login, { email: staff.email, password: 'wrong' }, { token: null }),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 80)}`).toBe('no-store');
    }
    const langs = await t.send(api.reference.langList);
    expect(langs.headers['cache-control']).toBe('private, no-cache');
    expect(langs.headers.etag).toBeDefined();
  });
});

describe("I3: the framework's and Node's own refusals", () => {
  /** What the server answers a raw request on a new connection, the connection's whole answer. */
  const raw = (port: number, request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  const detailOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('answer {detail}: headers too large (431), too slow (408), not HTTP (400)', { timeout: 60_000 }, async () => {
    const app = await buildApp({ database: t.database, config: { ...t.config, REQUEST_TIMEOUT: 1 } });
    try {
      const port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
      const large = await raw(port, `GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(large).toMatch(/^HTTP\/1\.1 431 /);
      expect(detailOf(large)).toEqual({ detail: 'The request headers are too large' });
      const slow = await raw(port, 'GET /healthz HTTP/1.1\r\nHost: a\r\n');
      expect(slow).toMatch(/^HTTP\/1\.1 408 /);
      expect(detailOf(slow)).toEqual({ detail: 'The request took too long to arrive' });
      const garbage = await raw(port, 'HELLO THERE\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      expect(detailOf(garbage)).toEqual({ detail: 'The request is not valid HTTP' });
    } finally {
      await app.close();
    }
  });

  it('answer {detail} alone: unknown call, bad JSON, wrong type, too large', async () => {
    const refusals = [
      await t.request({ method: 'POST', url: '/api/no/such/call' }),
      await t.request({
        method: 'POST',
        url: api.brand.add.path,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      }),
      await t.request({
        method: 'POST',
        url: api.brand.add.path,
        headers: { 'content-type': 'text/plain' },
        payload: 'name=x',
      }),
      await t.request({
        method: 'POST',
        url: api.brand.add.path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([404, 400, 415, 413]);
    for (const res of refusals) expect(Object.keys(res.json())).toEqual(['detail']);
  });
});
