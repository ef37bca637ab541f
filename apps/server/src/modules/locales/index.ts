/** What other modules may use of locales (docs/decisions/006-architecture-in-lint.md). */
export { byKey } from './data.ts';
