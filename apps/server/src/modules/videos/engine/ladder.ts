import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rendition, VideoSource } from '@kids-vod/contract';
import { playlistName } from '../../../lib/playlist-text.ts';
import { masterInput } from './input.ts';
import { DEFAULT_VIDEO_LIMITS, pastCeiling, type VideoLimits } from './limits.ts';
import { hasFile, POSTER_OUTPUT, posterBranch, takePoster } from './poster.ts';
import { type Binaries, lastMeaningfulLine, MediaToolFailed, runTool } from './process.ts';

/** Seconds between keyframes, and so the length of every segment (decision 059). */
export const SEGMENT_SECONDS = 6;
/** The loudness every episode is brought to (decision 059): integrated, true peak, loudness range. */
export const LOUDNESS = { integratedLufs: -16, truePeakDbtp: -1.5, rangeLu: 11 } as const;
/** x264's speed against size (decision 059); `BENCH_PRESETS` in bench/transcode.ts times others against it. */
export const X264_PRESET = 'veryfast';
/** A process that writes no progress line for this long is stuck (a stalled disk, a pipe that never ends). */
export const STALL_SECONDS = 60;

export interface Rung {
  width: number;
  height: number;
  videoKbps: number;
  /** The sound's rate where this rung is the top one: every audio track takes the top rung's (`audioKbps`). */
  audioKbps: number;
}

/** The ladder's steps, as boxes a rung's picture fits in (turned for portrait sources), and their bit rates. */
const STEPS = [
  { long: 640, short: 360, videoKbps: 800, audioKbps: 96 },
  { long: 854, short: 480, videoKbps: 1400, audioKbps: 96 },
  { long: 1280, short: 720, videoKbps: 2800, audioKbps: 128 },
  { long: 1920, short: 1080, videoKbps: 5000, audioKbps: 128 },
];

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The rungs for a source: never above the source's height (a source below 360p gets one rung at its own size, even dimensions). */
export function planLadder(source: VideoSource): Rung[] {
  const { width, height } = source;
  const portrait = height > width;
  const rungs: Rung[] = [];
  for (const step of STEPS) {
    const boxWidth = portrait ? step.short : step.long;
    const boxHeight = portrait ? step.long : step.short;
    // The picture fitted into the box, kept in proportion; a step bigger than the source in both directions would
    // only upscale, so the ladder stops below it.
    const scale = Math.min(boxWidth / width, boxHeight / height);
    if (scale > 1.001) break;
    const rungWidth = even(width * scale);
    const rungHeight = even(height * scale);
    // A picture narrower than the box (4:3, scope) has fewer pixels to spend the bits on.
    const share = Math.min(1, Math.max(0.5, (rungWidth * rungHeight) / (boxWidth * boxHeight)));
    rungs.push({
      width: rungWidth,
      height: rungHeight,
      videoKbps: Math.round((step.videoKbps * share) / 10) * 10,
      audioKbps: step.audioKbps,
    });
  }
  if (rungs.length === 0) {
    const first = STEPS[0];
    const share = Math.max(0.25, (width * height) / (first.long * first.short));
    rungs.push({
      width: Math.max(2, width - (width % 2)),
      height: Math.max(2, height - (height % 2)),
      videoKbps: Math.round((first.videoKbps * share) / 10) * 10,
      audioKbps: first.audioKbps,
    });
  }
  return rungs;
}

/** The poster's file in the ladder's folder. */
export const POSTER = 'poster.jpg';

/** A rung's folder inside the ladder's folder, and its media playlist. */
export const rungFolder = (index: number) => `r${index}`;
export const rungPlaylist = (index: number) => `${rungFolder(index)}/index.m3u8`;
/** An audio track's folder (the k-th audio stream of the master, in stream order), and its media playlist. */
export const audioFolder = (k: number) => `a${k}`;
export const audioPlaylist = (k: number) => `${audioFolder(k)}/index.m3u8`;
/** The HLS master's one group of alternative audio (api.md: every audio stream of the master is in it). */
export const AUDIO_GROUP = 'audio';

/** The bit rate of every audio track: the top rung's (decision 068: the sound is encoded once, not once a rung). */
export function audioKbps(rungs: Rung[]): number {
  return Math.max(...rungs.map((r) => r.audioKbps));
}

