import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rendition, VideoSource } from '@kids-vod/contract';
import { type AudioLabel, type Measured, masterPlaylist } from '../hls/index.ts';
import { ladderArgs, STALL_SECONDS } from './args.ts';
import { audioLabel } from './audio-labels.ts';
import { failureSentence } from './failures.ts';
import { DEFAULT_VIDEO_LIMITS, OverCeiling, pastCeiling, type VideoLimits } from './limits.ts';
import {
  audioFolder,
  audioPlaylist,
  codecsOf,
  POSTER,
  readMediaPlaylist,
  renditionFolder,
  renditionPlaylist,
} from './playlists.ts';
import { hasFile, takePoster } from './poster.ts';
import { type Binaries, MediaToolFailed, runTool } from './process.ts';
import { clock, progressSeconds } from './progress.ts';
import { firstPtsOfFile } from './pts.ts';
import { DEFAULT_STEPS, type LadderStep, planLadder } from './steps.ts';

/** One audio track of the ladder: the master's stream `index`, its language tag as read (null without one). */
export interface AudioRendition extends Measured {
  index: number;
  language: string | null;
}

export interface LadderResult {
  renditions: Array<Rendition & Measured>;
  /** The master's audio streams as renditions of the AUDIO group, in stream order; empty for a silent master. */
  audio: AudioRendition[];
  /** 'master.m3u8', relative to outDir. */
  master: string;
  /** 'poster.jpg', relative to outDir. */
  poster: string;
  /** The ladder's first presentation time, 90 kHz (pts.ts): kept with the video for its subtitles. */
  first_pts_90k: number;
}

/**
 * Transcodes `input` (a local path) into `outDir` (an empty local folder): one ffmpeg process, every rendition at once,
 * then the master playlist (written here, from the segments as they came out) and a poster.
 */
export async function transcodeLadder(
  bin: Binaries,
  options: {
    input: string;
    source: VideoSource;
    outDir: string;
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
    /** Seconds without a progress line after which ffmpeg is taken as stuck and killed (default 60). */
    stallSeconds?: number;
    /** The ladder's steps (VIDEO_LADDER); the default ladder without. */
    steps?: readonly LadderStep[];
    /** How each audio stream is named in the master (the service's languages); else from its tag (`audioLabel`). */
    audioLabels?: AudioLabel[];
    /** The master's and the job's limits (decision 072); the contract's defaults otherwise. */
    limits?: VideoLimits;
  },
): Promise<LadderResult> {
  const { source, outDir, signal } = options;
  const limits = options.limits ?? DEFAULT_VIDEO_LIMITS;
  const planned = planLadder(source, options.steps ?? DEFAULT_STEPS);
  const folders = [...planned.map((_, i) => renditionFolder(i)), ...source.audio.map((_, k) => audioFolder(k))];
  await Promise.all(folders.map((folder) => mkdir(join(outDir, folder), { recursive: true })));
  let reached = 0;
  let lastPercent = -1;
  const args = ladderArgs({ input: options.input, source, outDir, renditions: planned, limits });
  const result = await runTool(bin.ffmpeg, args, {
    signal,
    timeoutMs: limits.jobSeconds * 1000,
    memoryMb: limits.jobMemoryMb,
    lowPriority: true,
    stallMs: (options.stallSeconds ?? STALL_SECONDS) * 1000,
    onStdoutLine: (line) => {
      const seconds = progressSeconds(line);
      if (seconds === null) return;
      reached = Math.max(reached, seconds);
      const percent = Math.min(99, Math.floor((seconds / source.duration_sec) * 100));
      if (percent > lastPercent) {
        lastPercent = percent;
        options.onProgress?.(percent);
      }
    },
  });
  const stderr = result.stderrTail;
  if (result.killedFor === 'stall')
    throw new MediaToolFailed(
      `Converting the video made no progress for ${options.stallSeconds ?? STALL_SECONDS} seconds (at ${clock(reached)}), so it was stopped.`,
      stderr,
    );
  const past = pastCeiling(result, reached, source, limits);
  if (past) throw new OverCeiling(past, stderr);
  if (result.code !== 0)
    throw new MediaToolFailed(failureSentence(result.stderrTail, reached, source.duration_sec), stderr);

  const measure = async (folder: string, playlist: string): Promise<Measured> => {
    signal?.throwIfAborted();
    const segments = await readMediaPlaylist(join(outDir, playlist));
    const sizes = await Promise.all(segments.map((s) => stat(join(outDir, folder, s.uri)).then((st) => st.size)));
    const seconds = segments.reduce((sum, s) => sum + s.seconds, 0);
    // The 2018 build exits 0 on some inputs that end early; a ladder much shorter than its master is not published.
    const missing = source.duration_sec - seconds;
    if (segments.length === 0 || missing > Math.max(1, source.duration_sec * 0.05))
      throw new MediaToolFailed(
        `The video ends early: only ${clock(seconds)} of its ${clock(source.duration_sec)} could be read, so the file is probably cut short or damaged. Upload the whole file again.`,
        stderr,
      );
    // BANDWIDTH is the peak segment bit rate (RFC 8216 4.3.4.2), AVERAGE-BANDWIDTH the whole rendition's.
    const peak = Math.max(...segments.map((s, k) => (sizes[k] * 8) / Math.max(s.seconds, 0.001)));
    const average = (sizes.reduce((a, b) => a + b, 0) * 8) / Math.max(seconds, 0.001);
    return {
      bandwidth: Math.ceil(peak),
      average_bandwidth: Math.ceil(average),
      codecs: await codecsOf(bin, join(outDir, folder, segments[0].uri)),
      playlist,
    };
  };
  const renditions: LadderResult['renditions'] = [];
  for (const [i, { width, height }] of planned.entries())
    renditions.push({ width, height, ...(await measure(renditionFolder(i), renditionPlaylist(i))) });
  const audio: AudioRendition[] = [];
  for (const [k, stream] of source.audio.entries())
    audio.push({
      index: stream.index,
      language: stream.language,
      ...(await measure(audioFolder(k), audioPlaylist(k))),
    });
  const labels = options.audioLabels ?? source.audio.map((s, k) => audioLabel(s.language, k));
  await writeFile(
    join(outDir, 'master.m3u8'),
    masterPlaylist(
      renditions,
      source.fps,
      audio.map((a, k) => ({ ...a, ...(labels[k] ?? audioLabel(a.language, k)) })),
    ),
  );
  // The ladder's run gives no poster when the frames it looked at were all dark: then one is looked for further on.
  if (!(await hasFile(join(outDir, POSTER))))
    await takePoster(bin, {
      input: options.input,
      out: join(outDir, POSTER),
      durationSec: source.duration_sec,
      signal,
    });
  const [first] = await readMediaPlaylist(join(outDir, renditionPlaylist(0)));
  const firstPts = await firstPtsOfFile(join(outDir, renditionFolder(0), first.uri));
  return { renditions, audio, master: 'master.m3u8', poster: POSTER, first_pts_90k: firstPts };
}
