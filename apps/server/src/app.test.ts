import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the app', () => {
  it('answers /healthz without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    // It says which ffmpeg runs, with its version (issue 37).
    expect(res.json()).toEqual({
      status: 'ok',
      ffmpeg: { path: expect.any(String), version: expect.any(String) },
      ffprobe: { path: expect.any(String), version: expect.any(String) },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves OpenAPI generated from the contract at /api/docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/brand/add'].post.requestBody.content['application/json'].schema.properties.name,
    ).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login/', '/api/promo-codes/{id}/']));
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers an unknown call under /api with 404 {detail}', async () => {
    const res = await t.post('/api/nothing/here', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No such call: POST /api/nothing/here' });
  });

  it('answers malformed JSON, a wrong content type and a wrong shape with 400/415 {detail}', async () => {
    const broken = await t.request({
      method: 'POST',
      url: '/api/brand/add',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'The body is not valid JSON' });
    const text = await t.request({
      method: 'POST',
      url: '/api/brand/add',
      payload: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().detail).toMatch(/content type/);
    const shape = await t.refused(api.brand.add, { name: 42 });
    expect(shape.status).toBe(400);
    expect(shape.detail).toMatch(/^Invalid body: name: /);
    expect(shape.errors?.[0]?.path).toBe('name');
  });

  it('drops unknown fields', async () => {
    const res = await t.send(api.brand.add, { name: 'Extra fields', password_hash: 'x', hacker: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('hacker');
  });

  it('lists the languages (English first) and every ISO country by name', async () => {
    const langs = await t.call(api.reference.langList);
    expect(langs.length).toBeGreaterThanOrEqual(10);
    expect(langs[0]).toEqual({ id: 1, code: 'en', name: 'English' });
    expect(langs.map((l: { id: number }) => l.id)).toEqual(
      [...langs.map((l: { id: number }) => l.id)].sort((a, b) => a - b),
    );
    const countries = await t.call(api.reference.countries);
    expect(countries).toHaveLength(249);
    expect(countries).toContainEqual({ code2: 'DE', name: 'Germany' });
    const names = countries.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });
});

describe('unexpected errors', () => {
  it('answers 500 with a request id and no internals', async () => {
    const app = await buildApp({ database: t.database, config: t.config, consoleDir: '/nonexistent' });
    app.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('secret SQL select * from users');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error', request_id: expect.any(String) });
    expect(res.body).not.toMatch(/secret|select/);
    await app.close();
  });
});

describe('configuration', () => {
  it('uses defaults and refuses a bad value naming it', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data' });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
    expect(loadConfig({ DEMO_DATA: '0' }).DEMO_DATA).toBe(false);
  });
});
