import {
  type api,
  PROMO_CODES_COUNTED,
  type PromoCode,
  type PromoCodeSort,
  promoCodeProblems,
  type SortDirection,
} from '@kids-vod/contract';
import { and, count, eq, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { promoCodes } from '../../db/schema.ts';
import { readAll } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import { likeAnywhere } from '../../lib/like.ts';
import type { Body } from '../../lib/route.ts';

type Parsed<K extends keyof typeof api.promoCode> = Body<(typeof api.promoCode)[K]>;
// `kind` is plain text in the table; only the contract's kinds are ever written to it.
type Row = typeof promoCodes.$inferSelect;
const asPromoCode = (row: Row) => row as PromoCode;

/** The order of a page: the chosen column, then the newest first among equals, so pages never overlap. */
function orderOf(sort: PromoCodeSort, dir: SortDirection): SQL[] {
  const newestFirst = [sql`${promoCodes.created_at} desc nulls last`, sql`${promoCodes.id} desc nulls last`];
  if (sort === 'created_at') {
    // As the index is built (desc nulls last), or read backwards: a plain desc (nulls first) cannot use it and sorts
    // the whole table. The column is never null; the clause is there for the planner.
    return dir === 'desc'
      ? newestFirst
      : [sql`${promoCodes.created_at} asc nulls first`, sql`${promoCodes.id} asc nulls first`];
  }
  // Open validity ends come last either way: "no end" is neither the earliest nor the latest date.
  return [sql`${promoCodes[sort]} ${sql.raw(dir)} nulls last`, ...newestFirst];
}

/**
 * How many codes match, without counting a million rows on every page: exactly up to PROMO_CODES_COUNTED (an
 * index-only walk of at most that many entries); beyond it the planner's estimate of the table's rows when nothing is
 * searched (kept by ANALYZE), else the bound plus one.
 */
async function countOf(db: Executor, where: SQL | undefined): Promise<number> {
  const bounded = db
    .select({ one: sql`1` })
    .from(promoCodes)
    .where(where)
    .limit(PROMO_CODES_COUNTED + 1)
    .as('bounded');
  const [{ n }] = await db.select({ n: count() }).from(bounded);
  if (n <= PROMO_CODES_COUNTED || where) return n;
  const [estimate] = await db
    .select({ rows: sql<number>`reltuples`.mapWith(Number) })
    .from(sql`pg_class`)
    .where(sql`oid = ${getTableName(promoCodes)}::regclass`);
  return Math.max(n, Math.round(estimate?.rows ?? 0));
}

/** The rows after `afterId` in the order by creation (keyset): 400 naming the field when it cannot be. */
function keysetAfter(page: Parsed<'list'>, dir: SortDirection): SQL | undefined {
  if (page.after_id === undefined) return undefined;
  if (page.sort !== 'created_at')
    throw badRequest('after_id pages the order by creation only: leave sort out or send created_at', [
      { path: 'after_id', message: 'Only with sort created_at' },
    ]);
  const at = sql`(select ${promoCodes.created_at}, ${promoCodes.id} from ${promoCodes} where ${promoCodes.id} = ${page.after_id})`;
  return dir === 'desc'
    ? sql`(${promoCodes.created_at}, ${promoCodes.id}) < ${at}`
    : sql`(${promoCodes.created_at}, ${promoCodes.id}) > ${at}`;
}

export async function listPromoCodes(
  db: Executor,
  page: Parsed<'list'>,
): Promise<{ rows: PromoCode[]; count: number }> {
  const where = page.search
    ? or(ilike(promoCodes.code, likeAnywhere(page.search)), ilike(promoCodes.description, likeAnywhere(page.search)))
    : undefined;
  const dir = page.dir ?? (page.sort === 'created_at' ? 'desc' : 'asc');
  const after = keysetAfter(page, dir);
  const [rows, total] = await readAll(
    db,
    () =>
      db
        .select()
        .from(promoCodes)
        .where(and(where, after))
        .orderBy(...orderOf(page.sort, dir))
        .offset(after ? 0 : page.offset)
        .limit(page.limit),
    () => countOf(db, where),
  );
  // No rows after an id that is no code (any more) would read as the end of the list: it is said instead.
  if (after && rows.length === 0) {
    const [known] = await db
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(eq(promoCodes.id, page.after_id as number));
    if (!known)
      throw badRequest('after_id is not a promo code (deleted meanwhile?): start from the first page', [
        { path: 'after_id', message: 'Unknown promo code' },
      ]);
  }
  return { rows: rows.map(asPromoCode), count: total };
}

export async function getPromoCode(db: Executor, id: number): Promise<PromoCode> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw notFound('Promo code');
  return asPromoCode(row);
}

/** The code arrives upper-cased by the contract, so the unique index refuses it in any case (409). */
export async function addPromoCode(db: Executor, body: Parsed<'add'>): Promise<PromoCode> {
  const [row] = await db.insert(promoCodes).values(body).returning();
  return asPromoCode(row);
}

export async function updatePromoCode(db: Executor, id: number, body: Parsed<'update'>): Promise<PromoCode> {
  const { updated_at, ...changes } = body;
  await db.transaction(async (tx) => {
    // The rules across fields hold for the code as saved, not for the few fields sent: check the
    // stored row merged with the changes, locked so a concurrent change cannot slip in between.
    const [stored] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!stored) throw notFound('Promo code');
    const problems = promoCodeProblems({ ...stored, ...changes });
    if (problems.length > 0) throw badRequest(problems.map((p) => p.message).join('. '), problems);
    await guardedUpdate(tx, promoCodes, id, changes, updated_at, 'Promo code');
  });
  return getPromoCode(db, id);
}

export async function deletePromoCode(db: Executor, id: number): Promise<void> {
  const deleted = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
  if (deleted.length === 0) throw notFound('Promo code');
}
