/** The ladder's one ffmpeg command: its filter graph, its encoders' settings, its HLS outputs (decision 059, 068). */
import { join } from 'node:path';
import type { VideoSource } from '@kids-vod/contract';
import { masterInput } from './input.ts';
import { DEFAULT_VIDEO_LIMITS, type VideoLimits } from './limits.ts';
import { audioFolder, audioPlaylist, POSTER, renditionFolder, renditionPlaylist } from './playlists.ts';
import { POSTER_OUTPUT, posterBranch } from './poster.ts';
import { audioKbps, DEFAULT_STEPS, type LadderStep, type PlannedRendition, planLadder } from './steps.ts';

/** Seconds between keyframes, and so the length of every segment (decision 059). */
export const SEGMENT_SECONDS = 6;
/** The loudness every episode is brought to (decision 059): integrated, true peak, loudness range. */
export const LOUDNESS = { integratedLufs: -16, truePeakDbtp: -1.5, rangeLu: 11 } as const;
/** x264's speed against size (decision 059); `BENCH_PRESETS` in bench/transcode.ts times others against it. */
export const X264_PRESET = 'veryfast';
/** A process that writes no progress line for this long is stuck (a stalled disk, a pipe that never ends). */
export const STALL_SECONDS = 60;

/** The frames between two keyframes at the source's rate (25 fps when it has none that can be read). */
function gopFrames(fps: number): number {
  return Math.max(1, Math.round((fps > 0 && fps <= 240 ? fps : 25) * SEGMENT_SECONDS));
}

/**
 * The whole ladder as one ffmpeg command: the master decoded once, its picture split to every rendition and scaled, each
 * rendition an HLS output of its own (the picture alone); each of its audio streams normalised and encoded once, an
 * audio-only HLS output of its own (decision 068). The bench runs exactly these arguments.
 * The renditions' and audio tracks' folders must exist (`renditionFolder`, `audioFolder`).
 */
export function ladderArgs(options: {
  input: string;
  source: VideoSource;
  outDir: string;
  renditions?: PlannedRendition[];
  /** The ladder's steps (VIDEO_LADDER), when `renditions` are not given. */
  steps?: readonly LadderStep[];
  /** Another x264 preset, for the bench's comparisons only. */
  preset?: string;
  /** The master's limits (decision 072): how long ffmpeg may decode it. */
  limits?: VideoLimits;
}): string[] {
  const { source, outDir } = options;
  const renditions = options.renditions ?? planLadder(source, options.steps ?? DEFAULT_STEPS);
  const audio = source.audio;
  const n = renditions.length;
  const labels = (prefix: string) => renditions.map((_, i) => `[${prefix}${i}]`).join('');
  const graph = [
    `[0:v:0]split=${n + 1}${labels('s')}[sp]`,
    // setsar=1: the rendition's size is already the picture as shown (the probe applies the source's aspect ratio);
    // yuv420p: what every H.264 decoder plays (a ProRes master is 4:2:2 or 4:4:4, 10-bit).
    ...renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`),
    // The poster from the frames decoded anyway: a second pass over a 1080p master cost 2-4 s on this machine.
    posterBranch('[sp]', '[poster]', source.duration_sec),
  ];
  // Every audio stream of the master, each normalised on its own (a dub is mixed apart from the original) into one
  // audio-only rendition: the HLS master's AUDIO group (decision 068). Stereo first, so that the loudness measured is
  // the loudness heard; loudnorm works at 192 kHz, hence the resampling after it. Single pass (dynamic mode):
  // decision 059.
  const { integratedLufs, truePeakDbtp, rangeLu } = LOUDNESS;
  audio.forEach((stream, k) => {
    graph.push(
      `[0:${stream.index}]aformat=channel_layouts=stereo,loudnorm=I=${integratedLufs}:TP=${truePeakDbtp}:LRA=${rangeLu},aresample=48000[a${k}]`,
    );
  });
  const gop = String(gopFrames(source.fps));
  const args = [
    '-nostdin',
    '-hide_banner',
    '-y',
    '-loglevel',
    'error',
    // Any decoding error ends the run: a damaged or truncated master would otherwise pass with green blocks or a
    // shorter ladder (the 2018 build exits 0 on both, decision 059).
    '-xerror',
    '-progress',
    'pipe:1',
    '-nostats',
    ...masterInput(options.input, source, options.limits ?? DEFAULT_VIDEO_LIMITS),
    '-filter_complex',
    graph.join(';'),
  ];
  renditions.forEach((rendition, i) => {
    // The picture alone: its sound is in the audio renditions (decision 068).
    args.push('-map', `[v${i}]`);
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      options.preset ?? X264_PRESET,
      '-profile:v',
      'high',
      // Quality-targeted, capped at the rendition's rate: a cartoon's flat colours take far less than the cap.
      '-crf',
      '23',
      '-maxrate',
      `${rendition.videoKbps}k`,
      '-bufsize',
      `${rendition.videoKbps * 2}k`,
      // The same keyframes on every rendition: one every SEGMENT_SECONDS, and none elsewhere.
      '-g',
      gop,
      '-keyint_min',
      gop,
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    );
    args.push(...hlsOutput(join(outDir, renditionFolder(i)), join(outDir, renditionPlaylist(i))));
  });
  const kbps = audioKbps(renditions);
  audio.forEach((_, k) => {
    args.push('-map', `[a${k}]`, '-c:a', 'aac', '-b:a', `${kbps}k`, '-ac', '2', '-ar', '48000');
    args.push(...hlsOutput(join(outDir, audioFolder(k)), join(outDir, audioPlaylist(k))));
  });
  args.push('-map', '[poster]', ...POSTER_OUTPUT, `file:${join(outDir, POSTER)}`);
  return args;
}

/** One HLS output of the ladder's command: segments of SEGMENT_SECONDS in `folder`, a VOD playlist. */
function hlsOutput(folder: string, playlist: string): string[] {
  return [
    '-max_muxing_queue_size',
    '4096',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_list_size',
    '0',
    '-hls_segment_filename',
    `file:${join(folder, 'seg_%05d.ts')}`,
    `file:${playlist}`,
  ];
}
