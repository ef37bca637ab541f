/**
 * The HLS ladder of a 60 s 1080p master (issue 29), made by the video engine against the same ffmpeg command run
 * by hand:
 *
 *   node --import tsx bench/transcode.ts     BENCH_RUNS (pairs, default 2), BENCH_SECONDS (default 60),
 *                                            BENCH_PRESETS (other x264 presets timed by hand, e.g. faster,superfast)
 *
 * Target: the pipeline (`transcodeLadder`: the ffmpeg run with its progress read, the master playlist measured from
 * the segments, the codecs probed, the poster) within 1.1 × the bare ffmpeg command with exactly the same arguments
 * (`ladderArgs`), turn about in the same run (ABBA), medians. The real-time factor is the pipeline's time over the
 * master's length (below 1: faster than real time). No database.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  planLadder,
  probeMaster,
  transcodeLadder,
  videoBinaries,
} from '../apps/server/src/modules/videos/engine/index.ts';
import { folderBytes, ladderByHand, makeBenchMaster, median } from './lib/video.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PRESETS = (process.env.BENCH_PRESETS ?? '').split(',').filter(Boolean);
const TARGET_RATIO = 1.1;

const loadAtStart = loadavg()[0];
const bin = videoBinaries();
const dir = await mkdtemp(join(tmpdir(), 'kids-vod-bench-transcode-'));

try {
  const master = join(dir, 'master.mp4');
  const started = performance.now();
  await makeBenchMaster(bin, master, SECONDS);
  const source = await probeMaster(bin, master);
  const renditions = planLadder(source);
  console.log(
    `master: ${SECONDS} s ${source.width}x${source.height} (made in ${((performance.now() - started) / 1000).toFixed(1)} s), ` +
      `renditions ${renditions.map((r) => `${r.height}p`).join(' ')}; load at start ${loadAtStart.toFixed(2)}; ffmpeg ${bin.ffmpeg}`,
  );

  let n = 0;
  const byHand = async (preset?: string) => {
    const outDir = join(dir, `hand-${n++}`);
    const ms = await ladderByHand(bin.ffmpeg, { input: master, source, outDir, renditions, preset });
    const bytes = await folderBytes(outDir);
    await rm(outDir, { recursive: true, force: true });
    return { ms, bytes };
  };
  const pipeline = async () => {
    const outDir = join(dir, `engine-${n++}`);
    await mkdir(outDir);
    const t = performance.now();
    await transcodeLadder(bin, { input: master, source, outDir });
    const ms = performance.now() - t;
    await rm(outDir, { recursive: true, force: true });
    return ms;
  };

  const hand: number[] = [];
  const engine: number[] = [];
  for (let pair = 0; pair < RUNS; pair++) {
    // Turn about (ABBA): a machine that gets busier or quieter during the run weighs on both alike.
    if (pair % 2 === 0) {
      hand.push((await byHand()).ms);
      engine.push(await pipeline());
    } else {
      engine.push(await pipeline());
      hand.push((await byHand()).ms);
    }
    console.log(
      `pair ${pair + 1}: by hand ${(hand.at(-1)! / 1000).toFixed(1)} s, engine ${(engine.at(-1)! / 1000).toFixed(1)} s`,
    );
  }
  const handMs = median(hand);
  const engineMs = median(engine);
  const ratio = engineMs / handMs;
  console.log(
    `\nladder of ${SECONDS} s 1080p: engine ${(engineMs / 1000).toFixed(1)} s, by hand ${(handMs / 1000).toFixed(1)} s ` +
      `(ratio ${ratio.toFixed(3)}, target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}); ` +
      `real-time factor ${(engineMs / 1000 / SECONDS).toFixed(2)} (by hand ${(handMs / 1000 / SECONDS).toFixed(2)}); ` +
      `load at start ${loadAtStart.toFixed(2)}, at end ${loadavg()[0].toFixed(2)}`,
  );
  for (const preset of PRESETS) {
    const { ms, bytes } = await byHand(preset);
    const reference = await byHand();
    console.log(
      `preset ${preset}: ${(ms / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB; ` +
        `the default right after: ${(reference.ms / 1000).toFixed(1)} s, ${(reference.bytes / 1e6).toFixed(1)} MB`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
