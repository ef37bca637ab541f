/** What other modules may use of auth (docs/decisions/006-architecture-in-lint.md). */
export { clearSignInFailures } from './data.ts';
