import type { api, Stream } from '@kids-vod/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { languages, streams } from '../../db/schema.ts';
import { itemNotFound, notFound } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import { notInBin, shownColumns } from '../../lib/in-bin.ts';
import type { Body } from '../../lib/route.ts';

type Parsed<K extends keyof typeof api.stream> = Body<(typeof api.stream)[K]>;

/** 404 unless the language exists: an empty list would hide a wrong id. */
async function assertLanguage(db: Executor, id: number): Promise<void> {
  const [row] = await db.select({ id: languages.id }).from(languages).where(eq(languages.id, id));
  if (!row) throw notFound('Language');
}

export async function listStreams(db: Executor, langId: number): Promise<Stream[]> {
  await assertLanguage(db, langId);
  return db
    .select(shownColumns(streams))
    .from(streams)
    .where(and(eq(streams.lang_id, langId), notInBin(streams)))
    .orderBy(asc(streams.sort), asc(streams.id));
}

export async function getStream(db: Executor, id: number): Promise<Stream> {
  const [row] = await db
    .select(shownColumns(streams))
    .from(streams)
    .where(and(eq(streams.id, id), notInBin(streams)));
  if (!row) throw itemNotFound('Stream', id);
  return row;
}

export async function addStream(db: Executor, body: Parsed<'add'>): Promise<Stream> {
  const [row] = await db
    .insert(streams)
    .values({ ...body, poster_url: body.poster_url || null })
    .returning({ id: streams.id });
  return getStream(db, row.id);
}

export async function updateStream(db: Executor, body: Parsed<'update'>): Promise<Stream> {
  const { id, updated_at, ...changes } = body;
  await guardedUpdate(
    db,
    streams,
    id,
    { ...changes, poster_url: changes.poster_url === '' ? null : changes.poster_url },
    updated_at,
    'Stream',
  );
  return getStream(db, id);
}
