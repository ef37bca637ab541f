import { and, eq, getTableColumns, isNull, or, type SQL, sql } from 'drizzle-orm';
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
 * A save that changes nothing writes nothing: no new `updated_at`, and no entry in the item's history (where it read
 * as an empty "Changed" with "Restore this version"). Callers read the entity back in its answer shape.
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
  const columns: Record<string, PgColumn> = getTableColumns(table);
  // Each value bound as its column writes it (an array, a timestamp), compared as the database stores it.
  const differs = or(
    ...Object.entries(values).map(([k, v]) => sql`${columns[k]} is distinct from ${sql.param(v, columns[k])}`),
  );
  const updated =
    differs === undefined
      ? []
      : await db
          .update(table)
          .set({ ...values, updated_at: bumpUpdatedAt(table) } as never)
          .where(and(where, differs))
          .returning({ id: table.id });
  if (updated.length > 0) return;
  const unchanged = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where);
  if (unchanged.length > 0) return;
  const [exists] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.id, id), shown));
  throw exists ? staleUpdate(what) : notFound(what);
}
