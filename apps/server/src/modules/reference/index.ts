/** What other modules may use of reference (docs/decisions/006-architecture-in-lint.md). */
export { unknownCountries } from './data.ts';
