import type { VideoSource } from '@kids-vod/contract';
import { decodeSeconds, type VideoLimits } from './limits.ts';

/**
 * The demuxers a master may be read with: containers of finished video. Never a playlist (`hls`), a list of other
 * files (`concat`), an image sequence or anything that opens another file or the network: a file that is an HLS
 * playlist followed by MPEG-TS is read as the MPEG-TS the probe found, not as the files it lists (issue 37).
 */
export const MASTER_DEMUXERS = ['mov', 'matroska', 'avi', 'mxf', 'mpegts', 'mpeg', 'flv', 'asf', 'gxf', 'dv', 'ogg'];

/**
 * Options before `-i` that keep ffmpeg and ffprobe to the file itself: the `file` protocol only (no `http`, no
 * `subfile`, no `crypto`), and only the demuxers above. ffprobe refuses a file it would read as anything else.
 */
export const ONLY_THE_FILE = ['-protocol_whitelist', 'file', '-format_whitelist', MASTER_DEMUXERS.join(',')];

/** The demuxer the probe found, from the container it named (`mp4` and `mov` are one demuxer, as are MKV and WebM). */
export function demuxerOf(source: Pick<VideoSource, 'container'>): string {
  if (source.container === 'mp4' || source.container === 'mov') return 'mov';
  if (source.container === 'mkv' || source.container === 'webm') return 'matroska';
  return source.container;
}

/**
 * How ffmpeg opens a probed master: as the demuxer the probe found (`-f`: ffmpeg does not guess again), the file
 * alone, and decoded no longer than the probe said plus a margin, nor than the limit (`-t`).
 */
export function masterInput(file: string, source: VideoSource, limits: VideoLimits): string[] {
  return [
    ...ONLY_THE_FILE,
    '-f',
    demuxerOf(source),
    '-t',
    decodeSeconds(source, limits).toFixed(3),
    '-i',
    `file:${file}`,
  ];
}
