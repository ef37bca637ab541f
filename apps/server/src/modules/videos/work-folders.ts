import { mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** A job's folder in the work folder: named with its video and the pid of the process that works on it. */
export function jobFolder(workDir: string, videoId: number): Promise<string> {
  return mkdtemp(path.join(workDir, `video-${videoId}-p${process.pid}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user has the pid, so it is alive (not ours to judge).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders of jobs whose process is gone (`kill -9`, a lost machine): its ffmpeg died with it (setpriv's
 * pdeathsig), so nothing writes there any more. A live process's folders are left alone, so a worker and the server
 * sharing DATA_DIR on one machine do not pull each other's work away. Folders of an older server (no pid in the name)
 * are gone too. Answers how many were removed.
 */
export async function removeDeadJobFolders(workDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(workDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const match = /^video-\d+-(?:p(\d+)-)?/.exec(name);
    if (!match) continue;
    const pid = match[1] ? Number(match[1]) : null;
    if (pid !== null && (pid === process.pid || alive(pid))) continue;
    await rm(path.join(workDir, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
