import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Waits until `check` holds, looking every 100 ms; rejects naming `what` after `ms`. Answers how long it took. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

/** The pids of ffmpeg processes whose arguments name a path in `dir` (a server's or a test's work folder). */
export function ffmpegsIn(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (path.basename(argv[0] ?? '') === 'ffmpeg' && argv.some((a) => a.includes(dir))) pids.push(Number(entry));
  }
  return pids;
}
