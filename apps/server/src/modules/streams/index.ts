/** What other modules may use of streams (docs/decisions/006-architecture-in-lint.md). */
export { updateStream } from './data.ts';
