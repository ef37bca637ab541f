/**
 * Issue 37's pipeline target: what the guards against masters from strangers cost an ordinary master.
 *
 *   node --import tsx bench/strangers.ts    BENCH_SECONDS (the master, default 30), BENCH_RUNS (pairs, default 2)
 *
 * A: the engine as it runs a job now (`transcodeLadder`, default limits): ffmpeg under `setpriv --pdeathsig`,
 *    `prlimit --as` and `nice 10`, reading the master as the probe's demuxer only, the `file` protocol only, `-t` the
 *    probe's length plus the margin, with its progress read and the stall watchdog on.
 * B: the same ladder before issue 37: `ladderArgs` with the master opened by a bare `-i`, ffmpeg spawned as it is.
 * Turn about (ABBA), medians. Target: A ≤ 1.05 × B. A 1080p master of ffmpeg's test sources (`makeBenchMaster`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_VIDEO_LIMITS,
  ladderArgs,
  masterInput,
  planLadder,
  probeMaster,
  transcodeLadder,
  videoBinaries,
} from '../apps/server/src/modules/videos/engine/index.ts';
import { makeBenchMaster, median, prepareLadderFolders, runTool } from './lib/video.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const TARGET_RATIO = 1.05;

const bin = videoBinaries();
const dir = await mkdtemp(join(tmpdir(), 'kids-vod-bench-strangers-'));
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  const master = join(dir, 'master.mp4');
  await makeBenchMaster(bin, master, SECONDS);
  const source = await probeMaster(bin, master);
  const renditions = planLadder(source);
  const loadAtStart = loadavg()[0];
  console.log(`ffmpeg ${bin.ffmpeg}; ${SECONDS} s 1080p master → ${renditions.map((r) => `${r.height}p`).join(' ')}`);

  let n = 0;
  const guarded = async () => {
    const outDir = join(dir, `guarded-${n++}`);
    const started = performance.now();
    await transcodeLadder(bin, { input: master, source, outDir });
    const ms = performance.now() - started;
    await rm(outDir, { recursive: true, force: true });
    return ms;
  };
  const before = async () => {
    const outDir = join(dir, `before-${n++}`);
    await prepareLadderFolders(outDir, renditions, source);
    const args = ladderArgs({ input: master, source, renditions, outDir });
    // The input as it was opened before issue 37: ffmpeg guesses the format and follows whatever the file names.
    const guard = masterInput(master, source, DEFAULT_VIDEO_LIMITS);
    const at = args.indexOf(guard[0]);
    if (at < 0 || args[at + guard.length - 1] !== guard.at(-1))
      throw new Error('ladderArgs no longer opens the master with masterInput');
    args.splice(at, guard.length, '-i', master);
    const started = performance.now();
    await runTool(bin.ffmpeg, args);
    const ms = performance.now() - started;
    await rm(outDir, { recursive: true, force: true });
    return ms;
  };

  const a: number[] = [];
  const b: number[] = [];
  for (let pair = 0; pair < RUNS; pair++) {
    // Turn about: a machine that gets busier or quieter during the run weighs on both alike.
    const order = pair % 2 === 0 ? [before, guarded] : [guarded, before];
    for (const run of order) (run === guarded ? a : b).push(await run());
    console.log(
      `pair ${pair + 1}: guarded ${s(a.at(-1) as number)}, before ${s(b.at(-1) as number)}; load ${loadavg()[0].toFixed(2)}`,
    );
  }
  const ratio = median(a) / median(b);
  console.log(
    `\nguarded ${s(median(a))}, before issue 37 ${s(median(b))}; ratio ${ratio.toFixed(3)} ` +
      `(target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}); load ${loadAtStart.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
