/** An item's language versions and the videos attached to them. */
import type { api, ContentLang } from '@kids-vod/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contentLangs, videoFiles } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import { contentLangShown, notInBin, shownColumns } from '../../lib/in-bin.ts';
import type { Body } from '../../lib/route.ts';

import { subtitlesOfVersions } from '../subtitles/index.ts';
import { fillEpisodeDuration, toVideoFile, videoFileColumns } from '../videos/index.ts';
import { assertContent } from './data.ts';

type Parsed<K extends keyof typeof api.content> = Body<(typeof api.content)[K]>;

async function selectContentLangs(db: Executor, where: SQL): Promise<ContentLang[]> {
  const rows = await db
    .select({ lang: shownColumns(contentLangs), video: videoFileColumns })
    .from(contentLangs)
    .leftJoin(videoFiles, eq(videoFiles.content_lang_id, contentLangs.id))
    .where(and(where, contentLangShown()))
    .orderBy(asc(contentLangs.lang_id), asc(contentLangs.id));
  const subtitles = await subtitlesOfVersions(
    db,
    rows.map(({ lang }) => lang.id),
  );
  return rows.map(({ lang, video }) => ({
    ...lang,
    video: video && toVideoFile({ ...video, content_id: lang.content_id }),
    subtitles: subtitles.get(lang.id) ?? [],
  }));
}

export async function getContentLang(db: Executor, id: number): Promise<ContentLang> {
  const [lang] = await selectContentLangs(db, eq(contentLangs.id, id));
  if (!lang) throw notFound('Content language version');
  return lang;
}

export async function listContentLangs(db: Executor, contentId: number): Promise<ContentLang[]> {
  await assertContent(db, contentId);
  return selectContentLangs(db, eq(contentLangs.content_id, contentId));
}

export async function addContentLang(db: Executor, body: Parsed<'langAdd'>): Promise<ContentLang> {
  await assertContent(db, body.content_id);
  const [row] = await db
    .insert(contentLangs)
    .values({ ...body, thumbnail_url: body.thumbnail_url || null })
    .returning({ id: contentLangs.id });
  return getContentLang(db, row.id);
}

export async function updateContentLang(db: Executor, body: Parsed<'langUpdate'>): Promise<ContentLang> {
  const { id, updated_at, ...changes } = body;
  // 404 when its content (or the content's brand) is in the bin; the version's own bin state is guardedUpdate's.
  await getContentLang(db, id);
  if (changes.content_id !== undefined) await assertContent(db, changes.content_id);
  await guardedUpdate(
    db,
    contentLangs,
    id,
    { ...changes, thumbnail_url: changes.thumbnail_url === '' ? null : changes.thumbnail_url },
    updated_at,
    'Content language version',
  );
  return getContentLang(db, id);
}

/**
 * Attaches an uploaded file to the language version of `content_id` in `lang_id`, creating the version
 * when it is missing. A file belongs to one version at most: attached to another one, it is refused.
 * A version that already has a different video gets the new one instead: the old file is detached
 * (kept in the file list) rather than refused, so replacing a video is a single step. An episode with no duration
 * takes the video's.
 */
export async function attachVideo(db: Executor, body: Parsed<'attachVideo'>): Promise<ContentLang> {
  const langId = await db.transaction(async (tx) => {
    await assertContent(tx, body.content_id);
    await tx
      .insert(contentLangs)
      .values({ content_id: body.content_id, lang_id: body.lang_id })
      .onConflictDoNothing({ target: [contentLangs.content_id, contentLangs.lang_id], where: sql`deleted_at is null` });
    // The version is locked before the files, always in this order, so that attaches to one version run
    // one after the other and never wait on each other crosswise.
    const [lang] = await tx
      .select({ id: contentLangs.id })
      .from(contentLangs)
      .where(
        and(
          eq(contentLangs.content_id, body.content_id),
          eq(contentLangs.lang_id, body.lang_id),
          notInBin(contentLangs),
        ),
      )
      .for('no key update');
    const [file] = await tx
      .select({ id: videoFiles.id, content_lang_id: videoFiles.content_lang_id })
      .from(videoFiles)
      .where(eq(videoFiles.ext_id, body.ext_id))
      .for('update');
    if (!file) throw notFound('Video file');
    if (file.content_lang_id === lang.id) return lang.id;
    if (file.content_lang_id !== null) {
      throw conflict('This video is attached to another language version. Detach it first.');
    }
    await tx.update(videoFiles).set({ content_lang_id: null }).where(eq(videoFiles.content_lang_id, lang.id));
    await tx.update(videoFiles).set({ content_lang_id: lang.id }).where(eq(videoFiles.id, file.id));
    await fillEpisodeDuration(tx, file.id);
    return lang.id;
  });
  return getContentLang(db, langId);
}

export async function detachVideo(db: Executor, contentLangId: number): Promise<ContentLang> {
  await db.update(videoFiles).set({ content_lang_id: null }).where(eq(videoFiles.content_lang_id, contentLangId));
  return getContentLang(db, contentLangId);
}
