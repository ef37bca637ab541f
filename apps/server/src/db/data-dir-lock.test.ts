import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

const home = mkdtempSync(path.join(tmpdir(), 'kids-vod-lock-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the embedded database is opened by one process at a time', () => {
  it('refuses a second opening of a data directory until the first is closed', async () => {
    const dataDir = path.join(home, 'pglite');
    const first = await openDatabase({ dataDir });
    try {
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/open in another process \(pid \d+\): stop it first/);
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('refuses npm run admin while a server holds the database, changing nothing', async () => {
    const dataDir = path.join(home, 'admin-data');
    mkdirSync(dataDir);
    const release = lockDataDir(path.join(dataDir, 'pglite'));
    try {
      const cli = path.resolve(import.meta.dirname, '../admin-cli.ts');
      const run = promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', cli, '--email', 'ops@example.com', '--password', 'long-enough-1'],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      );
      await expect(run).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/open in another process \(pid \d+\): stop it first/),
      });
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
    } finally {
      release();
    }
  });

  it('takes over a lock left by a process that is gone, and keeps one held by a running one', () => {
    const dataDir = path.join(home, 'stale');
    writeFileSync(`${dataDir}.lock`, String(deadPid()));
    const release = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    // The parent of this test runner is running, and not this process.
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(`(pid ${process.ppid})`);
    rmSync(`${dataDir}.lock`);
  });
});
