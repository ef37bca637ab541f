import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, Ok, Timestamp } from './common.ts';
import { BIN_DAYS, BIN_ENTITIES } from './constants.ts';

// Written without zod (constants.ts), so the console's bin code reads them without loading zod.
export { BIN_DAYS, BIN_ENTITIES };
export const BinEntity = z.enum(BIN_ENTITIES);
export type BinEntity = z.infer<typeof BinEntity>;

export const BinListBody = z.object({
  entity: BinEntity.optional(),
  offset: z.int().min(0).default(0),
  limit: z.int().min(1).max(100).default(50),
});
export type BinListBody = z.input<typeof BinListBody>;

export const BinRow = z.object({
  entity: BinEntity,
  id: Id,
  /** What the item is called, in words a user reads ("Ducks · English", "Ducks · S1E2 · Title"). */
  name: z.string(),
  deleted_at: Timestamp,
  /** The email of who deleted it; null when a script did. */
  deleted_by: z.string().nullable(),
});
export type BinRow = z.infer<typeof BinRow>;

export const BinPage = z.object({ rows: z.array(BinRow), count: z.int().min(0) });
export type BinPage = z.infer<typeof BinPage>;

export const BinItemBody = z.object({ entity: BinEntity, id: Id });
export type BinItemBody = z.input<typeof BinItemBody>;

export const binCalls = {
  list: call({
    ...addresses.bin.list,
    read: true,
    summary: 'What is in the bin, newest first',
    body: BinListBody,
    response: BinPage,
  }),
  restore: call({
    ...addresses.bin.restore,
    summary: 'Take an item back out of the bin, whole; a clash with what exists now: 409',
    body: BinItemBody,
    response: Ok,
  }),
  purge: call({
    ...addresses.bin.purge,
    summary: 'Delete an item in the bin for good (admin)',
    body: BinItemBody,
    response: Ok,
  }),
};
