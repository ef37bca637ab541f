import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { TUS_UPLOADS_PATH, VIDEO_FILE_ID_HEADER } from '@kids-vod/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { videoFiles } from '../../db/schema.ts';
import { createServerJobs } from '../../server-jobs.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/harness.ts';
import { audioOnly, testMaster } from '../../test/masters.ts';
import { addStaff } from '../../test/staff.ts';
import { tusFolder } from './tus.ts';

let t: TestApp;
/** The app answering now (a restart replaces it), and its address. */
let app: FastifyInstance;
let base: string;
let master: Buffer;
/** Colleagues, signed in before any restart (addStaff speaks to the first app). */
let editor: { token: string };
let analyst: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  master = await testMaster();
  editor = await addStaff(t, 'editor');
  analyst = await addStaff(t, 'analyst');
});
afterAll(async () => {
  if (app !== t.app) await app.close();
  await t.close();
});

const b64 = (s: string) => Buffer.from(s).toString('base64');
const headers = (token = t.token, more: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  'tus-resumable': '1.0.0',
  ...more,
});

async function create(length: number, name = 'Conejitos_S01E03_ES.mp4', token?: string) {
  return fetch(`${base}${TUS_UPLOADS_PATH}`, {
    method: 'POST',
    headers: headers(token, { 'upload-length': String(length), 'upload-metadata': `filename ${b64(name)}` }),
  });
}

/** Creates an upload that must be accepted: its address (a path). */
async function created(length: number, name?: string, token?: string): Promise<string> {
  const res = await create(length, name, token);
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get('location');
  expect(location).toMatch(new RegExp(`^${TUS_UPLOADS_PATH}/[0-9a-f]+$`));
  return location as string;
}

