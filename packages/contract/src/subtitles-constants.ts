/**
 * Subtitles' constants, without zod, in a module of their own: only the screen that uploads subtitles loads them
 * (a constant in constants.ts would sit in the console's first load).
 */
/** `subtitles`: what is said; `captions`: what is said and the sounds that matter (for deaf and hard-of-hearing children). */
export const SUBTITLES_KINDS = ['subtitles', 'captions'] as const;
export type SubtitlesKind = (typeof SUBTITLES_KINDS)[number];
export const SUBTITLES_KIND_LABELS: Record<SubtitlesKind, string> = {
  subtitles: 'Subtitles',
  captions: 'Captions (with sounds)',
};
/** A subtitles file is text: a feature film's is a few hundred kilobytes. Bigger is refused with 413. */
export const SUBTITLES_MAX_BYTES = 2 * 1024 * 1024;
/** The files the upload takes, for a file picker's `accept`. */
export const SUBTITLES_ACCEPT = '.vtt,.srt,text/vtt,application/x-subrip';
/** The most a timing shift moves every cue, in seconds either way. */
export const SUBTITLES_MAX_SHIFT_SECONDS = 3600;
