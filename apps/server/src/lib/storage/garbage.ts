import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { storageGarbage } from '../../db/schema.ts';
import type { Storage } from './storage.ts';

/** Records objects to delete once the transaction `db` is part of commits (schema.ts, `storage_garbage`). */
export async function throwAway(db: Executor, keys: { key: string; folder: boolean }[]): Promise<void> {
  if (keys.length > 0) await db.insert(storageGarbage).values(keys);
}

/**
 * Deletes what was thrown away, a batch at a time. The rows are taken out in a short transaction first and the
 * objects deleted outside any (on the embedded database a transaction held through a slow bucket would stop every
 * other query); a delete that fails (the bucket unreachable) puts its row back for the next collection. Several
 * processes collect side by side: each takes its own rows. A process that dies between the two steps leaves those
 * objects behind: at most one batch of bytes nobody reads, against every call waiting on storage. Answers how many
 * were deleted.
 */
export async function collectGarbage(db: Db, storage: Storage, batch = 20): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = (
      (await db.execute(
        sql`delete from ${storageGarbage} where id in (
              select id from ${storageGarbage} order by id limit ${batch} for update skip locked)
            returning key, folder`,
      )) as unknown as { rows: { key: string; folder: boolean }[] }
    ).rows;
    const failed: { key: string; folder: boolean }[] = [];
    for (const row of rows) {
      try {
        if (row.folder) await storage.deleteFolder(row.key);
        else await storage.delete(row.key);
        deleted += 1;
      } catch {
        failed.push(row);
      }
    }
    if (failed.length > 0) await throwAway(db, failed);
    if (rows.length < batch || failed.length === rows.length) return deleted;
  }
}
