import type { Language, Rendition, VideoFile, VideoSource } from '@kids-vod/contract';
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

/** The languages a screen knows, to name a track's `lang_id`. */
type Languages = Pick<Language, 'id' | 'name'>[] | undefined;

/**
 * A file's audio by its languages, in the master's order. Once it is ready, its tracks as they play, named by the
 * language staff chose or the tag gave ("audio English, Russian"), so a track named again reads so at once; a track
 * in no language is "?". Before, the tags the probe read, upper-case ("audio ENG, ?"). None named at all:
 * "1 audio track"; none at all: "no audio".
 */
export function audioWords(file: Pick<VideoFile, 'source' | 'audio_tracks'>, languages: Languages): string {
  const names =
    file.audio_tracks.length > 0
      ? file.audio_tracks.map((t) =>
          t.lang_id === null ? null : (languages?.find((l) => l.id === t.lang_id)?.name ?? `language ${t.lang_id}`),
        )
      : (file.source?.audio ?? []).map((a) => (a.language ? a.language.toUpperCase() : null));
  if (names.length === 0) return 'no audio';
  if (names.every((n) => n === null)) return `${names.length} audio track${names.length === 1 ? '' : 's'}`;
  return `audio ${names.map((n) => n ?? '?').join(', ')}`;
}

/**
 * What the master is, on one line: "12.4 MB · 1920×1080 · 1:02 · audio English, Russian". A file not probed yet
 * (just uploaded) shows its size and the duration it has.
 */
export function sourceWords(
  file: Pick<VideoFile, 'size_bytes' | 'duration_sec' | 'source' | 'audio_tracks'>,
  languages: Languages,
): string {
  const { source } = file;
  if (!source) return [formatSize(file.size_bytes), formatDuration(file.duration_sec)].join(' · ');
  return [
    formatSize(file.size_bytes),
    `${source.width}×${source.height}`,
    formatDuration(source.duration_sec),
    audioWords(file, languages),
  ].join(' · ');
}

/** The master's codecs and frame rate, for a second line: "H264 · 25 fps · MATROSKA". */
export function codecWords(source: Pick<VideoSource, 'video_codec' | 'fps' | 'container'>): string {
  const fps = source.fps.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  // The probe names a family of formats by all its names ("mov,mp4,m4a,…"): that says nothing a person can use.
  const container = source.container.includes(',') ? [] : [source.container.toUpperCase()];
  return [source.video_codec.toUpperCase(), `${fps} fps`, ...container].join(' · ');
}
