import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

/**
 * What stops an item reaching a child (api.md "Episode intake and readiness"). An episode's: `no_title`,
 * `no_description`, `no_video`, `video_processing`, `video_failed`, `no_thumbnail`, and (issue 31) `no_audio_or_subtitles`:
 * its video has audio tracks in other languages only and the version has no subtitles, so a child of the language
 * neither hears nor reads it; a brand's: `no_logo`, `no_country_rule`, `no_playable_content`; a banner's:
 * `unreadable_colours`; and beside api.md's, `unpublished`: the brand or episode, or its version in the language, is
 * not switched on (a draft is ready only once published).
 */
export const READINESS_PROBLEMS = [
  'no_title',
  'no_description',
  'no_video',
  'video_processing',
  'video_failed',
  'no_thumbnail',
  'no_audio_or_subtitles',
  'unpublished',
  'no_logo',
  'no_country_rule',
  'no_playable_content',
  'unreadable_colours',
] as const;
export type ReadinessProblem = (typeof READINESS_PROBLEMS)[number];

/** The item a problem is on: the brand itself, one of its episodes, or a banner that opens it. */
export const READINESS_KINDS = ['brand', 'content', 'promo'] as const;

export const ReadinessItem = z.object({
  kind: z.enum(READINESS_KINDS),
  id: Id,
  name: z.string(),
  problem: z.enum(READINESS_PROBLEMS),
  /** An episode's brand, where a list holds several brands' (Build and publish): the episode opens within it. */
  brand_id: Id.optional(),
});
export type ReadinessItem = z.infer<typeof ReadinessItem>;

/** One language the brand has a version in: how many episodes a child could watch in it now, and what stops the rest. */
export const ReadinessLang = z.object({
  lang_id: Id,
  playable: z.int().min(0),
  /** The first READINESS_LISTED problems (the last item's all), brand's first: a big brand missing a language has thousands. */
  problems: z.array(ReadinessItem),
  /** Every problem, listed or not (decision 064). */
  problem_count: z.int().min(0),
});
export type ReadinessLang = z.infer<typeof ReadinessLang>;
/** Most problems a language lists; `problem_count` says how many there are. */
export const READINESS_LISTED = 500;
export const Readiness = z.object({ langs: z.array(ReadinessLang) });
export type Readiness = z.infer<typeof Readiness>;

/**
 * A banner's button must stand out from the banner (WCAG 2.2 1.4.11, non-text contrast): at least this ratio
 * between `button_color` and `bg_color`.
 */
export const MIN_BUTTON_CONTRAST = 3;

/** The WCAG contrast ratio of two `#rrggbb` colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [a, b].map(relativeLuminance);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** One brand in one language with problems, as the catalogue-wide worklist (`readiness/list`) lists it. */
export const ReadinessListRow = z.object({
  brand_id: Id,
  name: z.string(),
  lang_id: Id,
  playable: z.int().min(0),
  problem_count: z.int().min(1),
  /** When the brand becomes available: its `available_from`, null without one (available as soon as it is ready). */
  starts_at: Timestamp.nullable(),
});
export type ReadinessListRow = z.infer<typeof ReadinessListRow>;
export const ReadinessListBody = z.object({
  lang_id: Id.optional(),
  offset: z.int().min(0).max(1_000_000).default(0),
  limit: z.int().min(1).max(100).default(50),
});
export type ReadinessListBody = z.input<typeof ReadinessListBody>;
export const ReadinessList = z.object({ rows: z.array(ReadinessListRow), count: z.int().min(0) });
export type ReadinessList = z.infer<typeof ReadinessList>;
