/** Content as the catalogue reads it: its rows with their version in the language and video, and the cursor. */
import { and, asc, type Column, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  brandLangs,
  brands,
  content,
  contentLangs,
  contentNotPlanned,
  countryRules,
  languages,
  type StoredAudioTrack,
  subtitles,
  videoFiles,
} from '../../db/schema.ts';
import type { mediaUrls } from './data.ts';
import type { CatalogueItem } from './format.ts';
import { closing } from './reasons.ts';

/** Columns that two joined tables both have are renamed: the cursor answers plain rows keyed by name. */
export const as = <T>(column: Column, name: string) => sql<T>`${column}`.as(name);

/** The version of the same episode whose video a version borrows (`video_from_lang_id`, decision 068). */
export const lender = alias(contentLangs, 'lender');
/** Joined after `contentLangs`: the version it borrows from, if it does. */
export const lenderOf = and(
  eq(lender.content_id, contentLangs.content_id),
  eq(lender.lang_id, contentLangs.video_from_lang_id),
  isNull(lender.deleted_at),
);
/** The version's video has an audio track in the version's language. */
export const speaksItsLanguage = sql`${videoFiles.audio_tracks} @> jsonb_build_array(jsonb_build_object('lang_id', ${contentLangs.lang_id}))`;
/** The version has subtitles of its own (in its language). */
export const hasSubtitles = sql`exists (select 1 from ${subtitles} where ${subtitles.content_lang_id} = ${contentLangs.id})`;

/**
 * Joined after `lender`: the version's video, its own or the one it borrows, as long as that one is not ready yet,
 * has an audio track in the version's language, or the version has subtitles (read, not heard): one with neither is
 * no video for a child of this language (`no_video`).
 */
export const versionVideo = and(
  sql`${videoFiles.content_lang_id} = coalesce(${lender.id}, ${contentLangs.id})`,
  isNull(videoFiles.deleted_at),
  sql`(${lender.id} is null or ${videoFiles.status} <> 'ready' or ${speaksItsLanguage} or ${hasSubtitles})`,
);

/**
 * Every content row with its version in the language (not one in the bin) and that version's video (not one in the
 * bin either: its objects go when the bin is emptied), its own or one it borrows (versionVideo).
 */
export function contentRows(db: Executor, langId: number, fields: SelectedFields) {
  return db
    .select(fields)
    .from(content)
    .innerJoin(brands, eq(brands.id, content.brand_id))
    .leftJoin(
      contentLangs,
      and(eq(contentLangs.content_id, content.id), eq(contentLangs.lang_id, langId), isNull(contentLangs.deleted_at)),
    )
    .leftJoin(lender, lenderOf)
    .leftJoin(videoFiles, versionVideo);
}

/**
 * The episodes not planned in the languages (decision 074), as `content_id lang_id` keys: left out of that language's
 * catalogue without a reason, and no problem of its readiness. A few rows a brand: read whole for the languages asked.
 */
export async function notPlannedIn(db: Executor, langIds: number[]): Promise<Set<string>> {
  if (langIds.length === 0) return new Set();
  const rows = await db
    .select({ content_id: contentNotPlanned.content_id, lang_id: contentNotPlanned.lang_id })
    .from(contentNotPlanned)
    .where(inArray(contentNotPlanned.lang_id, langIds));
  return new Set(rows.map((r) => notPlannedKey(r.content_id, r.lang_id)));
}
export const notPlannedKey = (contentId: number, langId: number) => `${contentId} ${langId}`;

/** What the catalogue's brand rules (reasons.ts, BrandState) read of a brand with its version in the language. */
export const brandStateFields = {
  id: brands.id,
  is_published: brands.is_published,
  deleted_at: brands.deleted_at,
  available_from: brands.available_from,
  available_until: brands.available_until,
  version_id: brandLangs.id,
  version_published: brandLangs.is_published,
  title: brandLangs.title,
};

/** What the catalogue's rules (rulesByBrand, licenceAt) read of a brand's country rules. */
export const countryRuleFields = {
  brand_id: countryRules.brand_id,
  code2: countryRules.code2,
  exclude: countryRules.exclude,
  starts_at: countryRules.starts_at,
  ends_at: countryRules.ends_at,
};

/** What the catalogue's rules (reasons.ts, ContentStateRow) read of each content row. */
export const contentStateFields = {
  id: content.id,
  brand_id: content.brand_id,
  season: content.season,
  sort_number: content.sort_number,
  is_published: content.is_published,
  deleted_at: content.deleted_at,
  available_from: content.available_from,
  available_until: content.available_until,
  version_id: as<number | null>(contentLangs.id, 'version_id'),
  version_published: as<boolean | null>(contentLangs.is_published, 'version_published'),
  title: contentLangs.title,
  video_id: as<number | null>(videoFiles.id, 'video_id'),
  video_status: videoFiles.status,
};

/** Brand order, then each brand's content by season and number: the order the file lists them in. */
export const contentOrder = [
  asc(brands.sort),
  asc(brands.id),
  asc(content.season),
  asc(content.sort_number),
  asc(content.id),
] as const;

