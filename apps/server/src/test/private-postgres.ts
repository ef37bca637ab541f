import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './child-server.ts';

const run = promisify(execFile);

/** Where Debian's postgresql-NN package puts initdb, pg_ctl and postgres: the newest version installed. */
export const PG_BIN =
  process.env.PG_BIN ??
  path.join(
    '/usr/lib/postgresql',
    (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : ['15'])
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))[0] ?? '15',
    'bin',
  );

export interface PrivateCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  /** pg_ctl stop: `fast` rolls back and disconnects sessions, `immediate` kills the server (crash recovery at the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** The server's log, for failure messages. */
  log(): string;
  /** Stops it (immediately) if running and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, a free port, sockets in /tmp), to be
 * stopped and started at will without touching the shared server other suites use. initdb and the server
 * refuse to run as root: as root they run as the `postgres` user (runuser), otherwise as the current user.
 */
export async function createPrivateCluster(): Promise<PrivateCluster> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync('/tmp/kids-vod-pg-');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const asPostgres = (bin: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args])
      : run(path.join(PG_BIN, bin), args);
  await asPostgres('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=16MB`;
  let running = false;
  const cluster: PrivateCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asPostgres('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
