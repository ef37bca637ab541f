/** What other modules may use of promo banners (docs/decisions/006-architecture-in-lint.md). */
export { updatePromo } from './data.ts';
