import type { Rendition, VideoFile, VideoSource } from '@kids-vod/contract';
import { formatDuration, formatSize } from '@kids-vod/contract/format';

/** The time a file still needs, as people say it: "less than a minute left", "about 3 min left", "about 1 h 5 min left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest ? ` ${rest} min` : ''} left`;
}

/** A rendition as staff call it: "720p · 2.8 Mbit/s" (its height; bit rate in megabits, or kilobits below one). */
export function renditionLabel({ height, bandwidth }: Pick<Rendition, 'height' | 'bandwidth'>): string {
  const rate =
    bandwidth >= 1_000_000
      ? `${(bandwidth / 1_000_000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} Mbit/s`
      : `${Math.round(bandwidth / 1000)} kbit/s`;
  return `${height}p · ${rate}`;
}

/**
 * A master's audio tracks by their languages, upper-case codes in their order: "audio ENG, RUS"; a track that names
 * none is "?" among named ones; none named at all: "1 audio track"; none at all: "no audio".
 */
export function audioWords(source: Pick<VideoSource, 'audio'>): string {
  const { audio } = source;
  if (audio.length === 0) return 'no audio';
  if (audio.every((a) => !a.language)) return `${audio.length} audio track${audio.length === 1 ? '' : 's'}`;
  return `audio ${audio.map((a) => (a.language ? a.language.toUpperCase() : '?')).join(', ')}`;
}

/**
 * What was read from the master, on one line: "12.4 MB · 1920×1080 · 1:02 · audio ENG, RUS". A file not probed yet
 * (just uploaded) shows its size and the duration it has.
 */
export function sourceWords(file: Pick<VideoFile, 'size_bytes' | 'duration_sec' | 'source'>): string {
  const { source } = file;
  if (!source) return [formatSize(file.size_bytes), formatDuration(file.duration_sec)].join(' · ');
  return [
    formatSize(file.size_bytes),
    `${source.width}×${source.height}`,
    formatDuration(source.duration_sec),
    audioWords(source),
  ].join(' · ');
}

/** The master's codecs and frame rate, for a second line: "H264 · 25 fps · MATROSKA". */
export function codecWords(source: Pick<VideoSource, 'video_codec' | 'fps' | 'container'>): string {
  const fps = source.fps.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  // The probe names a family of formats by all its names ("mov,mp4,m4a,…"): that says nothing a person can use.
  const container = source.container.includes(',') ? [] : [source.container.toUpperCase()];
  return [source.video_codec.toUpperCase(), `${fps} fps`, ...container].join(' · ');
}
