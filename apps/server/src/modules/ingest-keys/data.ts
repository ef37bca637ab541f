import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ingestKeys } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordStaffEvent } from '../../lib/staff-audit.ts';
import { hashToken, newToken } from '../auth/index.ts';

export const INGEST_KEY_PREFIX = 'kvi_';
/** Shown to tell keys apart: the prefix and four characters of the key. */
const shownPart = (key: string) => key.slice(0, INGEST_KEY_PREFIX.length + 4);
const SETTINGS_KEY_NAME = 'INGEST_KEY setting';

const keyColumns = {
  id: ingestKeys.id,
  name: ingestKeys.name,
  prefix: ingestKeys.prefix,
  created_at: ingestKeys.created_at,
  last_used_at: ingestKeys.last_used_at,
  revoked_at: ingestKeys.revoked_at,
  from_settings: ingestKeys.from_settings,
};

/** How the `INGEST_KEY` setting's key is found among the rows: by its hash. */
export const settingsKeyHash = (settingsKey: string | undefined) => (settingsKey ? hashToken(settingsKey) : undefined);

/**
 * The `INGEST_KEY` setting's key, kept as a row so it is listed and its use recorded. It works while the setting
 * holds it (checked against this instance's configuration, not the row): rows of earlier values are not listed.
 */
export async function keepSettingsKey(db: Executor, settingsKey: string | undefined): Promise<string | undefined> {
  const key_hash = settingsKeyHash(settingsKey);
  if (!settingsKey || !key_hash) return undefined;
  await db
    .insert(ingestKeys)
    .values({ name: SETTINGS_KEY_NAME, prefix: shownPart(settingsKey), key_hash, from_settings: true })
    .onConflictDoNothing();
  return key_hash;
}

/** Every key made in the console (live and revoked), and the setting's key when there is one. */
export function listIngestKeys(db: Executor, settingsHash: string | undefined) {
  const settings = settingsHash ? eq(ingestKeys.key_hash, settingsHash) : sql`false`;
  return db
    .select(keyColumns)
    .from(ingestKeys)
    .where(or(eq(ingestKeys.from_settings, false), settings))
    .orderBy(desc(ingestKeys.id));
}

export async function createIngestKey(db: Executor, name: string) {
  const secret = newToken(INGEST_KEY_PREFIX);
  const [key] = await db
    .insert(ingestKeys)
    .values({ name, prefix: shownPart(secret), key_hash: hashToken(secret) })
    .returning(keyColumns);
  await recordStaffEvent(db, {
    entity: 'ingest_keys',
    entity_id: key.id,
    action: 'insert',
    after: { name, prefix: key.prefix },
  });
  return { key, secret };
}

export async function revokeIngestKey(db: Executor, id: number) {
  const [key] = await db.select(keyColumns).from(ingestKeys).where(eq(ingestKeys.id, id));
  if (!key || key.revoked_at) throw notFound('Ingest key');
  if (key.from_settings) throw conflict('This key is the INGEST_KEY setting: remove the setting to revoke it');
  await db.update(ingestKeys).set({ revoked_at: sql`now()` }).where(eq(ingestKeys.id, id));
  await recordStaffEvent(db, {
    entity: 'ingest_keys',
    entity_id: id,
    action: 'revoke',
    before: { name: key.name, prefix: key.prefix },
  });
}

/** The id of the live key with this hash: a console key not revoked, or the setting's (`settingsHash`). */
export async function findIngestKey(db: Executor, keyHash: string, settingsHash: string | undefined) {
  const live = keyHash === settingsHash ? eq(ingestKeys.from_settings, true) : eq(ingestKeys.from_settings, false);
  const [row] = await db
    .select({ id: ingestKeys.id, last_used_at: ingestKeys.last_used_at })
    .from(ingestKeys)
    .where(and(eq(ingestKeys.key_hash, keyHash), isNull(ingestKeys.revoked_at), live));
  return row ?? null;
}

export async function anyLiveKey(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: ingestKeys.id })
    .from(ingestKeys)
    .where(and(isNull(ingestKeys.revoked_at), eq(ingestKeys.from_settings, false)))
    .limit(1);
  return row !== undefined;
}

export async function touchIngestKey(db: Executor, id: number): Promise<void> {
  await db.update(ingestKeys).set({ last_used_at: sql`now()` }).where(eq(ingestKeys.id, id));
}