const patch = (url: string, offset: number, bytes: Buffer, token?: string) =>
  fetch(`${base}${url}`, {
    method: 'PATCH',
    headers: headers(token, {
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    body: bytes,
  });

const head = (url: string, token?: string) => fetch(`${base}${url}`, { method: 'HEAD', headers: headers(token) });

async function offsetOf(url: string): Promise<number> {
  const res = await head(url);
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

const detailOf = async (res: Response) => ((await res.json()) as { detail: string }).detail;

const uploadsLeft = () => {
  const dir = tusFolder(app.videos.workDir);
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sends `bytes` as a PATCH's first part and cuts the connection, the rest of the body never sent. */
async function cutPatch(url: string, offset: number, sent: Buffer, declared: number) {
  const u = new URL(`${base}${url}`);
  const req = http.request({
    host: u.hostname,
    port: u.port,
    path: u.pathname,
    method: 'PATCH',
    headers: {
      ...headers(),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(declared),
    },
  });
  req.on('error', () => {});
  await new Promise<void>((resolve) => req.write(sent, () => resolve()));
  // Once the server's file holds the part, the cable is pulled (a HEAD meanwhile would take the PATCH's lock).
  const file = path.join(tusFolder(app.videos.workDir), url.split('/').at(-1) as string);
  await waitFor(async () => statSync(file).size >= offset + sent.length, 'the part to reach the server');
  req.destroy();
}

/** HEAD without expectations (it may wait for the cut PATCH's lock). */
async function offsetOfQuiet(url: string): Promise<number> {
  const res = await head(url);
  return Number(res.headers.get('upload-offset') ?? -1);
}

describe('resumable uploads (tus 1.0.0)', () => {
  it('creates, takes two parts, answers the offset, and makes the last byte a queued VideoFile', async () => {
    let woken = 0;
    const queued = app.videos.queued;
    app.videos.queued = () => {
      woken++;
    };
    try {
      const url = await created(master.length);
      expect(await offsetOf(url)).toBe(0);
      const half = Math.floor(master.length / 2);
      const first = await patch(url, 0, master.subarray(0, half));
      expect(first.status).toBe(204);
      expect(first.headers.get('upload-offset')).toBe(String(half));
      expect(first.headers.get(VIDEO_FILE_ID_HEADER)).toBeNull();
      // The API's own answer rules hold for the protocol's answers too; no CORS (same origin only).
      expect(first.headers.get('x-request-id')).toBeTruthy();
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(first.headers.get('access-control-allow-origin')).toBeNull();
      expect(await offsetOf(url)).toBe(half);

      const last = await patch(url, half, master.subarray(half));
      expect(last.status, await last.clone().text()).toBe(204);
      const id = Number(last.headers.get(VIDEO_FILE_ID_HEADER));
      expect(id).toBeGreaterThan(0);
      const [row] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, id));
      expect(row).toMatchObject({ status: 'queued', name: 'Conejitos_S01E03_ES.mp4', size_bytes: master.length });
      expect(row.duration_sec).toBe(2);
      expect(woken).toBe(1);
      // The received file moved into storage; only the upload's record is left, so that a client whose last answer
      // was lost asks (HEAD, or the last PATCH again) and learns the video, rather than sending the file again.
      const uploadId = url.split('/').at(-1) as string;
      expect(uploadsLeft()).toEqual([`${uploadId}.json`]);
      for (const again of [await head(url), await patch(url, half, Buffer.alloc(0))]) {
        expect(again.status).toBeLessThan(300);
        expect(again.headers.get('upload-offset')).toBe(String(master.length));
        expect(Number(again.headers.get(VIDEO_FILE_ID_HEADER))).toBe(id);
      }
      expect((await t.database.db.select().from(videoFiles)).filter((v) => v.id >= id)).toHaveLength(1);
      // Another user is told nothing of it.
      expect((await head(url, editor.token)).status).toBe(404);
      // The history says who uploaded it, as for a multipart upload.
      const [entry] = await t.rows<{ user_email: string | null; call: string | null }>(
        sql`select user_email, call from audit_log where entity = 'video_files' and entity_id = ${String(id)}`,
      );
      expect(entry).toEqual({ user_email: ADMIN_EMAIL, call: `PATCH ${TUS_UPLOADS_PATH}` });
    } finally {
      app.videos.queued = queued;
    }
  });

  it('keeps the bytes of a PATCH cut off, and resumes from the offset HEAD answers', async () => {
    const url = await created(master.length);
    const part = master.subarray(0, 4096);
    await cutPatch(url, 0, part, master.length);
    // The server keeps what arrived before the cut: not 0, at most what was sent.
    await waitFor(async () => (await offsetOfQuiet(url)) === part.length, 'the bytes of the cut PATCH to be kept');
    const offset = await offsetOf(url);
    const rest = await patch(url, offset, master.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(204);
    expect(Number(rest.headers.get(VIDEO_FILE_ID_HEADER))).toBeGreaterThan(0);
  });

  it('resumes after the server restarts between parts', async () => {
    const url = await created(master.length);
    const half = Math.floor(master.length / 2);
    expect((await patch(url, 0, master.subarray(0, half))).status).toBe(204);

    await app.close();
    app = await buildApp({ database: t.database, config: t.config, consoleDir: '/nonexistent' });
    base = await app.listen({ port: 0, host: '127.0.0.1' });

    expect(await offsetOf(url)).toBe(half);
    const last = await patch(url, half, master.subarray(half));
    expect(last.status, await last.clone().text()).toBe(204);
    expect(Number(last.headers.get(VIDEO_FILE_ID_HEADER))).toBeGreaterThan(0);
  });

  it('answers 409 to a wrong offset and keeps the upload as it was', async () => {
    const url = await created(master.length);
    expect((await patch(url, 0, master.subarray(0, 100))).status).toBe(204);
    const wrong = await patch(url, 50, master.subarray(50, 150));
    expect(wrong.status).toBe(409);
    expect(wrong.headers.get('content-type')).toContain('application/json');
    expect(await detailOf(wrong)).toMatch(/Upload-Offset/);
    expect(await offsetOf(url)).toBe(100);
    expect((await fetch(`${base}${url}`, { method: 'DELETE', headers: headers() })).status).toBe(204);
  });

  it('refuses a length over MAX_VIDEO_BYTES with 413 and a sentence', async () => {
    const before = uploadsLeft().length;
    const res = await create(t.config.MAX_VIDEO_BYTES + 1);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: expect.stringMatching(/^File is bigger than \d+[GMK]B$/) });
    expect(uploadsLeft().length).toBe(before);
  });

  it("answers 404 to another user's HEAD, PATCH and DELETE, and the upload stays the uploader's", async () => {
    const url = await created(master.length);
    expect((await patch(url, 0, master.subarray(0, 10))).status).toBe(204);
    const other = editor;
    for (const res of [
      await head(url, other.token),
      await patch(url, 10, master.subarray(10, 20), other.token),
      await fetch(`${base}${url}`, { method: 'DELETE', headers: headers(other.token) }),
    ]) {
      expect(res.status).toBe(404);
    }
    const refused = await patch(url, 10, master.subarray(10, 20), other.token);
    expect(await detailOf(refused)).toMatch(/No such upload/);
    expect(await offsetOf(url)).toBe(10);
    expect((await fetch(`${base}${url}`, { method: 'DELETE', headers: headers() })).status).toBe(204);
  });

  it('needs a session, the catalogue permission and a request from the console itself', async () => {
    const unsigned = await fetch(`${base}${TUS_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ detail: 'Not signed in' });

    const readOnly = await create(10, 'a.mp4', analyst.token);
    expect(readOnly.status).toBe(403);
    expect(await detailOf(readOnly)).toEqual(expect.any(String));

    // A cookie session from another site's page: refused before anything is created.
    const before = uploadsLeft().length;
    const forged = await fetch(`${base}${TUS_UPLOADS_PATH}`, {
      method: 'POST',
      headers: {
        cookie: `session=${t.token}`,
        origin: 'https://evil.example',
        'tus-resumable': '1.0.0',
        'upload-length': '10',
      },
    });
    expect(forged.status).toBe(403);
    expect(uploadsLeft().length).toBe(before);
  });

  it('answers the protocol errors as sentences too', async () => {
    const res = await fetch(`${base}${TUS_UPLOADS_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.status).toBe(412);
    expect(await detailOf(res)).toEqual(expect.any(String));
    const noLength = await fetch(`${base}${TUS_UPLOADS_PATH}`, { method: 'POST', headers: headers() });
    expect(noLength.status).toBe(400);
    expect(await detailOf(noLength)).toMatch(/Upload-Length/);
  });

  it('refuses a finished upload that is not a video with 415, leaving nothing behind', async () => {
    const audio = audioOnly();
    const rows = (await t.database.db.select().from(videoFiles)).length;
    const masters = readdirSync(path.join(t.config.DATA_DIR, 'media', 'masters')).length;
    const url = await created(audio.length, 'tone.m4a');
    const last = await patch(url, 0, audio);
    expect(last.status).toBe(415);
    expect(await detailOf(last)).toMatch(/video/i);
    expect(last.headers.get(VIDEO_FILE_ID_HEADER)).toBeNull();
    const id = url.split('/').at(-1) as string;
    expect(uploadsLeft().filter((f) => f.startsWith(id))).toEqual([]);
    expect((await head(url)).status).toBe(404);
    expect((await t.database.db.select().from(videoFiles)).length).toBe(rows);
    expect(readdirSync(path.join(t.config.DATA_DIR, 'media', 'masters')).length).toBe(masters);
  });

  it('removes an upload after a day without progress, by the periodic jobs and their clock', async () => {
    const url = await created(master.length);
    expect((await patch(url, 0, master.subarray(0, 100))).status).toBe(204);
    const id = url.split('/').at(-1) as string;
    let clock = new Date(Date.now() + 23 * 3600_000);
    const jobs = createServerJobs({
      db: t.database.db,
      storage: app.storage,
      log: app.log,
      now: () => clock,
      videos: { services: app.videos, concurrency: 0 },
    });
    expect(await jobs.runDue()).toContain('clean-up-expired-uploads');
    expect(uploadsLeft()).toContain(id);
    expect(await offsetOf(url)).toBe(100);

    clock = new Date(Date.now() + 25 * 3600_000);
    expect(await jobs.runDue()).toContain('clean-up-expired-uploads');
    expect(uploadsLeft().filter((f) => f.startsWith(id))).toEqual([]);
    expect((await head(url)).status).toBe(404);
  });
});
