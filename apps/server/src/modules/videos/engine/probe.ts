import { open } from 'node:fs/promises';
import type { VideoSource } from '@kids-vod/contract';
import { ONLY_THE_FILE } from './input.ts';
import { type Binaries, lastMeaningfulLine, MediaToolFailed, runTool } from './process.ts';

/** Thrown when a file is not a media file, or has no video stream: `message` is a sentence for a person (the 415's detail). */
export class NotAVideo extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NotAVideo';
  }
}

const PROBE_TIMEOUT_MS = 30_000;

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number; default?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
}
interface ProbeJson {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: ProbeStream[];
}

/** Formats that are single pictures or raw image sequences, which ffprobe reads as a "video" stream. */
const PICTURE_FORMATS = /^(image2|.*_pipe|gif|apng|webp|ico|bmp)$/;
const A_PICTURE = 'This file is a picture, not a video. Upload a video file such as MP4, MOV, MKV, WebM, AVI or MXF.';
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']);

function rate(value: string | undefined): number {
  const [num, den] = (value ?? '').split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return 0;
  return num / den;
}

/** `HH:MM:SS.fraction`, as Matroska keeps a stream's duration in its tags. */
function clockSeconds(value: string | undefined): number {
  const match = /^(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(value ?? '');
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : 0;
}

function containerName(json: ProbeJson, streams: ProbeStream[]): string {
  const names = (json.format?.format_name ?? '').split(',');
  if (names.includes('mov')) return json.format?.tags?.major_brand?.trim() === 'qt' ? 'mov' : 'mp4';
  if (names.includes('matroska'))
    return streams.every((s) => s.codec_type !== 'video' && s.codec_type !== 'audio') ||
      streams
        .filter((s) => s.codec_type === 'video' || s.codec_type === 'audio')
        .every((s) => WEBM_CODECS.has(s.codec_name ?? ''))
      ? 'webm'
      : 'mkv';
  return names[0] ?? 'unknown';
}

/** The picture as it is shown: stretched by its sample aspect ratio and turned by its rotation, in even pixels. */
function displaySize(stream: ProbeStream): { width: number; height: number } {
  let width = stream.width ?? 0;
  const height = stream.height ?? 0;
  const sar = rate(stream.sample_aspect_ratio?.replace(':', '/'));
  if (sar > 0 && Math.abs(sar - 1) > 0.001) width = Math.round((width * sar) / 2) * 2;
  const rotation =
    stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(stream.tags?.rotate ?? 0);
  return Math.abs(rotation) % 180 === 90 ? { width: height, height: width } : { width, height };
}

/** An ISO BMFF file starts with one of these boxes. */
const MP4_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot']);

async function startsAsMp4(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    return bytesRead === 8 && MP4_FIRST_BOXES.has(buffer.toString('latin1', 4, 8));
  } finally {
    await handle.close();
  }
}

/** A format ffmpeg would read but a master may not be (ONLY_THE_FILE): a picture, or a playlist of other files. */
function notAMasterFormat(stderr: string[]): string | null {
  const refused = /\[(\w+) @ [^\]]*\] Format not on whitelist/.exec(stderr.join('\n'))?.[1];
  if (!refused) return null;
  return PICTURE_FORMATS.test(refused)
    ? A_PICTURE
    : 'This file is a playlist or a list of other files, not a video. Upload the video file itself, such as MP4, MOV, MKV, WebM, AVI or MXF.';
}

/** Reads a master (a local file path). Rejects with NotAVideo for random bytes, audio-only, 0-byte; times out (30 s) with an Error. */
export async function probeMaster(bin: Binaries, file: string): Promise<VideoSource> {
  const result = await runTool(
    bin.ffprobe,
    [
      '-hide_banner',
      '-v',
      'error',
      ...ONLY_THE_FILE,
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      `file:${file}`,
    ],
    { collectStdout: true, timeoutMs: PROBE_TIMEOUT_MS },
  );
  const stderr = lastMeaningfulLine(result.stderrTail);
  if (result.killedFor === 'timeout')
    throw new MediaToolFailed('Reading the video took longer than 30 seconds; try again later.', stderr);
  if (result.signal) throw new MediaToolFailed('The video reader stopped unexpectedly; try again later.', stderr);
  const notAllowed = result.code !== 0 && notAMasterFormat(result.stderrTail);
  if (notAllowed) throw new NotAVideo(notAllowed, { cause: stderr });
  if (result.code !== 0) {
    // "moov atom not found" on a file that starts as an MP4 is one cut short before its index (ffprobe says the same
    // of random bytes named .mp4); otherwise bytes of no known format. Either is the uploader's to fix (415).
    throw new NotAVideo(
      /moov atom not found/.test(result.stderrTail.join('\n')) && (await startsAsMp4(file))
        ? 'This file is not a complete video: its MP4 index is missing, so it was probably cut short while copying. Upload the whole file.'
        : 'This file is not a video that can be read. Upload a video file such as MP4, MOV, MKV, WebM, AVI or MXF.',
      { cause: stderr },
    );
  }
  let json: ProbeJson;
  try {
    json = JSON.parse(result.stdout) as ProbeJson;
  } catch {
    throw new NotAVideo(
      'This file is not a video that can be read. Upload a video file such as MP4, MOV, MKV, WebM, AVI or MXF.',
    );
  }
  const streams = json.streams ?? [];
  const formatName = json.format?.format_name ?? '';
  const video = streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0,
  );
  const audio = streams.filter((s) => s.codec_type === 'audio');
  if (PICTURE_FORMATS.test(formatName)) throw new NotAVideo(A_PICTURE);
  if (!video)
    throw new NotAVideo(
      audio.length > 0
        ? 'This file has sound but no picture. Upload a video file with its picture.'
        : 'This file has no video in it. Upload a video file such as MP4, MOV, MKV, WebM, AVI or MXF.',
    );
  const duration =
    Number(json.format?.duration) ||
    Number(video.duration) ||
    clockSeconds(video.tags?.DURATION) ||
    Math.max(0, ...streams.map((s) => Number(s.duration) || clockSeconds(s.tags?.DURATION)));
  if (!(duration > 0))
    throw new NotAVideo(
      'This file has no length that can be read, so it cannot be played. Export it again and upload it.',
    );
  const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate);
  const { width, height } = displaySize(video);
  return {
    container: containerName(json, streams),
    width,
    height,
    fps: Math.round(fps * 1000) / 1000,
    duration_sec: Math.round(duration * 1000) / 1000,
    video_codec: video.codec_name ?? 'unknown',
    audio: audio.map((s) => {
      const language = s.tags?.language?.toLowerCase();
      return {
        index: s.index,
        codec: s.codec_name ?? 'unknown',
        channels: s.channels ?? 0,
        language: language && language !== 'und' ? language : null,
      };
    }),
  };
}
