/**
 * Issue 31's audio target: a master with four audio languages processed in ≤ 1.2 × the time of the same master with
 * one audio track, both through the video engine (`transcodeLadder`: the ladder, every audio track normalised and
 * encoded once into the HLS master's AUDIO group, the master playlist, the poster), turn about (ABBA), medians:
 *
 *   node --import tsx bench/audio-tracks.ts     BENCH_RUNS (pairs, default 2), BENCH_SECONDS (default 10)
 *
 * The issue names a 60 s 1080p master; 10 s 1080p is the default here to keep the run to a few minutes on the
 * shared machine (the picture's work and the sound's both grow with the length, so the ratio carries over;
 * BENCH_SECONDS=60 measures the issue's own case). No database.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  makeTestMaster,
  planLadder,
  probeMaster,
  transcodeLadder,
  videoBinaries,
} from '../apps/server/src/modules/videos/engine/index.ts';
import { median } from './lib/video.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RATIO = 1.2;

const loadAtStart = loadavg()[0];

/**
 * CPU seconds of this process's finished children (ffmpeg, ffprobe) so far: /proc/self/stat's cutime + cstime, in
 * clock ticks (100 a second). Less swayed by the other engineers' load than the time on the clock.
 */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // Fields 16 and 17 of proc(5), counted from the state (field 3) here.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
const bin = videoBinaries();
const dir = await mkdtemp(join(tmpdir(), 'kids-vod-bench-audio-'));

try {
  const make = async (name: string, audioLanguages: string[]) => {
    const file = join(dir, `${name}.mp4`);
    await makeTestMaster(bin, file, { seconds: SECONDS, width: 1920, height: 1080, container: 'mp4', audioLanguages });
    return { file, source: await probeMaster(bin, file) };
  };
  const one = await make('one', ['eng']);
  const four = await make('four', ['eng', 'spa', 'rus', 'fra']);
  console.log(
    `masters: ${SECONDS} s 1920x1080, 1 and ${four.source.audio.length} audio tracks; renditions ` +
      `${planLadder(one.source)
        .map((r) => `${r.height}p`)
        .join(' ')}; load at start ${loadAtStart.toFixed(2)}; ffmpeg ${bin.ffmpeg}`,
  );

  let n = 0;
  const run = async (master: typeof one) => {
    const outDir = join(dir, `out-${n++}`);
    await mkdir(outDir);
    const cpu = childCpuSeconds();
    const started = performance.now();
    const result = await transcodeLadder(bin, { input: master.file, source: master.source, outDir });
    const ms = performance.now() - started;
    if (result.audio.length !== master.source.audio.length) throw new Error('an audio track is missing');
    await rm(outDir, { recursive: true, force: true });
    return { ms, cpu: childCpuSeconds() - cpu };
  };

  const oneRuns: Array<{ ms: number; cpu: number }> = [];
  const fourRuns: Array<{ ms: number; cpu: number }> = [];
  for (let pair = 0; pair < RUNS; pair++) {
    // Turn about (ABBA): a machine that gets busier or quieter during the run weighs on both alike.
    if (pair % 2 === 0) {
      oneRuns.push(await run(one));
      fourRuns.push(await run(four));
    } else {
      fourRuns.push(await run(four));
      oneRuns.push(await run(one));
    }
    const [a, b] = [oneRuns.at(-1)!, fourRuns.at(-1)!];
    console.log(
      `pair ${pair + 1}: 1 track ${(a.ms / 1000).toFixed(1)} s (CPU ${a.cpu.toFixed(1)} s), ` +
        `4 tracks ${(b.ms / 1000).toFixed(1)} s (CPU ${b.cpu.toFixed(1)} s); load ${loadavg()[0].toFixed(2)}`,
    );
  }
  const ms = (runs: typeof oneRuns) => median(runs.map((r) => r.ms));
  const cpu = (runs: typeof oneRuns) => median(runs.map((r) => r.cpu));
  const ratio = ms(fourRuns) / ms(oneRuns);
  console.log(
    `\n${SECONDS} s 1080p master: 4 audio languages ${(ms(fourRuns) / 1000).toFixed(1)} s, ` +
      `1 audio track ${(ms(oneRuns) / 1000).toFixed(1)} s (ratio ${ratio.toFixed(3)}, target ≤ ${TARGET_RATIO}: ` +
      `${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}); ffmpeg's CPU ${cpu(fourRuns).toFixed(1)} s against ` +
      `${cpu(oneRuns).toFixed(1)} s (ratio ${(cpu(fourRuns) / cpu(oneRuns)).toFixed(3)}); ` +
      `load at start ${loadAtStart.toFixed(2)}, at end ${loadavg()[0].toFixed(2)}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
