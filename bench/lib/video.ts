/** What the video benchmarks share (bench/transcode.ts, bench/video-pipeline.ts): the master, ffmpeg runs, medians. */
import { spawn } from 'node:child_process';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoSource } from '@kids-vod/contract';
import {
  audioFolder,
  type Binaries,
  ladderArgs,
  makeTestMaster,
  type PlannedRendition,
  renditionFolder,
} from '../../apps/server/src/modules/videos/engine/index.ts';

/** Runs a binary with an argument array; rejects with the end of its stderr when it exits other than 0. */
export function runTool(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${binary} exited ${code}: ${stderr}`))));
  });
}

/**
 * The bench master: `seconds` of ffmpeg's test sources at 1920x1080 (the tests' own masters, `makeTestMaster`): H.264
 * ultrafast + AAC, the index first (+faststart) as editing software exports for the web.
 */
export function makeBenchMaster(bin: Binaries, out: string, seconds: number): Promise<void> {
  return makeTestMaster(bin, out, { seconds, width: 1920, height: 1080, container: 'mp4' });
}

/** The bytes of every file under a folder. */
export async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The engine's ladder command (`ladderArgs`) run by hand into `outDir` (its renditions' and tracks' folders made first); its ms. */
/** The folders ffmpeg writes a ladder's playlists into (it does not make them). */
export async function prepareLadderFolders(
  outDir: string,
  renditions: PlannedRendition[],
  source: VideoSource,
): Promise<void> {
  const folders = [...renditions.map((_, i) => renditionFolder(i)), ...source.audio.map((_, k) => audioFolder(k))];
  await Promise.all(folders.map((folder) => mkdir(join(outDir, folder), { recursive: true })));
}

export async function ladderByHand(
  ffmpeg: string,
  options: { input: string; source: VideoSource; renditions: PlannedRendition[]; outDir: string; preset?: string },
): Promise<number> {
  await prepareLadderFolders(options.outDir, options.renditions, options.source);
  const started = performance.now();
  await runTool(ffmpeg, ladderArgs(options));
  return performance.now() - started;
}