export interface ItemRow {
  id: number;
  brand_id: number;
  season: number;
  sort_number: number;
  duration_sec: number;
  title: string;
  description: string;
  thumbnail_url: string | null;
  /** The HLS master playlist: set once the video is ready, and only ready videos are read. */
  playback_url: string;
  video_duration_sec: number | null;
  /** The video's poster, taken from the video (or chosen by staff) when it was processed. */
  video_thumbnail_url: string | null;
  /** The codes of the languages the episode has subtitles in (any of its versions), in order. */
  subtitle_langs: string[] | null;
  /** The HLS master's AUDIO group, in its order. */
  audio_tracks: StoredAudioTrack[];
}

/**
 * The languages a child may hear the episode in (the AUDIO group's tracks with a language, each once, in the group's
 * order) and the one to select: the catalogue's own language when a track is in it, else null (the player's default).
 */
export function audioOf(
  tracks: StoredAudioTrack[] | null,
  codes: Map<number, string>,
  ownCode: string | null,
): { audio: string[]; audio_lang: string | null } {
  const audio = [...new Set((tracks ?? []).flatMap((t) => (t.lang_id === null ? [] : (codes.get(t.lang_id) ?? []))))];
  return { audio, audio_lang: ownCode !== null && audio.includes(ownCode) ? ownCode : null };
}

/** Rows fetched from the content cursor at a time: a couple of MB, whatever the size of the catalogue. */
export const CONTENT_BATCH = 2_000;

/**
 * The text and video of content, through a cursor in brand order: each brand's content arrives in one run, right
 * when the brand is handed over. Only rows with a ready video can be listed: the condition spares reading the
 * others' text; `listed` (contentReasons) decides.
 */
export async function openContentCursor(tx: Executor, langId: number, batchSize: number) {
  const items = contentRows(tx, langId, {
    id: content.id,
    brand_id: content.brand_id,
    season: content.season,
    sort_number: content.sort_number,
    duration_sec: content.duration_sec,
    title: contentLangs.title,
    description: contentLangs.description,
    thumbnail_url: contentLangs.thumbnail_url,
    playback_url: videoFiles.playback_url,
    video_duration_sec: as<number | null>(videoFiles.duration_sec, 'video_duration_sec'),
    video_thumbnail_url: as<string | null>(videoFiles.thumbnail_url, 'video_thumbnail_url'),
    // What the video's HLS master lists in its SUBTITLES group (modules/subtitles): every version's files.
    subtitle_langs: sql<string[] | null>`(select array_agg(distinct ${languages.code} order by ${languages.code})
      from ${subtitles} join ${contentLangs} sl on sl.id = ${subtitles.content_lang_id} and sl.deleted_at is null
      join ${languages} on ${languages.id} = sl.lang_id where sl.content_id = ${content.id})`.as('subtitle_langs'),
    audio_tracks: videoFiles.audio_tracks,
  })
    .where(eq(videoFiles.status, 'ready'))
    .orderBy(...contentOrder);
  // Every row is read: plan for the whole result (hash joins and one sort), not for the first rows as a
  // cursor otherwise would (nested loops); about 15% faster on the benchmark's 50,000 episodes.
  const codes = new Map((await tx.select().from(languages)).map((l) => [l.id, l.code]));
  const ownCode = codes.get(langId) ?? null;
  await tx.execute(sql`set local cursor_tuple_fraction = 1`);
  await tx.execute(sql`declare catalogue_content no scroll cursor for ${items}`);
  let batch: ItemRow[] = [];
  let next = 0;
  let exhausted = false;
  const peek = async (): Promise<ItemRow | undefined> => {
    if (next === batch.length && !exhausted) {
      // Both drivers answer { rows }; the HKT of Executor leaves the result type open.
      const fetched = (await tx.execute(
        sql`fetch forward ${sql.raw(String(batchSize))} from catalogue_content`,
      )) as unknown as { rows: ItemRow[] };
      batch = fetched.rows;
      next = 0;
      exhausted = batch.length < batchSize;
    }
    return batch[next];
  };
  return {
    /** The listed content of one brand, in the file's form. */
    async runOf(
      brandId: number,
      listed: Set<number>,
      closesAt: Map<number, string>,
      media: ReturnType<typeof mediaUrls>,
    ): Promise<CatalogueItem[]> {
      const own: CatalogueItem[] = [];
      for (let row = await peek(); row?.brand_id === brandId; row = await peek()) {
        next += 1;
        if (!listed.has(row.id)) continue;
        own.push({
          id: row.id,
          season: row.season,
          sort_number: row.sort_number,
          title: row.title,
          description: row.description,
          thumbnail_url: media(row.thumbnail_url || row.video_thumbnail_url || null),
          duration_sec: row.duration_sec,
          video: {
            playback_url: media(row.playback_url),
            poster_url: media(row.video_thumbnail_url),
            duration_sec: row.video_duration_sec,
            // Only where there are some: 50,000 empty lists would be 750 KB of the file, and a build from before the
            // fields would compare every episode as changed (a video processed before its tracks were kept has its
            // sound in the picture: not a silent one).
            ...(row.audio_tracks?.length ? audioOf(row.audio_tracks, codes, ownCode) : {}),
            ...(row.subtitle_langs?.length ? { subtitles: row.subtitle_langs } : {}),
          },
          ...closing(closesAt.get(row.id) ?? null),
        });
      }
      return own;
    },
    async close() {
      // Rows left over would mean the two orders disagree: better no catalogue than one missing episodes.
      if ((await peek()) !== undefined) throw new Error('Catalogue content is not in brand order');
      await tx.execute(sql`close catalogue_content`);
    },
  };
}
