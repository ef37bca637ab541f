import { type api, type PromoCode, type PromoCodeSort, promoCodeProblems } from '@kids-vod/contract';
import { count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { promoCodes } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import { likeAnywhere } from '../../lib/like.ts';
import type { Body } from '../../lib/route.ts';

type Parsed<K extends keyof typeof api.promoCode> = Body<(typeof api.promoCode)[K]>;
// `kind` is plain text in the table; only the contract's kinds are ever written to it.
type Row = typeof promoCodes.$inferSelect;
const asPromoCode = (row: Row) => row as PromoCode;

/** The order of a page: the chosen column, then the newest first among equals, so pages never overlap. */
function orderOf(sort: PromoCodeSort, dir: 'asc' | 'desc'): SQL[] {
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

export async function listPromoCodes(
  db: Executor,
  page: Parsed<'list'>,
): Promise<{ rows: PromoCode[]; count: number }> {
  const where = page.search
    ? or(ilike(promoCodes.code, likeAnywhere(page.search)), ilike(promoCodes.description, likeAnywhere(page.search)))
    : undefined;
  const dir = page.dir ?? (page.sort === 'created_at' ? 'desc' : 'asc');
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(...orderOf(page.sort, dir))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ count: count() }).from(promoCodes).where(where),
  ]);
  return { rows: rows.map(asPromoCode), count: total.count };
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
