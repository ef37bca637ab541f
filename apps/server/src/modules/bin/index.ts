/** What other code may use of the bin (docs/decisions/006-architecture-in-lint.md): the job that empties it. */
export { emptyBinJob } from './job.ts';
