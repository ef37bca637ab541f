/** A brand's readiness (decision 064): the list's badges, the brand modal's view, and the build's problem list. */
export { ReadinessBadges } from './lazy-badges.tsx';
export { problemCount } from './problem-count.ts';
export { BrandReadiness, ProblemList } from './readiness-view.tsx';
export { isVideoProblem, videoProblemWords } from './readiness-words.ts';
