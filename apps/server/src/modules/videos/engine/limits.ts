import type { VideoSource } from '@kids-vod/contract';
import { MediaToolFailed, type RunResult } from './process.ts';

/**
 * What one master may be and what one transcode may cost (api.md, "Masters from strangers"; decision 072). Read
 * from the configuration (`MAX_VIDEO_SECONDS`…); the defaults are the contract's.
 */
export interface VideoLimits {
  /** The longest master, in seconds (4 hours: any feature film or a season's compilation). */
  maxSeconds: number;
  /** The largest picture, as a box a landscape or portrait picture fits in (4096 × 2160, DCI 4K). */
  maxWidth: number;
  maxHeight: number;
  /** Every audio track is one loudness chain and one HLS output: 64 tracks took 3.9 GB. */
  maxAudioTracks: number;
  /** One transcode's address space, in MiB (`prlimit --as`); 0: no ceiling. */
  jobMemoryMb: number;
  /** One transcode's wall time, in seconds; past it ffmpeg is killed and the job fails. */
  jobSeconds: number;
}

export const DEFAULT_VIDEO_LIMITS: VideoLimits = {
  maxSeconds: 14_400,
  maxWidth: 4096,
  maxHeight: 2160,
  maxAudioTracks: 16,
  jobMemoryMb: 4096,
  jobSeconds: 6 * 3600,
};

/** The configuration's names for the limits (config.ts parses them with the other settings). */
export function videoLimits(config: {
  MAX_VIDEO_SECONDS: number;
  MAX_VIDEO_WIDTH: number;
  MAX_VIDEO_HEIGHT: number;
  MAX_AUDIO_TRACKS: number;
  TRANSCODE_MAX_MEMORY_MB: number;
  TRANSCODE_MAX_SECONDS: number;
}): VideoLimits {
  return {
    maxSeconds: config.MAX_VIDEO_SECONDS,
    maxWidth: config.MAX_VIDEO_WIDTH,
    maxHeight: config.MAX_VIDEO_HEIGHT,
    maxAudioTracks: config.MAX_AUDIO_TRACKS,
    jobMemoryMb: config.TRANSCODE_MAX_MEMORY_MB,
    jobSeconds: config.TRANSCODE_MAX_SECONDS,
  };
}

const hours = (seconds: number) =>
  seconds % 3600 === 0
    ? `${seconds / 3600} hours`
    : seconds % 60 === 0
      ? `${seconds / 60} minutes`
      : `${seconds} seconds`;

/**
 * Why a probed master is refused (the 413's sentence, naming the limit), or null when it is within every limit. The
 * picture fits the box either way round: a portrait 2160 × 4096 is as big as a landscape 4096 × 2160.
 */
export function overLimit(source: VideoSource, limits: VideoLimits): string | null {
  if (source.duration_sec > limits.maxSeconds)
    return `The video is longer than ${hours(limits.maxSeconds)} (MAX_VIDEO_SECONDS): an episode or a film is expected`;
  const long = Math.max(source.width, source.height);
  const short = Math.min(source.width, source.height);
  const boxLong = Math.max(limits.maxWidth, limits.maxHeight);
  const boxShort = Math.min(limits.maxWidth, limits.maxHeight);
  if (long > boxLong || short > boxShort)
    return `The picture is ${source.width} × ${source.height}, larger than ${limits.maxWidth} × ${limits.maxHeight} (MAX_VIDEO_WIDTH × MAX_VIDEO_HEIGHT): export it at 4K or below`;
  if (source.audio.length > limits.maxAudioTracks)
    return `The video has ${source.audio.length} audio tracks, more than ${limits.maxAudioTracks} (MAX_AUDIO_TRACKS): keep only the languages that are delivered`;
  return null;
}

/**
 * Seconds of decoding allowed past what the probe said: streams of one file end a little apart (an audio track a
 * frame or two longer, a container's rounding), and a master that runs on past this is not what its header says.
 */
export const LENGTH_MARGIN_SECONDS = 5;

/** ffmpeg's `-t` for a master: the probe's duration and the margin, never more than the limit allows. */
export function decodeSeconds(source: VideoSource, limits: VideoLimits): number {
  return Math.min(source.duration_sec + LENGTH_MARGIN_SECONDS, limits.maxSeconds + LENGTH_MARGIN_SECONDS);
}

/**
 * The job's sentence when what was decoded ran past the probe's duration by more than the margin allows (ffmpeg
 * was stopped at `-t`, so the ladder would be a cut-off part of a longer file); null otherwise.
 */
export function longerThanSaid(decodedSec: number, source: VideoSource): string | null {
  if (decodedSec <= source.duration_sec + LENGTH_MARGIN_SECONDS - 1) return null;
  return `The video runs longer than its file says (${Math.round(source.duration_sec)} seconds): it was stopped after ${Math.round(decodedSec)} seconds. Export it again from the editing software and upload it anew.`;
}

/**
 * A transcode stopped at one of its ceilings (time, memory, the probe's length): the same file hits it again on every
 * try, so the job fails at once rather than after its retries (hours of a worker for a 6-hour ceiling).
 */
export class OverCeiling extends MediaToolFailed {
  constructor(message: string, stderr: string | readonly string[]) {
    super(message, stderr);
    this.name = 'OverCeiling';
  }
}

/**
 * The job's sentence when ffmpeg went past one of its ceilings (killed at `jobSeconds`, out of its address space, or
 * past the probe's length), or null when it did not. Checked before ffmpeg's own complaint is read.
 */
export function pastCeiling(
  result: Pick<RunResult, 'killedFor' | 'signal' | 'stderrTail'>,
  decodedSec: number,
  source: VideoSource,
  limits: VideoLimits,
): string | null {
  if (result.killedFor === 'timeout')
    return `Converting the video took longer than ${hours(limits.jobSeconds)} (TRANSCODE_MAX_SECONDS), so it was stopped.`;
  // Past an address-space ceiling an allocation fails wherever it happens: the loader mapping a library, an encoder
  // opening (x264's frame threads), a buffer.
  const outOfMemory =
    /Cannot allocate memory|out of memory|bad_alloc|failed to map segment|Error while opening encoder/i.test(
      result.stderrTail.join('\n'),
    ) ||
    result.signal === 'SIGSEGV' ||
    result.signal === 'SIGABRT';
  if (limits.jobMemoryMb > 0 && outOfMemory)
    return `Converting the video needed more than ${limits.jobMemoryMb} MB of memory (TRANSCODE_MAX_MEMORY_MB), so it was stopped.`;
  return longerThanSaid(decodedSec, source);
}
