/**
 * What other code may use of the bin (docs/decisions/006-architecture-in-lint.md): the job that empties it, and what
 * a restore from an item's history (modules/audit) asks of it: each kind's permission, and whether an item is in it; and the move to it, for a kind with a check of its own first (a video file attached).
 */
export { BIN, isInBin, moveToBin } from './data.ts';
export { emptyBinJob } from './job.ts';
