import type { api, Language, LocaleEntry } from '@kids-vod/contract';
import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { languages, localeKeys, localeStrings } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { playlistName } from '../../lib/playlist-text.ts';
import type { Body } from '../../lib/route.ts';

type Parsed<K extends keyof typeof api.locale> = Body<(typeof api.locale)[K]>;

/**
 * Keys are ordered byte-wise (`collate "C"`): PGlite and a PostgreSQL server may have different default
 * collations, and the list must not change order with the database.
 */
export const byKey = (column: Column) => sql`${column} collate "C"`;

/** Keys with their translations folded into `{lang_id: value}`: one query whatever the number of keys. */
function selectEntries(db: Executor, where?: SQL) {
  return db
    .select({
      key: localeKeys.key,
      values: sql<Record<string, string>>`coalesce(
        json_object_agg(${localeStrings.lang_id}, ${localeStrings.value} order by ${localeStrings.lang_id})
          filter (where ${localeStrings.lang_id} is not null),
        '{}'::json)`,
      created_at: localeKeys.created_at,
    })
    .from(localeKeys)
    .leftJoin(localeStrings, eq(localeStrings.key, localeKeys.key))
    .where(where)
    .groupBy(localeKeys.key)
    .orderBy(byKey(localeKeys.key));
}

export function listLocales(db: Executor): Promise<LocaleEntry[]> {
  return selectEntries(db);
}

export async function addLocaleKey(db: Executor, key: string): Promise<LocaleEntry> {
  // `on conflict do nothing` rather than catching the unique violation: an empty answer is the duplicate.
  const [row] = await db
    .insert(localeKeys)
    .values({ key })
    .onConflictDoNothing({ target: localeKeys.key })
    .returning({ key: localeKeys.key, created_at: localeKeys.created_at });
  if (!row) throw conflict(`The key ${key} already exists`);
  return { ...row, values: {} };
}

/** Sets one translation; a key typed for the first time in a translation is created with it. Four queries. */
export async function upsertLocale(db: Executor, body: Parsed<'upsert'>): Promise<LocaleEntry> {
  return db.transaction(async (tx) => {
    const [lang] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, body.lang_id));
    if (!lang) throw notFound('Language');
    await tx.insert(localeKeys).values({ key: body.key }).onConflictDoNothing({ target: localeKeys.key });
    await tx
      .insert(localeStrings)
      .values(body)
      .onConflictDoUpdate({
        target: [localeStrings.key, localeStrings.lang_id],
        set: { value: body.value, updated_at: sql`now()` },
      });
    const [entry] = await selectEntries(tx, eq(localeKeys.key, body.key));
    return entry;
  });
}

/** Without `lang_id` the key goes with all its translations (the foreign key cascades); with it, one translation. */
export async function deleteLocale(db: Executor, body: Parsed<'delete'>): Promise<void> {
  if (body.lang_id === undefined) {
    const deleted = await db.delete(localeKeys).where(eq(localeKeys.key, body.key)).returning({ key: localeKeys.key });
    if (deleted.length === 0) throw notFound('App string key');
    return;
  }
  const deleted = await db
    .delete(localeStrings)
    .where(and(eq(localeStrings.key, body.key), eq(localeStrings.lang_id, body.lang_id)))
    .returning({ key: localeStrings.key });
  if (deleted.length === 0) throw notFound('Translation');
}

export async function addLanguage(db: Executor, body: Parsed<'addLanguage'>): Promise<Language> {
  // The name goes into playlists (audio and subtitles tracks): kept as it may be written there (issue 37).
  const name = playlistName(body.name);
  if (!name) throw badRequest('Enter a name');
  const [row] = await db
    .insert(languages)
    .values({ ...body, name })
    .onConflictDoNothing({ target: languages.code })
    .returning();
  if (!row) throw conflict(`A language with the code ${body.code} already exists`);
  return row;
}
