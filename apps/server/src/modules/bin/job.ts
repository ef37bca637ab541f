import type { Job } from '../../lib/jobs.ts';
import { emptyBin } from './data.ts';

/** Once a day: what has been in the bin longer than BIN_DAYS goes for good. */
export const emptyBinJob: Job = {
  name: 'empty-bin',
  everyMs: 24 * 60 * 60 * 1000,
  run: async (db, now) => {
    await emptyBin(db, now);
  },
};
