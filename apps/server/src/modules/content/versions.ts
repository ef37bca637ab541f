/** An item's language versions and the videos attached to them. */
import type { api, ContentLang } from '@kids-vod/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contentLangs, languages, subtitles, videoFiles } from '../../db/schema.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import { contentLangShown, notInBin, shownColumns } from '../../lib/in-bin.ts';
import type { Body } from '../../lib/route.ts';

import { subtitlesOfVersions } from '../subtitles/index.ts';
import { attachVideoFile, detachVideoFile, toVideoFile, videoFileColumns } from '../videos/index.ts';
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
  const current = await getContentLang(db, id);
  if (changes.content_id !== undefined) await assertContent(db, changes.content_id);
  if (changes.video_from_lang_id)
    await assertVideoToBorrow(db, {
      ...current,
      content_id: changes.content_id ?? current.content_id,
      lang_id: changes.lang_id ?? current.lang_id,
      from: changes.video_from_lang_id,
    });
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
 * A version may play the video of another version of the same episode, with the audio track in its own language
 * (decision 068): that version exists and has a video of its own (no chains), this one has none, and a ready video
 * has a track in this version's language, or this version has subtitles (a child reads what it does not hear; one
 * still processing is checked by the catalogue: neither, no listing).
 */
async function assertVideoToBorrow(
  db: Executor,
  version: Pick<ContentLang, 'content_id' | 'lang_id' | 'video'> & { from: number },
): Promise<void> {
  const names = new Map((await db.select().from(languages)).map((l) => [l.id, l.name]));
  const from = names.get(version.from);
  if (!from) throw fieldError('video_from_lang_id', `There is no language ${version.from}`);
  if (version.from === version.lang_id)
    throw fieldError('video_from_lang_id', 'A language version cannot borrow its own video');
  if (version.video) throw conflict('This language version has a video of its own: detach it first');
  const [lender] = await db
    .select({ id: contentLangs.id, video_from_lang_id: contentLangs.video_from_lang_id, video: videoFileColumns })
    .from(contentLangs)
    .leftJoin(videoFiles, and(eq(videoFiles.content_lang_id, contentLangs.id), notInBin(videoFiles)))
    .where(
      and(
        eq(contentLangs.content_id, version.content_id),
        eq(contentLangs.lang_id, version.from),
        notInBin(contentLangs),
      ),
    );
  if (!lender) throw fieldError('video_from_lang_id', `The episode has no ${from} version to take the video from`);
  if (!lender.video?.id) throw conflict(`The ${from} version has no video of its own to lend`);
  const own = names.get(version.lang_id) ?? 'this language';
  if (lender.video.status !== 'ready' || lender.video.audio_tracks?.some((t) => t.lang_id === version.lang_id)) return;
  // No track in its language: a child reads it instead, with the subtitles of this version.
  const [read] = await db
    .select({ id: subtitles.id })
    .from(subtitles)
    .innerJoin(contentLangs, eq(contentLangs.id, subtitles.content_lang_id))
    .where(and(eq(contentLangs.content_id, version.content_id), eq(contentLangs.lang_id, version.lang_id)))
    .limit(1);
  if (!read)
    throw conflict(
      `The ${from} version's video has no ${own} audio track: name its tracks' languages on the Videos screen, or add ${own} subtitles to this version first`,
    );
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
    if (!(await attachVideoFile(tx, body.ext_id, lang.id))) return lang.id;
    // A video of its own: no longer one borrowed from another version.
    await tx
      .update(contentLangs)
      .set({ video_from_lang_id: null })
      .where(and(eq(contentLangs.id, lang.id), sql`${contentLangs.video_from_lang_id} is not null`));
    return lang.id;
  });
  return getContentLang(db, langId);
}

export async function detachVideo(db: Executor, contentLangId: number): Promise<ContentLang> {
  await detachVideoFile(db, contentLangId);
  return getContentLang(db, contentLangId);
}
