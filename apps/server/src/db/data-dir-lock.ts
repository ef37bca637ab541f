import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite is PostgreSQL without its postmaster, so nothing stops a second process (`npm run admin` beside a
 * running server, a second `npm start`) from opening the same data directory; two writers there, each with its
 * own buffers and WAL position, corrupt it. A lock file beside the directory names the process holding it.
 * A lock left by a process that is gone (killed, crashed) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      // An empty file is a lock being written this very moment: held.
      if (holder === undefined || isRunning(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is open in another process${holder ? ` (pid ${holder})` : ''}: ` +
            `stop it first (a server started with npm start?). If no such process runs, delete ${file}.`,
        );
      }
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    let held = true;
    return () => {
      if (held) rmSync(file, { force: true });
      held = false;
    };
  }
  throw new Error(`Could not take the lock ${file}`);
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    // Removed between the two calls: let the next attempt take it.
    return 0;
  }
}

function isRunning(pid: number): boolean {
  if (pid === 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
