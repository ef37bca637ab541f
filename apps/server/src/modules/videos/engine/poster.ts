import { readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ONLY_THE_FILE } from './input.ts';
import { type Binaries, lastMeaningfulLine, MediaToolFailed, runTool } from './process.ts';

/**
 * At most 1280 wide, the picture as shown (its sample aspect ratio applied), even sides: what a TV tile or a
 * tablet's hero image needs, and no more.
 */
const POSTER_SCALE = "scale=w='2*trunc(min(1280,iw*sar)/2)':h='2*trunc(ow/dar/2)',setsar=1";
/** Seconds looked at around the chosen moment when the poster is chosen for the person. */
export const POSTER_WINDOW_SECONDS = 4;
/** Frames the `thumbnail` filter compares; it keeps them all in memory, at poster size. */
const THUMBNAIL_FRAMES = 30;
/** Mean luma (0-255) under which a frame counts as black or nearly so: limited-range black is 16. */
const DARK_LUMA = 40;

/** The frames not dark, then the most representative of them (the one nearest the average picture). */
const CHOSEN_POSTER = `${POSTER_SCALE},signalstats,metadata=select:key=lavfi.signalstats.YAVG:value=${DARK_LUMA}:function=greater,thumbnail=${THUMBNAIL_FRAMES}`;

/** Where the poster is looked for: a few seconds from 20 % in (titles and a cold open are over by then). */
export function posterWindowStart(durationSec: number, share = 0.2): number {
  return durationSec > POSTER_WINDOW_SECONDS ? Math.min(durationSec * share, durationSec - POSTER_WINDOW_SECONDS) : 0;
}

/**
 * The chosen poster as a branch of another filter graph (the ladder's): its frames are decoded once for all. The
 * branch gives no frame when every frame of the window is dark; the caller then falls back on `takePoster`.
 */
export function posterBranch(input: string, output: string, durationSec: number): string {
  const start = posterWindowStart(durationSec).toFixed(3);
  return `${input}trim=start=${start}:duration=${POSTER_WINDOW_SECONDS},${CHOSEN_POSTER},format=yuvj420p${output}`;
}

/** The output options of a poster. */
export const POSTER_OUTPUT = ['-frames:v', '1', '-q:v', '3', '-f', 'image2'];

export async function hasFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}

/** A playlist's segments with their start times; a master playlist's largest rendition. */
async function segmentsOf(playlist: string): Promise<Array<{ path: string; start: number; seconds: number }>> {
  const lines = (await readFile(playlist, 'utf8')).split(/\r?\n/);
  const variants = lines.filter((_, i) => i > 0 && lines[i - 1].startsWith('#EXT-X-STREAM-INF:'));
  if (variants.length > 0) return segmentsOf(join(dirname(playlist), variants.at(-1)!.trim()));
  const segments: Array<{ path: string; start: number; seconds: number }> = [];
  let start = 0;
  let seconds: number | null = null;
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line.trim() && !line.startsWith('#') && seconds !== null) {
      segments.push({ path: join(dirname(playlist), line.trim()), start, seconds });
      start += seconds;
      seconds = null;
    }
  }
  return segments;
}

/**
 * Where to read a moment from. The 2018 build cannot seek in MPEG-TS before decoding (it lands between keyframes
 * and writes nothing, exit 0), so in a segment the frames before the moment are decoded and dropped (`-ss` after
 * `-i`), and in a playlist only the segment that holds the moment is read.
 */
async function seekable(input: string, atSec: number): Promise<{ input: string; atSec: number; decodeToIt: boolean }> {
  if (/\.m3u8$/i.test(input)) {
    const segments = await segmentsOf(input);
    const segment = segments.find((s) => atSec < s.start + s.seconds) ?? segments.at(-1);
    if (!segment) return { input, atSec, decodeToIt: true };
    return { input: segment.path, atSec: Math.max(0, atSec - segment.start), decodeToIt: true };
  }
  return { input, atSec, decodeToIt: /\.(ts|m2ts|mts)$/i.test(input) };
}

async function grab(
  bin: Binaries,
  original: string,
  out: string,
  at: number,
  filters: string,
  windowSec: number | null,
  signal?: AbortSignal,
) {
  await rm(out, { force: true });
  const { input, atSec, decodeToIt } = await seekable(original, at);
  const seek = ['-ss', atSec.toFixed(3)];
  const window = windowSec === null ? [] : ['-t', String(windowSec)];
  const args = ['-nostdin', '-hide_banner', '-y', '-loglevel', 'error', ...ONLY_THE_FILE];
  if (decodeToIt) args.push('-i', `file:${input}`, ...seek, ...window);
  else args.push(...seek, ...window, '-i', `file:${input}`);
  // 4:2:0 JPEG: what every image decoder reads (signalstats leaves the frames 4:4:4 otherwise).
  args.push('-map', '0:v:0', '-vf', `${filters},format=yuvj420p`, ...POSTER_OUTPUT, `file:${out}`);
  const result = await runTool(bin.ffmpeg, args, { signal, timeoutMs: 120_000 });
  return { ok: result.code === 0 && (await hasFile(out)), stderr: lastMeaningfulLine(result.stderrTail) };
}

/**
 * A poster JPEG (max 1280 wide, even dims) at `atSec`, or when atSec is undefined a frame chosen well: among the
 * frames of a few seconds from 20 % in (then from 50 %), those not dark, the most representative (`thumbnail`).
 * `input` may be a local master or a local .ts segment / playlist.
 */
export async function takePoster(
  bin: Binaries,
  options: { input: string; out: string; atSec?: number; durationSec?: number; signal?: AbortSignal },
): Promise<void> {
  const { input, out, signal } = options;
  if (options.atSec !== undefined) {
    const { ok, stderr } = await grab(bin, input, out, Math.max(0, options.atSec), POSTER_SCALE, null, signal);
    if (!ok)
      throw new MediaToolFailed(
        options.durationSec !== undefined && options.atSec >= options.durationSec
          ? 'That moment is past the end of the video; choose an earlier one.'
          : 'No picture could be taken at that moment of the video.',
        stderr,
      );
    return;
  }
  const duration =
    options.durationSec ??
    (/\.m3u8$/i.test(input) ? (await segmentsOf(input)).reduce((sum, s) => sum + s.seconds, 0) : 0);
  const chosen = CHOSEN_POSTER;
  let stderr = '';
  for (const share of [0.2, 0.5]) {
    const at = posterWindowStart(duration, share);
    const attempt = await grab(bin, input, out, at, chosen, POSTER_WINDOW_SECONDS, signal);
    if (attempt.ok) return;
    stderr = attempt.stderr;
  }
  // A video dark all through (a night scene, a fade): its frame at 20 % in is as good a poster as any.
  const fallback = await grab(bin, input, out, duration * 0.2, POSTER_SCALE, null, signal);
  if (!fallback.ok)
    throw new MediaToolFailed('No picture could be taken from the video for its poster.', fallback.stderr || stderr);
}
