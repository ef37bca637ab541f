import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { LocalStorage } from '../lib/storage/local.ts';
import { sleep } from './child-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './harness.ts';
import { HttpClient } from './http-client.ts';
import { fileUpload, tinyPng } from './multipart.ts';

/** Issue "Reliability and security", item 5: what keeps out those who do not belong (docs/reliability.md). */
let t: TestApp;
/** The same server as deployed behind https: PUBLIC_URL is an https address. */
let secure: FastifyInstance;
const consoleDir = mkdtempSync(path.join(tmpdir(), 'kids-vod-console-'));
beforeAll(async () => {
  writeFileSync(
    path.join(consoleDir, 'index.html'),
    '<!doctype html><script type="module" src="/admin/a.js"></script>',
  );
  // A source map left in the built console's folder (the build makes none: vite.config.ts).
  mkdirSync(path.join(consoleDir, 'assets'));
  writeFileSync(path.join(consoleDir, 'assets', 'a.js'), 'export {};\n//# sourceMappingURL=a.js.map\n');
  writeFileSync(path.join(consoleDir, 'assets', 'a.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  t = await createTestApp({}, { consoleDir });
  secure = await buildApp({
    database: t.database,
    config: { ...t.config, PUBLIC_URL: 'https://console.example.com' },
    consoleDir,
  });
});
afterAll(async () => {
  await secure.close();
  await t.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

const login = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });

function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('security headers', () => {
  it('sends a CSP without inline scripts, no framing, nosniff and a referrer policy on the console and the API', async () => {
    for (const url of ['/admin/brands', '/api/brand/list', '/healthz', '/login', '/admin/assets/a.js']) {
      const res = url.startsWith('/api/') ? await t.post(url, {}) : await t.get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toBe("'self'");
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.get('object-src'), url).toBe("'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // One frame policy: frame-ancestors 'none', without an X-Frame-Options that says otherwise.
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('serves no source maps', async () => {
    expect((await t.get('/admin/assets/a.js')).statusCode).toBe(200);
    const map = await t.get('/admin/assets/a.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });

  it('adds HSTS and upgrade-insecure-requests only when the public address is https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const res = await secure.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and Secure behind https, also when it is cleared at logout', async () => {
    const res = await login(secure);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^session=[\w-]{43,};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Secure/);
    const logout = await secure.inject({
      method: 'GET',
      url: '/api/auth/logout/',
      headers: { cookie: cookie.split(';')[0] },
    });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/^session=;.*Secure/);

    // Over plain http (a developer's machine) a Secure cookie would never come back.
    expect(String((await login(t.app)).headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('is refused from another site behind https: the origin must be the public address', async () => {
    const cookie = String((await login(secure)).headers['set-cookie']).split(';')[0];
    for (const origin of ['https://console.example.com.evil.example', 'http://console.example.com']) {
      const forged = await secure.inject({
        method: 'POST',
        url: '/api/brand/add',
        payload: { name: 'Forged over https' },
        headers: { cookie, origin, host: 'console.example.com' },
      });
      expect(forged.statusCode, origin).toBe(403);
    }
    const own = await secure.inject({
      method: 'POST',
      url: '/api/brand/list',
      payload: {},
      headers: { cookie, origin: 'https://console.example.com' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().map((b: { name: string }) => b.name)).not.toContain('Forged over https');
  });
});

describe('logout (a GET, as the specification has it)', () => {
  const signedIn = async () => ({ cookie: String((await login(t.app)).headers['set-cookie']).split(';')[0] });
  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/logout/', headers });
  const stillSignedIn = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/user/', headers: { cookie } })).statusCode === 200;

  it('is refused to other sites and to anything a page loads (images, videos, frames), and the session stays', async () => {
    const { cookie } = await signedIn();
    const foreign: Record<string, string>[] = [
      // A link or redirect on another site: a top-level navigation, which SameSite=Lax sends the cookie with.
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      // A logo whose address is the logout call, on the console's own page.
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'video' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' },
    ];
    for (const headers of foreign) {
      const res = await logout({ cookie, ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ detail: 'Cross-site request refused' });
      expect(res.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
      expect(await stillSignedIn(cookie), JSON.stringify(headers)).toBe(true);
    }
  });

  it("signs out the console's own call, and a typed address", async () => {
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      {},
    ];
    for (const headers of own) {
      const { cookie } = await signedIn();
      const res = await logout({ cookie, ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(await stillSignedIn(cookie)).toBe(false);
    }
  });
});

describe('media URL fields', () => {
  it('take media paths of this server and http(s) URLs, never another path of it such as the API', async () => {
    const refused = [
      '/api/auth/logout/',
      '/API/auth/logout/',
      '/%61pi/auth/logout/',
      '/media/../api/auth/logout/',
      '/media/images/../../api/auth/logout/',
      '/media/%2e%2e/api/auth/logout/',
      '/media//evil.example/x.png',
      '//evil.example/x.png',
      '/admin/brands',
      '/healthz',
      '/media',
      'https://console.example.com/api/auth/logout/',
      'https://console.example.com//api/auth/logout/',
      'http://console.example.com/%61pi/auth/logout/',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'https:/x.png',
    ];
    for (const logo_url of refused) {
      const res = await t.send(api.brand.add, { name: `Logo ${logo_url}`, logo_url });
      expect(res.statusCode, logo_url).toBe(400);
    }
    const brand = await t.call(api.brand.add, { name: 'Logo fine', logo_url: '/media/images/0b1e.png' });
    for (const logo_url of ['https://cdn.example.com/images/a.png', 'HTTP://cdn.example.com/x.webp', '', null]) {
      const res = await t.send(api.brand.update, { id: brand.id, logo_url });
      expect(res.statusCode, `${logo_url}: ${res.body}`).toBe(200);
    }
    // The other media fields are the same schema.
    const refusedPoster = await t.send(api.stream.add, {
      lang_id: 1,
      title: 'Live',
      url: 'https://streams.example.com/live',
      poster_url: '/api/auth/logout/',
      sort: 0,
      is_active: false,
    });
    expect(refusedPoster.statusCode).toBe(400);
  });
});

describe('signed out', () => {
  it('reaches no call under any spelling of its address: the router decodes %61pi to api', async () => {
    const calls: [string, string][] = [
      ['POST', '/%61pi/promo-codes/list/'],
      ['POST', '/%61pi/brand/list'],
      ['POST', '/ap%69/content/list'],
      ['GET', '/%61pi/promo-codes/1/'],
      ['GET', '/%61pi/auth/user/'],
      ['POST', '/%61pi/brand/add'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ detail: 'Not signed in' });
    }
    const brands = await t.send(api.brand.list, {});
    expect(brands.statusCode).toBe(200);
  });
});

describe('media', () => {
  it('serves an uploaded image as an image, nosniff, in a sandbox', async () => {
    const upload = await t.request(fileUpload('/api/content/upload?type=image&platform=other', { data: tinyPng() }));
    expect(upload.statusCode, upload.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: upload.json().url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy']).has('sandbox')).toBe(true);
    // Apps on other origins may load it, without credentials; the API itself stays same-origin.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const answer = await t.send(api.brand.list, {});
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never serves a file as HTML or SVG, even one that got into the media folder some other way', async () => {
    const root = (t.app.storage as LocalStorage).root;
    mkdirSync(path.join(root, 'images'), { recursive: true });
    const script = '<script>fetch("/api/brand/add",{method:"POST"})</script>';
    const planted = {
      'images/planted.html': script,
      'images/planted.svg': `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`,
      'images/planted.png.html': script,
      'images/planted.xml': script,
      'planted.html': script,
    };
    for (const [name, body] of Object.entries(planted)) writeFileSync(path.join(root, name), body);
    for (const name of Object.keys(planted)) {
      const res = await t.app.inject({ method: 'GET', url: `/media/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.headers['content-type'], name).toMatch(/^application\/json/);
      expect(res.body, name).not.toContain('<script>');
    }
  });

  it('refuses SVG and HTML uploads by their bytes, whatever their name and type say', async () => {
    for (const [filename, contentType, data] of [
      ['logo.png', 'image/png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ['page.gif', 'image/gif', '<!doctype html><script>alert(1)</script>'],
    ]) {
      const res = await t.request(
        fileUpload('/api/content/upload?type=image&platform=other', { data, filename, contentType }),
      );
      expect(res.statusCode, filename).toBe(415);
    }
  });
});

describe('path traversal', () => {
  it('is refused in every kind of parameter: path, query, body, file name', async () => {
    const attempts = [
      { method: 'GET', url: '/api/promo-codes/..%2F..%2Fetc%2Fpasswd/' },
      { method: 'GET', url: '/api/promo-codes/%2e%2e/' },
      { method: 'POST', url: '/api/content/upload_json?lang=../../etc/passwd' },
      { method: 'POST', url: '/api/content/upload_json?lang=..%2F..%2Fcatalog%2Fen' },
      { method: 'POST', url: '/api/catalog/builds', payload: { lang_id: '../1' } },
      { method: 'POST', url: '/api/content/upload?type=../../image&platform=other' },
      { method: 'GET', url: '/media/images/..%2F..%2F..%2Fetc%2Fpasswd' },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.request({ ...attempt, payload: 'payload' in attempt ? attempt.payload : undefined });
      expect(res.statusCode, attempt.url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, attempt.url).toBeLessThan(500);
      expect(res.json(), attempt.url).toEqual(expect.objectContaining({ detail: expect.any(String) }));
      expect(res.body, attempt.url).not.toContain('root:');
    }
    // Console addresses are the console's (its own 'Not found'), never a file from elsewhere.
    for (const url of ['/admin/..%2F..%2F..%2Fetc%2Fpasswd', '/admin/../../../../etc/passwd', '/admin/%2e%2e/x.js']) {
      const res = await t.get(url);
      expect(res.body, url).not.toContain('root:');
      if (res.statusCode === 200) expect(res.body, url).toContain('<!doctype html>');
      else expect(res.statusCode, url).toBeLessThan(500);
    }
    // A file name is a label only: the stored object gets a random name of the server's.
    const res = await t.request(
      fileUpload('/api/content/upload?type=image&platform=other', { data: tinyPng(), filename: '../../../x.png' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
  });
});

/** A connection that sends `head` and then one byte of `trickle` every `everyMs`; `closedAt` settles when the server closes it. */
function slowConnection(port: number, head: string, trickle: string, everyMs: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.on('data', () => {});
  const openedAt = performance.now();
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - openedAt)));
  socket.once('connect', async () => {
    socket.write(head);
    for (const ch of trickle) {
      await sleep(everyMs);
      if (socket.destroyed) return;
      socket.write(ch);
    }
  });
  return { socket, closedAt };
}

describe('slow clients', () => {
  it('closes connections whose headers or body trickle in, and /healthz answers within 1 s meanwhile', async () => {
    const LIMIT_S = 2;
    const app = await buildApp({ database: t.database, config: { ...t.config, REQUEST_TIMEOUT: LIMIT_S } });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(base).port);
    const client = new HttpClient(base, { keepAlive: false });
    const body = JSON.stringify({ email: ADMIN_EMAIL, password: 'x'.repeat(40) });
    const slow = [
      // The attack: the public sign-in call's body, one byte at a time.
      ...Array.from({ length: 40 }, () =>
        slowConnection(
          port,
          `POST /api/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
          body,
          700,
        ),
      ),
      // An upload nobody signed in for: refused at once, but its unread body must not hold the connection either.
      ...Array.from({ length: 5 }, () =>
        slowConnection(
          port,
          `POST /api/content/upload?type=image&platform=other HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n`,
          'x'.repeat(100),
          700,
        ),
      ),
      // Slowloris: headers that never end.
      ...Array.from({ length: 10 }, () =>
        slowConnection(port, 'GET /healthz HTTP/1.1\r\n', 'X-a: b\r\n'.repeat(20), 700),
      ),
    ];
    try {
      const health: number[] = [];
      let done = false;
      const probe = (async () => {
        while (!done) {
          const res = await client.get('/healthz', { timeoutMs: 5_000 });
          expect(res.status).toBe(200);
          health.push(res.ms);
          await sleep(200);
        }
      })();
      // Every slow connection is closed within the limit (and the header check's 1 s interval), never answered 200.
      const closed = await Promise.all(
        slow.map(({ closedAt }) =>
          Promise.race([closedAt, sleep((LIMIT_S + 4) * 1000).then(() => Number.POSITIVE_INFINITY)]),
        ),
      );
      done = true;
      await probe;
      expect(Math.max(...closed), 'slowest close, ms').toBeLessThan((LIMIT_S + 2) * 1000);
      expect(health.length).toBeGreaterThan(5);
      expect(Math.max(...health), '/healthz during the attack, ms').toBeLessThan(1000);
    } finally {
      for (const { socket } of slow) socket.destroy();
      client.close();
      await app.close();
    }
  });
});
