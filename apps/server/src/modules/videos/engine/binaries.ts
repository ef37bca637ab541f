import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian's ffmpeg and ffprobe (security-maintained, 5.1 on bookworm): preferred over the bundled static builds of
 * @ffmpeg-installer (2018) when they are there and of version 5 or later (issue 37, decision 072).
 */
export const SYSTEM_BINARIES = { ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' } as const;
export const MIN_SYSTEM_MAJOR = 5;

const versions = new Map<string, string | null>();

/** What `<tool> -version` says of itself ("5.1.9-0+deb12u1", "N-46713-g…"), or null when it does not run. */
export function toolVersion(binary: string): string | null {
  if (!versions.has(binary)) {
    let version: string | null = null;
    try {
      const first = execFileSync(binary, ['-version'], { encoding: 'utf8', timeout: 10_000 }).split('\n')[0];
      version = /version\s+(\S+)/.exec(first)?.[1] ?? null;
    } catch {}
    versions.set(binary, version);
  }
  return versions.get(binary) ?? null;
}

/** The major version of a release ("5.1.9-0+deb12u1": 5); null for a git snapshot ("N-46713-g…"). */
export function majorVersion(version: string | null): number | null {
  const match = /^n?(\d+)\./.exec(version ?? '');
  return match ? Number(match[1]) : null;
}

function current(binary: string): boolean {
  return existsSync(binary) && (majorVersion(toolVersion(binary)) ?? 0) >= MIN_SYSTEM_MAJOR;
}

/** Each tool: the path the configuration names, else the system's when current, else the bundled one. */
export function chooseBinary(configured: string | undefined, tool: keyof typeof SYSTEM_BINARIES, bundled: string) {
  if (configured) return configured;
  return current(SYSTEM_BINARIES[tool]) ? SYSTEM_BINARIES[tool] : bundled;
}

/** Which binaries run, with their versions: for `/healthz` and the start log. */
export function describeBinaries(bin: { ffmpeg: string; ffprobe: string }) {
  return {
    ffmpeg: { path: bin.ffmpeg, version: toolVersion(bin.ffmpeg) },
    ffprobe: { path: bin.ffprobe, version: toolVersion(bin.ffprobe) },
  };
}
