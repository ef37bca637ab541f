/**
 * Graceful shutdown (issue "Reliability and security", item 6): the real server (`node --import tsx src/main.ts`,
 * a child process on a free port; PGlite in DATA_DIR in the server-pglite project, a fresh database of the
 * PostgreSQL server in server-postgres) gets SIGTERM while two slow requests are in flight, each with its body
 * still being sent, slowly, over SHUTDOWN_SLOW_MS: the upload of a real 5 s master (multipart, streamed to a
 * temporary file, probed, kept as a private master and queued for the server's own transcoder, which is stopped in
 * turn) and a brand created with a JSON body that trickles in. Both use keep-alive connections, as browsers do.
 *
 * Proves: soon after the signal new connections are refused while the two are still in flight; both then
 * complete with 200 and what they created is stored (the row, the master); the video is left queued or ready, never
 * held by the stopped transcoder; no temporary file is left in DATA_DIR/work; the process exits 0 by itself, well
 * within its 10 s grace, after saying the database is closed; and for PGlite the cluster was shut down cleanly
 * (its pg_control says so, so no recovery is needed) and opens again in another process with everything in it.
 *
 *   CI (npm test):  slow requests of 2.5 s (SHUTDOWN_SLOW_MS=2500 by default)
 *   Full setting:   SHUTDOWN_SLOW_MS=8000 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *                     npx vitest run --project server-pglite --project server-postgres apps/server/src/test/graceful-shutdown.test.ts
 *   (SHUTDOWN_SLOW_MS must stay below the 10 s grace delay of main.ts.)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Brand, VideoFile } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import {
  type ChildServer,
  clusterState,
  DB_SHUTDOWNED,
  type ServerHome,
  serverHome,
  sleep,
  startServer,
} from './child-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testDatabaseKind } from './harness.ts';
import { HttpClient, networkErrorCode } from './http-client.ts';
import { testMaster } from './masters.ts';
import { multipartBody } from './multipart.ts';

const SLOW_MS = Number(process.env.SHUTDOWN_SLOW_MS ?? 2500);
const CHUNKS = 20;

let home: ServerHome | undefined;
let server: ChildServer | undefined;

beforeAll(async () => {
  home = await serverHome({ LOG_LEVEL: 'info' });
  server = await startServer(home.env);
}, 120_000);

afterAll(async () => {
  server?.kill();
  await server?.exited;
  await home?.remove();
});

interface SlowRequest {
  /** Resolves once the headers and the first part of the body are sent. */
  started: Promise<void>;
  done: Promise<{ status: number; text: string; at: number }>;
  finished: boolean;
}

/** A POST whose body is sent in CHUNKS parts spread over SLOW_MS, on a keep-alive connection of `agent`. */
function slowPost(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  onError: (err: unknown) => void,
): SlowRequest {
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const request: SlowRequest = { started, finished: false, done: Promise.resolve({ status: 0, text: '', at: 0 }) };
  request.done = new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          request.finished = true;
          resolve({ status: res.statusCode ?? 0, text, at: performance.now() });
        });
      },
    );
    req.on('error', (err) => {
      request.finished = true;
      onError(err);
      reject(err);
    });
    void (async () => {
      const size = Math.ceil(body.length / CHUNKS);
      for (let i = 0; i < CHUNKS; i++) {
        req.write(body.subarray(i * size, (i + 1) * size));
        if (i === 0) markStarted();
        await sleep(SLOW_MS / CHUNKS);
      }
      req.end();
    })();
  });
  return request;
}

