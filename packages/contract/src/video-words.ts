/**
 * Why a language version cannot be played yet, in words, written once: the catalogue's reasons (a preview, a build's
 * left-out list) and readiness's problems use the same codes for a version's video. No zod, so a screen imports it
 * without the schemas.
 */

/** The codes both a HiddenReason and a ReadinessProblem use for the video of a version. */
export type VideoProblem = 'no_video' | 'video_processing' | 'video_failed';

/** A version's video problem as an editor reads it, in the language it is about. */
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
