/**
 * A brand's readiness (decision 064): the list's badges, and the modal's and the build's views, each loaded when
 * shown (the call's schemas and the problems' words and links stay out of the brand list's first load).
 */
export { BrandReadiness, ProblemList, ReadinessBadges } from './lazy-views.tsx';
export { problemCount } from './problem-count.ts';
