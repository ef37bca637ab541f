/**
 * What other code may use of the bin (docs/decisions/006-architecture-in-lint.md): the job that empties it, and what
 * a restore from an item's history (modules/audit) asks of it: each kind's permission, and whether an item is in it.
 */
export { BIN, isInBin } from './data.ts';
export { emptyBinJob } from './job.ts';
