import { rm, stat } from 'node:fs/promises';
import { type Binaries, lastMeaningfulLine, MediaToolFailed, runTool } from './process.ts';

/**
 * At most 1280 wide, the picture as shown (its sample aspect ratio applied), even sides: what a TV tile or a
 * tablet's hero image needs, and no more.
 */
const POSTER_SCALE = "scale=w='2*trunc(min(1280,iw*sar)/2)':h='2*trunc(ow/dar/2)',setsar=1";
/** Seconds looked at around the chosen moment when the poster is chosen for the person. */
const WINDOW_SECONDS = 4;
/** Frames the `thumbnail` filter compares; it keeps them all in memory, at poster size. */
const THUMBNAIL_FRAMES = 40;
/** Mean luma (0-255) under which a frame counts as black or nearly so: limited-range black is 16. */
const DARK_LUMA = 40;

async function hasFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}

async function grab(
  bin: Binaries,
  input: string,
  out: string,
  atSec: number,
  filters: string,
  windowSec: number | null,
  signal?: AbortSignal,
) {
  await rm(out, { force: true });
  // A segment (a few seconds, no index, timestamps that start where the ladder's left off) is decoded from its start
  // and the moment found on the way; a master is seeked to first.
  const seek = ['-ss', atSec.toFixed(3)];
  const segment = input.endsWith('.ts');
  const args = ['-nostdin', '-hide_banner', '-y', '-loglevel', 'error', ...(segment ? [] : seek)];
  if (windowSec !== null) args.push('-t', String(windowSec));
  args.push(
    '-i',
    `file:${input}`,
    ...(segment ? seek : []),
    '-map',
    '0:v:0',
    '-vf',
    filters,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-f',
    'image2',
    `file:${out}`,
  );
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
  const duration = options.durationSec ?? 0;
  const chosen = `${POSTER_SCALE},signalstats,metadata=select:key=lavfi.signalstats.YAVG:value=${DARK_LUMA}:function=greater,thumbnail=${THUMBNAIL_FRAMES}`;
  let stderr = '';
  for (const share of [0.2, 0.5]) {
    const at = duration > WINDOW_SECONDS ? Math.min(duration * share, duration - WINDOW_SECONDS) : 0;
    const attempt = await grab(bin, input, out, at, chosen, WINDOW_SECONDS, signal);
    if (attempt.ok) return;
    stderr = attempt.stderr;
  }
  // A video dark all through (a night scene, a fade): its frame at 20 % in is as good a poster as any.
  const fallback = await grab(bin, input, out, duration * 0.2, POSTER_SCALE, null, signal);
  if (!fallback.ok)
    throw new MediaToolFailed('No picture could be taken from the video for its poster.', fallback.stderr || stderr);
}
