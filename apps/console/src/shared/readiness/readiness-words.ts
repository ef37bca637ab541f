/** What stops an item reaching a child, in words (api.md "Episode intake and readiness", decision 064). */
import type { ReadinessItem, ReadinessProblem } from '@kids-vod/contract';
import { type EditScreen, editAddress } from '../screen/index.ts';

/**
 * The codes by which readiness and a build's left-out list (hidden-items) both say that a video keeps an item from a
 * child: worded here once, so the two lists cannot drift apart.
 */
const VIDEO_PROBLEMS = ['no_video', 'video_processing', 'video_failed'] as const;
export type VideoProblem = (typeof VIDEO_PROBLEMS)[number];

export const isVideoProblem = (code: string): code is VideoProblem =>
  (VIDEO_PROBLEMS as readonly string[]).includes(code);

/** A video problem in the language it is about: "Its Spanish video is still being processed". */
export function videoProblemWords(problem: VideoProblem, language: string): string {
  switch (problem) {
    case 'no_video':
      return `No video in ${language}`;
    case 'video_processing':
      return `Its ${language} video is still being processed`;
    case 'video_failed':
      return `Its ${language} video failed to process`;
  }
}

/** Each problem code as an editor reads it, in the language it is about. */
export function problemWords(problem: ReadinessProblem, language: string): string {
  if (isVideoProblem(problem)) return videoProblemWords(problem, language);
  switch (problem) {
    case 'no_title':
      return `No ${language} title`;
    case 'no_description':
      return `No ${language} description`;
    case 'no_thumbnail':
      return 'No thumbnail (nor a video poster)';
    case 'no_audio_or_subtitles':
      return `Its video has no ${language} audio track and it has no ${language} subtitles`;
    case 'unpublished':
      return `Not published (itself or its ${language} version)`;
    case 'no_logo':
      return 'No logo';
    case 'no_country_rule':
      // Only include rules none of which is in force: without any rule the brand is watched everywhere.
      return 'Its country rules let it be watched nowhere now: none of its include rules is in force';
    case 'no_playable_content':
      return `No episode a child can watch in ${language}: left out of the ${language} catalogue`;
    case 'unreadable_colours':
      return 'Its button cannot be read: colours under 3:1 contrast, or no text';
  }
}

const SCREENS: Record<ReadinessItem['kind'], EditScreen> = { brand: 'brands', content: 'content', promo: 'promo' };

/**
 * Where the item of a problem is fixed: its edit modal. An episode opens within its brand: the one the item names
 * (a build's list holds several brands'), else the one whose readiness it is (`brandId`), on the tab of the
 * language the problem is in (`langId`).
 */
export const problemAddress = (item: ReadinessItem, brandId?: number, langId?: number) =>
  editAddress(SCREENS[item.kind], {
    id: item.id,
    brand_id: item.kind === 'content' ? (item.brand_id ?? brandId) : null,
    lang_id: item.kind === 'content' ? langId : null,
  });
