import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { notFound, staleUpdate } from './errors.ts';

type Versioned = PgTable & { id: PgColumn; updated_at: PgColumn; deleted_at?: PgColumn };

/** A new `updated_at` always later than the old one, even for two saves within one millisecond. */
export const bumpUpdatedAt = (table: Versioned): SQL =>
  sql`greatest(now(), ${table.updated_at} + interval '1 millisecond')`;

/**
 * Updates one row with optimistic concurrency: when the client sent the `updated_at` it read,
 * a row changed since then is refused with 409 instead of being silently overwritten.
 * Returns the id; callers read the entity back in its answer shape.
 */
export async function guardedUpdate(
  db: Executor,
  table: Versioned,
  id: number,
  changes: Record<string, unknown>,
  expectedUpdatedAt: string | undefined,
  what: string,
): Promise<void> {
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const guard = expectedUpdatedAt ? eq(table.updated_at, expectedUpdatedAt) : undefined;
  // An item in the bin is changed by nothing but a restore from the bin: to every save it is not there (404).
  const shown = table.deleted_at ? isNull(table.deleted_at) : undefined;
  const where = and(eq(table.id, id), shown, guard);
  const rows =
    Object.keys(values).length > 0
      ? await db
          .update(table)
          .set({ ...values, updated_at: bumpUpdatedAt(table) } as never)
          .where(where)
          .returning({ id: table.id })
      : await db
          .select({ id: table.id })
          .from(table as PgTable)
          .where(where);
  if (rows.length > 0) return;
  const [exists] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.id, id), shown));
  throw exists ? staleUpdate(what) : notFound(what);
}
