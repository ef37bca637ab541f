import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/client.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTestDatabase, testDatabaseKind } from './harness.ts';

/** apps/server, where `node --import tsx src/main.ts` runs the server. */
export const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  proc: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL unless it has exited already. */
  kill(): void;
}

/** The environment of a test server: the harness's admin, no demo data, a random ingest key, warnings only. */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    INGEST_KEY: randomBytes(16).toString('hex'),
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * The real server (`node --import tsx apps/server/src/main.ts`) as a child process on a free port; resolves
 * once it listens (its start banner names the address). The child gets only the variables given (and PATH,
 * HOME), so nothing of the test process (DATABASE_URL…) leaks in.
 */
export function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ChildServer> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  proc.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const kill = () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      const m = /Kids VOD console\s+(http:\/\/127\.0\.0\.1:(\d+))\/admin/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      proc.stdout?.off('data', onData);
      resolve({ url: m[1], port: Number(m[2]), proc, output: () => out, exited, kill });
    };
    proc.stdout?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening (${code ?? signal}):\n${out}`));
    });
  });
}

/** A new, empty DATA_DIR (uploads; the database is elsewhere). */
export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'kids-vod-child-'));
}

/**
 * A new DATA_DIR whose PGlite cluster is a copy of the suite's migrated, seeded template (the global setup's),
 * so a child server starts in seconds instead of running initdb; an empty one when there is no template.
 */
export function pgliteDataDir(): string {
  const dir = tempDataDir();
  const cluster = path.join(dir, 'pglite');
  mkdirSync(cluster);
  const template = process.env.PGLITE_TEMPLATE;
  if (template && existsSync(template)) {
    // The dump is a tar of the cluster with absolute member names ("/base/…"): extracted below `cluster`.
    const tar = spawnSync('tar', ['-xf', template, '-C', cluster], { encoding: 'utf8' });
    if (tar.status !== 0) throw new Error(`could not extract the PGlite template: ${tar.stderr}`);
  }
  return dir;
}

/** Where a child server of this test project keeps its data, and the environment that points it there. */
export interface ServerHome {
  dataDir: string;
  env: Record<string, string>;
  /** PostgreSQL projects: the server's fresh database on the test server (dropped by `remove`). */
  database?: Database & { url?: string };
  remove(): Promise<void>;
}

/**
 * PGlite projects: a DATA_DIR holding a copy of the template cluster. PostgreSQL projects: a fresh database on the
 * test server, and an empty DATA_DIR for uploads.
 */
export async function serverHome(extra: Record<string, string> = {}): Promise<ServerHome> {
  const database = testDatabaseKind === 'pglite' ? undefined : await openTestDatabase();
  const dataDir = database ? tempDataDir() : pgliteDataDir();
  const env = serverEnv(dataDir, database ? { ...extra, DATABASE_URL: database.url as string } : extra);
  return {
    dataDir,
    env,
    database,
    async remove() {
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** DBState of a PostgreSQL cluster's global/pg_control: 1 is "shut down" (clean), 6 "in production" (crashed). */
export function clusterState(clusterDir: string): number {
  return readFileSync(path.join(clusterDir, 'global/pg_control')).readInt32LE(16);
}
export const DB_SHUTDOWNED = 1;
export const DB_IN_PRODUCTION = 6;

/** A free TCP port on 127.0.0.1 (closed again at once). */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
