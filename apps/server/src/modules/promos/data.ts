import { type api, buttonProblemsOnSave, type Promo } from '@kids-vod/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { content, promos } from '../../db/schema.ts';
import { badRequest, itemNotFound, notFound } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import { contentShown, notInBin, shownColumns } from '../../lib/in-bin.ts';
import type { Body } from '../../lib/route.ts';
import { assertBrand } from '../brands/index.ts';

type Parsed<K extends keyof typeof api.promo> = Body<(typeof api.promo)[K]>;

export function listPromos(db: Executor): Promise<Promo[]> {
  return db.select(shownColumns(promos)).from(promos).where(notInBin(promos)).orderBy(asc(promos.sort), asc(promos.id));
}

export async function getPromo(db: Executor, id: number): Promise<Promo> {
  const [row] = await db
    .select(shownColumns(promos))
    .from(promos)
    .where(and(eq(promos.id, id), notInBin(promos)));
  if (!row) throw itemNotFound('Promo banner', id);
  return row;
}

/**
 * A banner that names both a brand and content opens that content in that brand's page,
 * so the content must be the brand's own. Unknown ids are 404 (the foreign keys would say so too,
 * but only after this check had called them a mismatch).
 */
async function assertContentOfBrand(
  db: Executor,
  link: { brand_id?: number | null; content_id?: number | null },
): Promise<void> {
  if (link.brand_id == null || link.content_id == null) return;
  const [row] = await db
    .select({ brand_id: content.brand_id })
    .from(content)
    .where(and(eq(content.id, link.content_id), contentShown()));
  if (!row) throw notFound('Content');
  if (row.brand_id === link.brand_id) return;
  await assertBrand(db, link.brand_id);
  throw badRequest('The content does not belong to the brand', [
    { path: 'content_id', message: 'The content does not belong to the brand' },
  ]);
}

export async function addPromo(db: Executor, body: Parsed<'add'>): Promise<Promo> {
  await assertContentOfBrand(db, body);
  const [row] = await db
    .insert(promos)
    .values({ ...body, image_url: body.image_url || null })
    .returning({ id: promos.id });
  return getPromo(db, row.id);
}

export async function updatePromo(db: Executor, body: Parsed<'update'>): Promise<Promo> {
  const { id, updated_at, ...changes } = body;
  await db.transaction(async (tx) => {
    // Locked, so that the brand and content checked together are the ones saved together
    // even when someone else changes the other half of the pair at the same moment.
    const [stored] = await tx
      .select({
        brand_id: promos.brand_id,
        content_id: promos.content_id,
        bg_color: promos.bg_color,
        button_color: promos.button_color,
        button_text: promos.button_text,
      })
      .from(promos)
      .where(and(eq(promos.id, id), notInBin(promos)))
      .for('update');
    if (!stored) throw notFound('Promo banner');
    const problems = buttonProblemsOnSave(changes, stored);
    if (problems.length > 0) throw badRequest(problems[0].message, problems);
    await assertContentOfBrand(tx, { ...stored, ...changes });
    await guardedUpdate(
      tx,
      promos,
      id,
      { ...changes, image_url: changes.image_url === '' ? null : changes.image_url },
      updated_at,
      'Promo banner',
    );
  });
  return getPromo(db, id);
}
