import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** A program of util-linux or coreutils on PATH, or null where the system has none (macOS, a slim image). */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    const full = path.join(dir || '.', name);
    try {
      accessSync(full, constants.X_OK);
      return full;
    } catch {}
  }
  return null;
}

const tools = { setpriv: onPath('setpriv'), prlimit: onPath('prlimit'), nice: onPath('nice') };

/** How far below the API ffmpeg runs (PeerTube runs its VOD ffmpeg at the same `nice`). */
export const NICENESS = 10;

export interface ChildLimits {
  /** The child's address space, in MiB (`prlimit --as`); 0 or none: no ceiling. */
  memoryMb?: number;
  /** Below the API (`nice`): a transcode, not a probe or a poster a person waits for. */
  lowPriority?: boolean;
}

/**
 * The command that runs `binary` as a child that cannot outlive this process and costs the API little: each wrapper
 * sets its part and `exec`s the next, so the pid spawned is ffmpeg's own in the end.
 * - `setpriv --pdeathsig SIGKILL`: the kernel kills ffmpeg when the server or worker dies, even by `kill -9`;
 * - `prlimit --as`: an allocation past the ceiling fails, and ffmpeg ends with "Cannot allocate memory";
 * - `nice -n 10` (a transcode): the API's requests, and the probes and posters people wait for, come first.
 * Where a wrapper is missing, that guarantee is missing and nothing else changes (decision 072).
 */
export function childCommand(binary: string, args: string[], limits: ChildLimits = {}): [string, string[]] {
  const chain: string[] = [];
  if (tools.setpriv) chain.push(tools.setpriv, '--pdeathsig', 'SIGKILL', '--');
  if (tools.prlimit && limits.memoryMb && limits.memoryMb > 0)
    chain.push(tools.prlimit, `--as=${limits.memoryMb * 1024 * 1024}`, '--');
  if (tools.nice && limits.lowPriority) chain.push(tools.nice, '-n', String(NICENESS), '--');
  if (chain.length === 0) return [binary, args];
  const [first, ...rest] = chain;
  return [first, [...rest, binary, ...args]];
}
