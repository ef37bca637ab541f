/**
 * Stop means stop (issue 37): the real server (a child process) killed with SIGKILL mid-transcode leaves no ffmpeg
 * running (its ffmpeg runs under `setpriv --pdeathsig SIGKILL`), and the next start removes the dead job's work
 * folder. Also: `/healthz` says which ffmpeg runs. Runs on PGlite and on PostgreSQL (server-postgres).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SYSTEM_BINARIES } from '../modules/videos/engine/binaries.ts';
import { type ChildServer, type ServerHome, serverHome, startServer } from './child-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness.ts';
import { HttpClient } from './http-client.ts';
import { testMaster } from './masters.ts';
import { multipartBody } from './multipart.ts';
import { ffmpegsIn, waitFor } from './processes.ts';

let home: ServerHome | undefined;
let server: ChildServer | undefined;

beforeAll(async () => {
  home = await serverHome();
}, 120_000);
afterAll(async () => {
  server?.kill();
  await server?.exited;
  await home?.remove();
});

test('kill -9 of a server mid-transcode leaves no ffmpeg after 5 s and no work folder after the next start', async () => {
  if (!home) throw new Error('no home');
  server = await startServer(home.env);
  const client = new HttpClient(server.url);
  await client.login(ADMIN_EMAIL, ADMIN_PASSWORD);

  const health = await client.get('/healthz');
  const tools = health.json<{ ffmpeg: { path: string; version: string | null } }>().ffmpeg;
  if (existsSync(SYSTEM_BINARIES.ffmpeg)) expect(tools.path).toBe(SYSTEM_BINARIES.ffmpeg);
  expect(tools.version).toEqual(expect.any(String));
  expect(server.output()).toContain(`Video tools       ${tools.path} ${tools.version}`);

  const multipart = multipartBody([
    {
      name: 'file',
      filename: 'long.mp4',
      contentType: 'video/mp4',
      data: await testMaster({ seconds: 60, width: 1280, height: 720 }),
    },
  ]);
  const upload = await client.request('/api/content/upload?type=video', {
    method: 'POST',
    payload: multipart.payload,
    headers: multipart.headers,
    timeoutMs: 120_000,
  });
  expect(upload.status, upload.text).toBe(200);
  const workDir = path.join(home.dataDir, 'work');
  await waitFor('ffmpeg transcodes', () => ffmpegsIn(workDir).length > 0, 60_000);
  const folders = readdirSync(workDir).filter((name) => name.startsWith('video-'));
  expect(folders).toHaveLength(1);

  client.close();
  server.kill();
  await server.exited;
  await waitFor('no ffmpeg of the killed server', () => ffmpegsIn(workDir).length === 0, 5_000);

  server = await startServer(home.env);
  await waitFor('the dead job’s work folder removed', () => !existsSync(path.join(workDir, folders[0])), 10_000);
}, 300_000);
