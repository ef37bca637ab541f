import { inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { storageGarbage } from '../../db/schema.ts';
import type { Storage } from './index.ts';

/** Records objects to delete once the transaction `db` is part of commits (schema.ts, `storage_garbage`). */
export async function throwAway(db: Executor, keys: { key: string; folder: boolean }[]): Promise<void> {
  if (keys.length > 0) await db.insert(storageGarbage).values(keys);
}

/**
 * Deletes what was thrown away, a batch at a time, each row taken `for update skip locked` so that several
 * processes collect side by side; a delete that fails (the bucket unreachable) leaves its row for the next time.
 * Answers how many were deleted.
 */
export async function collectGarbage(db: Db, storage: Storage, batch = 50): Promise<number> {
  let deleted = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = (
        (await tx.execute(
          sql`select id, key, folder from ${storageGarbage} order by id limit ${batch} for update skip locked`,
        )) as unknown as { rows: { id: number; key: string; folder: boolean }[] }
      ).rows;
      const gone: number[] = [];
      for (const row of rows) {
        try {
          if (row.folder) await storage.deleteFolder(row.key);
          else await storage.delete(row.key);
          gone.push(row.id);
        } catch {
          // Kept: tried again at the next collection.
        }
      }
      if (gone.length > 0) await tx.delete(storageGarbage).where(inArray(storageGarbage.id, gone));
      return { taken: rows.length, gone: gone.length };
    });
    deleted += done.gone;
    if (done.taken < batch || done.gone === 0) return deleted;
  }
}
