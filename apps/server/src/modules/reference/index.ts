/** What other modules may use of reference (docs/decisions/006-architecture-in-lint.md). */
export { INITIAL_LANGUAGES, unknownCountries } from './data.ts';