/** Whether a new TCP connection to `port` is refused (true) or accepted (false, closed again at once). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' ? resolve(true) : reject(err)));
  });
}

test(`SIGTERM on ${testDatabaseKind} with slow requests in flight: they complete, new connections are refused, exit 0`, async () => {
  if (!server) throw new Error('no server');
  const child = server;
  const client = new HttpClient(child.url);
  const token = await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const run = randomBytes(3).toString('hex');
  const errors: string[] = [];
  const onError = (err: unknown) => errors.push(networkErrorCode(err));

  const video = await testMaster({ seconds: 5 });
  const multipart = multipartBody([
    { name: 'file', filename: `slow-${run}.mp4`, contentType: 'video/mp4', data: video },
  ]);
  const upload = slowPost(
    client.agent,
    `${child.url}/api/content/upload?type=video`,
    { ...auth, ...multipart.headers },
    multipart.payload,
    onError,
  );
  const slug = `slow-${run}`;
  const json = Buffer.from(`{"name": "Slow brand ${run}", ${' '.repeat(2000)} "slug": "${slug}"}`);
  const brand = slowPost(
    client.agent,
    `${child.url}/api/brand/add`,
    { ...auth, 'content-type': 'application/json' },
    json,
    onError,
  );
  await Promise.all([upload.started, brand.started]);
  await sleep(300);

  const signalled = performance.now();
  child.proc.kill('SIGTERM');
  // New connections are refused soon, while both requests are still being sent.
  let refusedAt: number | undefined;
  while (performance.now() - signalled < SLOW_MS) {
    if (await refused(child.port)) {
      refusedAt = performance.now();
      break;
    }
    await sleep(25);
  }
  expect(refusedAt, 'new connections still accepted').toBeDefined();
  expect(upload.finished || brand.finished, 'the slow requests ended before new connections were refused').toBe(false);
  await expect(client.get('/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

  const [uploaded, created] = await Promise.all([upload.done, brand.done]);
  expect(errors).toEqual([]);
  expect(uploaded.status, uploaded.text).toBe(200);
  expect(created.status, created.text).toBe(200);
  const file = JSON.parse(uploaded.text) as VideoFile;
  expect(file).toMatchObject({
    size_bytes: video.length,
    duration_sec: 5,
    name: `slow-${run}.mp4`,
    status: 'queued',
    playback_url: null,
  });
  expect((JSON.parse(created.text) as Brand).slug).toBe(slug);

  const exit = await child.exited;
  const exitedAt = performance.now();
  server = undefined;
  client.close();
  expect(exit, child.output().slice(-3000)).toEqual({ code: 0, signal: null });
  expect(child.output()).toContain('SIGTERM received, shutting down');
  expect(child.output()).toContain('database closed');
  process.stdout.write(
    `graceful shutdown (${testDatabaseKind}): new connections refused ${((refusedAt as number) - signalled).toFixed(0)} ms after SIGTERM; ` +
      `slow requests answered 200 after ${((Math.max(uploaded.at, created.at) - signalled) / 1000).toFixed(1)} s; ` +
      `exit 0 after ${((exitedAt - signalled) / 1000).toFixed(1)} s\n`,
  );

  // What the two requests wrote is stored: both rows in the database opened again, and the master.
  const { dataDir } = home as ServerHome;
  // The upload's temporary file is gone, and so is any folder of a transcode the shutdown stopped.
  const work = path.join(dataDir, 'work');
  expect(existsSync(work) ? readdirSync(work) : []).toEqual([]);
  let database: Database;
  if (testDatabaseKind === 'pglite') {
    // Shut down cleanly: nothing to recover at the next start.
    expect(clusterState(path.join(dataDir, 'pglite'))).toBe(DB_SHUTDOWNED);
    database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  } else {
    database = (home as ServerHome).database as Database;
  }
  try {
    await database.migrate();
    const rows = async (text: string) =>
      ((await database.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
    expect(await rows(`select slug from brands where slug = '${slug}'`)).toEqual([{ slug }]);
    const [row] = (await rows(
      `select size_bytes::int as size, storage_key, status, lease_owner from video_files where ext_id = '${file.ext_id}'`,
    )) as { size: number; storage_key: string; status: string; lease_owner: string | null }[];
    // The transcoder may have taken it before the shutdown stopped it: then it was let go, queued again as it was.
    expect(row).toMatchObject({ size: video.length, lease_owner: null });
    expect(['queued', 'ready']).toContain(row.status);
    expect(row.storage_key).toMatch(/^masters\//);
    const stored = path.join(dataDir, 'media', row.storage_key);
    expect(existsSync(stored) && statSync(stored).size).toBe(video.length);
  } finally {
    if (testDatabaseKind === 'pglite') await database.close();
  }
}, 120_000);
