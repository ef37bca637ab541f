import { api, BIN_ENTITIES, type BinEntity, type Call, type RestoredItem } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { BIN, isInBin } from '../bin/index.ts';
import { updateBrand, updateBrandLang } from '../brands/index.ts';
import { updateContent, updateContentLang } from '../content/index.ts';
import { updatePromo } from '../promos/index.ts';
import { updateStream } from '../streams/index.ts';

/** Each kind's save: a restore is one, with its body checked by the same schema and the same checks. */
const SAVES: Partial<Record<BinEntity, { call: Call; save: (db: Executor, body: never) => Promise<RestoredItem> }>> = {
  brands: { call: api.brand.update, save: updateBrand },
  content: { call: api.content.update, save: updateContent },
  brand_langs: { call: api.brand.langUpdate, save: updateBrandLang },
  content_langs: { call: api.content.langUpdate, save: updateContentLang },
  promos: { call: api.promo.update, save: updatePromo },
  streams: { call: api.stream.update, save: updateStream },
};

/** Columns a save never sets: who the row is, when it was made and saved, and the bin's. */
const NOT_SAVED = new Set(['id', 'created_at', 'updated_at', 'deleted_at', 'deleted_by']);

const isBinEntity = (entity: string): entity is BinEntity => (BIN_ENTITIES as readonly string[]).includes(entity);

/** The item of a history entry and what a role needs to restore it, or a refusal. */
export async function historyEntry(db: Executor, id: number) {
  const [entry] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  if (!entry) throw notFound('History entry');
  if (!isBinEntity(entry.entity)) {
    throw badRequest(
      'Only brands, content, language versions, promo banners and streams are restored from their history',
    );
  }
  return { entry, entity: entry.entity, permission: BIN[entry.entity].permission };
}

/**
 * Sets an item back to its state after history entry `id`, through its save: the same schema, the same checks, the
 * same 409 for a stale `updated_at`; the trigger records it as a new entry. An item in the bin is restored from the
 * bin first (409); one deleted for good is 404.
 */
export async function restoreVersion(db: Executor, body: { id: number; updated_at?: string }): Promise<RestoredItem> {
  const { entry, entity } = await historyEntry(db, body.id);
  if (!entry.after) throw conflict('This entry deleted the item: there is no version after it to restore');
  const itemId = Number(entry.entity_id);
  const inBin = await isInBin(db, entity, itemId);
  if (inBin === undefined) throw notFound(BIN[entity].what);
  if (inBin) throw conflict('Restore it from the bin first');
  const fields = Object.fromEntries(Object.entries(entry.after).filter(([k]) => !NOT_SAVED.has(k)));
  const saving = SAVES[entity];
  if (!saving) throw badRequest('A video file has no versions to restore: only its place in the bin');
  const { call, save } = saving;
  const parsed = (call.body as NonNullable<Call['body']>).safeParse({
    ...fields,
    id: itemId,
    updated_at: body.updated_at,
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest('That version no longer passes the checks of a save', errors);
  }
  return save(db, parsed.data as never);
}
