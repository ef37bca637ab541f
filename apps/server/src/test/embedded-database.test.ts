/**
 * Issue 36: on the embedded database no worker can start (a worker shares the queue through PostgreSQL), so a server
 * there that processes no video itself would leave every upload queued for ever. Both are refused at start with a
 * sentence naming the setting; and the ladder's setting (VIDEO_LADDER) is read with today's steps as its default.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { assertVideosWillBeProcessed, loadConfig } from '../config.ts';
import { serverDir, serverEnv, startServer, tempDataDir } from './child-server.ts';

const dataDir = tempDataDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run worker`'s process with only `env`; its exit code and what it wrote. */
function runWorker(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  proc.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  return new Promise((resolve) => proc.once('exit', (code) => resolve({ code, out })));
}

describe('the embedded database', () => {
  it('refuses TRANSCODE_CONCURRENCY=0 at the start of the server, naming the setting', async () => {
    const refused = await startServer(serverEnv(dataDir, { TRANSCODE_CONCURRENCY: '0' })).then(
      (server) => {
        server.kill();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(refused).toContain('TRANSCODE_CONCURRENCY: is 0 on the embedded database, where no worker can start');
    expect(refused).not.toMatch(/\bat \S+\.ts:\d+/);
    // With PostgreSQL, 0 leaves the videos to workers; on the embedded database any other number is taken.
    const postgres = loadConfig({ TRANSCODE_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/kids' });
    expect(() => assertVideosWillBeProcessed(postgres)).not.toThrow();
    expect(() => assertVideosWillBeProcessed(loadConfig({ TRANSCODE_CONCURRENCY: '2' }))).not.toThrow();
  }, 120_000);

  it('has `npm run worker` say that it needs PostgreSQL', async () => {
    const { code, out } = await runWorker({ DATA_DIR: dataDir, TRANSCODE_CONCURRENCY: '1' });
    expect(code).toBe(1);
    expect(out.trim()).toBe(
      '`npm run worker` needs PostgreSQL: set DATABASE_URL to the server’s database. On the embedded database no worker can start: the server processes its videos itself (TRANSCODE_CONCURRENCY 1 or more).',
    );
  }, 60_000);
});

describe('VIDEO_LADDER', () => {
  it('is the ladder of decision 059 when unset', () => {
    expect(loadConfig({}).VIDEO_LADDER).toEqual([
      { long: 640, short: 360, videoKbps: 800, audioKbps: 96 },
      { long: 854, short: 480, videoKbps: 1400, audioKbps: 96 },
      { long: 1280, short: 720, videoKbps: 2800, audioKbps: 128 },
      { long: 1920, short: 1080, videoKbps: 5000, audioKbps: 128 },
    ]);
  });

  it('takes other steps, and refuses a wrong one with a sentence naming it', () => {
    expect(loadConfig({ VIDEO_LADDER: '640x360:700:96, 1280x720:2500:128' }).VIDEO_LADDER).toEqual([
      { long: 640, short: 360, videoKbps: 700, audioKbps: 96 },
      { long: 1280, short: 720, videoKbps: 2500, audioKbps: 128 },
    ]);
    expect(() => loadConfig({ VIDEO_LADDER: '1280x720:2800:128,640x360:800:96' })).toThrow(
      'VIDEO_LADDER: the step “640x360:800:96” must be larger than the step before it (smallest first)',
    );
    expect(() => loadConfig({ VIDEO_LADDER: '720p' })).toThrow(
      'VIDEO_LADDER: the step “720p” is not WIDTHxHEIGHT:VIDEO_KBPS:AUDIO_KBPS',
    );
    expect(() => loadConfig({ VIDEO_LADDER: '641x360:800:96' })).toThrow(/even sizes/);
    expect(() => loadConfig({ VIDEO_LADDER: '640x360:80:96' })).toThrow(/video rate/);
  });
});