/** The frames between two keyframes at the source's rate (25 fps when it has none that can be read). */
function gopFrames(fps: number): number {
  return Math.max(1, Math.round((fps > 0 && fps <= 240 ? fps : 25) * SEGMENT_SECONDS));
}

/**
 * The whole ladder as one ffmpeg command: the master decoded once, its picture split to every rung and scaled, each
 * rung an HLS output of its own (the picture alone); each of its audio streams normalised and encoded once, an
 * audio-only HLS output of its own (decision 068). The bench runs exactly these arguments.
 * The rungs' and audio tracks' folders must exist (`rungFolder`, `audioFolder`).
 */
export function ladderArgs(options: {
  input: string;
  source: VideoSource;
  outDir: string;
  rungs?: Rung[];
  /** Another x264 preset, for the bench's comparisons only. */
  preset?: string;
  limits?: VideoLimits;
}): string[] {
  const { source, outDir } = options;
  const rungs = options.rungs ?? planLadder(source);
  const audio = source.audio;
  const n = rungs.length;
  const labels = (prefix: string) => rungs.map((_, i) => `[${prefix}${i}]`).join('');
  const graph = [
    `[0:v:0]split=${n + 1}${labels('s')}[sp]`,
    // setsar=1: the rung's size is already the picture as shown (the probe applies the source's aspect ratio);
    // yuv420p: what every H.264 decoder plays (a ProRes master is 4:2:2 or 4:4:4, 10-bit).
    ...rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`),
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
  rungs.forEach((rung, i) => {
    // The picture alone: its sound is in the audio renditions (decision 068).
    args.push('-map', `[v${i}]`);
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      options.preset ?? X264_PRESET,
      '-profile:v',
      'high',
      // Quality-targeted, capped at the rung's rate: a cartoon's flat colours take far less than the cap.
      '-crf',
      '23',
      '-maxrate',
      `${rung.videoKbps}k`,
      '-bufsize',
      `${rung.videoKbps * 2}k`,
      // The same keyframes on every rung: one every SEGMENT_SECONDS, and none elsewhere.
      '-g',
      gop,
      '-keyint_min',
      gop,
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    );
    args.push(...hlsOutput(join(outDir, rungFolder(i)), join(outDir, rungPlaylist(i))));
  });
  const kbps = audioKbps(rungs);
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

/** Measured from a written media playlist: its peak and average bit rates (bits per second), its codecs. */
export interface Measured {
  bandwidth: number;
  average_bandwidth: number;
  codecs: string;
  playlist: string;
}

/** One audio track of the ladder: the master's stream `index`, its language tag as read (null without one). */
export interface AudioRendition extends Measured {
  index: number;
  language: string | null;
}

/** How an audio track is named in the HLS master: `name` for people, `language` (a BCP 47 code) when known. */
export interface AudioLabel {
  name: string;
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
}

/** A media playlist's segments, from its text: their file names and durations. */
export function parseMediaPlaylist(text: string): Array<{ uri: string; seconds: number }> {
  const segments: Array<{ uri: string; seconds: number }> = [];
  let seconds: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && seconds !== null) {
      segments.push({ uri: line.trim(), seconds });
      seconds = null;
    }
  }
  return segments;
}

/** A media playlist file's segments. */
export async function readMediaPlaylist(path: string): Promise<Array<{ uri: string; seconds: number }>> {
  return parseMediaPlaylist(await readFile(path, 'utf8'));
}

/** RFC 6381 names for what the first segment holds (avc1.PPCCLL, mp4a.40.N). */
async function codecsOf(bin: Binaries, segment: string): Promise<string> {
  const result = await runTool(
    bin.ffprobe,
    ['-hide_banner', '-v', 'error', '-print_format', 'json', '-show_streams', `file:${segment}`],
    { collectStdout: true, timeoutMs: 30_000 },
  );
  if (result.code !== 0)
    throw new MediaToolFailed('The converted video could not be checked.', lastMeaningfulLine(result.stderrTail));
  const streams = (JSON.parse(result.stdout).streams ?? []) as Array<{
    codec_name?: string;
    profile?: string;
    level?: number;
  }>;
  const names: string[] = [];
  const video = streams.find((s) => s.codec_name === 'h264');
  if (video) {
    const profiles: Record<string, string> = {
      'Constrained Baseline': '42e0',
      Baseline: '4200',
      Main: '4d40',
      High: '6400',
      'High 10': '6e00',
      'High 4:2:2': '7a00',
    };
    const level = (video.level ?? 31).toString(16).padStart(2, '0');
    names.push(`avc1.${profiles[video.profile ?? 'High'] ?? '6400'}${level}`);
  }
  const audio = streams.find((s) => s.codec_name === 'aac');
  if (audio)
    names.push(audio.profile === 'HE-AAC' ? 'mp4a.40.5' : audio.profile === 'HE-AACv2' ? 'mp4a.40.29' : 'mp4a.40.2');
  return names.join(',');
}

/** `m:ss` (or `h:mm:ss`) for a sentence. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

function progressSeconds(line: string): number | null {
  // out_time=HH:MM:SS.micro is in every build; out_time_ms is microseconds in spite of its name.
  if (!line.startsWith('out_time=')) return null;
  const match = /^out_time=(-?\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(line.trim());
  if (!match || match[1].startsWith('-')) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Failures that are the machine's or ours, not the master's. */
const NOT_THE_MASTER: Array<[RegExp, string]> = [
  [/No space left on device/i, 'The disk is full, so the video could not be converted.'],
  [/Cannot allocate memory/i, 'The server ran out of memory while converting the video.'],
  [/Permission denied|Read-only file system/i, 'The converted video could not be written to its folder.'],
  [
    /Error (initializing|opening|reinitializing) (complex )?filters?|Error initializing output stream|Unknown encoder/i,
    'The video could not be converted. Try again; if it fails again, export the master anew as MP4 (H.264) or MOV (ProRes).',
  ],
];

function failureSentence(stderr: string[], reachedSec: number, durationSec: number): string {
  const text = stderr.join('\n');
  for (const [pattern, sentence] of NOT_THE_MASTER) if (pattern.test(text)) return sentence;
  // With -xerror, anything else that stops ffmpeg is a decoder's complaint about the master's bytes: a corrupt or
  // truncated stream, in the picture or the sound. Its lines differ with every codec, so they are not matched.
  const where = reachedSec >= 1 ? ` past ${clock(reachedSec)} of its ${clock(durationSec)}` : '';
  return `The video is damaged: it could not be read cleanly${where}. Export it again from the editing software and upload it anew.`;
}

/**
 * Transcodes `input` (a local path) into `outDir` (an empty local folder): one ffmpeg process, every rung at once,
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
    /** How each audio stream is named in the master (the service's languages); else from its tag (`audioLabel`). */
    audioLabels?: AudioLabel[];
    /** The master's and the job's limits (decision 072); the contract's defaults otherwise. */
    limits?: VideoLimits;
  },
): Promise<LadderResult> {
  const { source, outDir, signal } = options;
  const limits = options.limits ?? DEFAULT_VIDEO_LIMITS;
  const rungs = planLadder(source);
  const folders = [...rungs.map((_, i) => rungFolder(i)), ...source.audio.map((_, k) => audioFolder(k))];
  await Promise.all(folders.map((folder) => mkdir(join(outDir, folder), { recursive: true })));
  let reached = 0;
  let lastPercent = -1;
  const result = await runTool(bin.ffmpeg, ladderArgs({ input: options.input, source, outDir, rungs, limits }), {
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
  const stderr = lastMeaningfulLine(result.stderrTail);
  if (result.killedFor === 'stall')
    throw new MediaToolFailed(
      `Converting the video made no progress for ${options.stallSeconds ?? STALL_SECONDS} seconds (at ${clock(reached)}), so it was stopped.`,
      stderr,
    );
  const past = pastCeiling(result, reached, source, limits);
  if (past) throw new MediaToolFailed(past, stderr);
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
  for (const [i, rung] of rungs.entries())
    renditions.push({ width: rung.width, height: rung.height, ...(await measure(rungFolder(i), rungPlaylist(i))) });
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
  return { renditions, audio, master: 'master.m3u8', poster: POSTER };
}

/** An audio track's name and language from its tag alone: `eng` is English (en); none, or one naming no language: "Audio 2". */
export function audioLabel(tag: string | null, k: number): AudioLabel {
  const code = languageOfTag(tag);
  const name = code && new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code);
  return name ? { name, language: code } : { name: `Audio ${k + 1}`, language: null };
}

/**
 * The BCP 47 code of a stream's language tag (ISO 639-2 `eng`, `fre`/`fra`, or 639-1 `en`): `en`, `fr`; null for no
 * tag, `und`, or a tag that names no language (`xyz`, `qaa`, `zxx`, `mul`).
 */
export function languageOfTag(tag: string | null | undefined): string | null {
  if (!tag) return null;
  let code: string;
  try {
    [code] = Intl.getCanonicalLocales(tag.trim());
  } catch {
    return null;
  }
  if (!code || ['und', 'mul', 'zxx', 'mis'].includes(code)) return null;
  const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code);
  return name ? code : null;
}

/** The `#EXT-X-MEDIA` lines of the AUDIO group: the first track is the default (players start with it). */
export function audioGroupLines(tracks: Array<AudioLabel & { playlist: string }>): string[] {
  // Every NAME of a group differs (RFC 8216 4.3.4.1.1): two English tracks (the dub and an audio description) are
  // "English" and "English 2".
  const seen = new Map<string, number>();
  return tracks.map((t, k) => {
    const times = (seen.get(t.name) ?? 0) + 1;
    seen.set(t.name, times);
    const name = times === 1 ? t.name : `${t.name} ${times}`;
    const attributes = [
      'TYPE=AUDIO',
      `GROUP-ID="${AUDIO_GROUP}"`,
      `NAME="${playlistName(name)}"`,
      ...(t.language ? [`LANGUAGE="${playlistName(t.language)}"`] : []),
      `DEFAULT=${k === 0 ? 'YES' : 'NO'}`,
      'AUTOSELECT=YES',
      'CHANNELS="2"',
      `URI="${t.playlist}"`,
    ];
    return `#EXT-X-MEDIA:${attributes.join(',')}`;
  });
}

/**
 * The master playlist, smallest rung first (players start with the first one listed). With audio, every variant is
 * the picture alone and names the AUDIO group; its BANDWIDTH and CODECS count the largest audio track (RFC 8216
 * 4.3.4.2: a variant's bit rate includes the renditions it is played with).
 */
export function masterPlaylist(
  renditions: LadderResult['renditions'],
  fps: number,
  audio: Array<AudioLabel & Measured> = [],
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', ...audioGroupLines(audio)];
  const audioPeak = Math.max(0, ...audio.map((a) => a.bandwidth));
  const audioAverage = Math.max(0, ...audio.map((a) => a.average_bandwidth));
  const audioCodecs = audio[0]?.codecs;
  for (const r of [...renditions].sort((a, b) => a.height - b.height || a.bandwidth - b.bandwidth)) {
    const attributes = [
      `BANDWIDTH=${r.bandwidth + audioPeak}`,
      `AVERAGE-BANDWIDTH=${r.average_bandwidth + audioAverage}`,
      `RESOLUTION=${r.width}x${r.height}`,
      `CODECS="${[r.codecs, audioCodecs].filter(Boolean).join(',')}"`,
    ];
    if (fps > 0) attributes.push(`FRAME-RATE=${fps.toFixed(3)}`);
    if (audio.length > 0) attributes.push(`AUDIO="${AUDIO_GROUP}"`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, r.playlist);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The same master with its AUDIO group named anew (staff chose the languages): only the `#EXT-X-MEDIA:TYPE=AUDIO`
 * lines change, every other line (variants, other groups) is kept as it is. The picture is not touched.
 */
export function withAudioGroup(master: string, tracks: Array<AudioLabel & { playlist: string }>): string {
  const lines = master.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const isAudio = (line: string) => line.startsWith('#EXT-X-MEDIA:') && /(^|[:,])TYPE=AUDIO(,|$)/.test(line);
  let at = lines.findIndex(isAudio);
  if (at < 0) at = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  if (at < 0) at = lines.length;
  const kept = lines.filter((l, i) => i < at || !isAudio(l));
  kept.splice(at, 0, ...audioGroupLines(tracks));
  return `${kept.join('\n')}\n`;
}
