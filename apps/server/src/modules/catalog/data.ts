import { type CatalogBuildRecord, type Language, type WhereToWatch, whereToWatch } from '@kids-vod/contract';
import { and, asc, type Column, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  brandLangs,
  brands,
  catalogBuilds,
  content,
  contentLangs,
  contentLinks,
  countryRules,
  languages,
  localeStrings,
  promos,
  streams,
  videoFiles,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { byKey } from '../locales/index.ts';
import {
  type Catalogue,
  type CatalogueBrand,
  type CatalogueCounts,
  type CatalogueItem,
  type CataloguePromo,
  type CatalogueStream,
  FORMAT_VERSION,
  type LinkedItem,
} from './format.ts';

export async function findLanguageByCode(db: Executor, code: string): Promise<Language> {
  const [row] = await db.select().from(languages).where(eq(languages.code, code.toLowerCase()));
  if (!row) throw notFound(`Language ${code}`);
  return row;
}

/** Published brands with a published version in the language: a join condition on brands ⋈ brand_langs. */
const brandInCatalogue = (langId: number) =>
  and(
    eq(brandLangs.brand_id, brands.id),
    eq(brandLangs.lang_id, langId),
    eq(brandLangs.is_published, true),
    eq(brands.is_published, true),
    isNull(brandLangs.deleted_at),
    isNull(brands.deleted_at),
  );

/**
 * Published content of those brands with a published version in the language, and its video when it has
 * one (content without a video is counted for the editors, not listed: the apps could not play it).
 */
function contentInCatalogue(db: Executor, langId: number, fields: SelectedFields) {
  return db
    .select(fields)
    .from(content)
    .innerJoin(brands, eq(brands.id, content.brand_id))
    .innerJoin(brandLangs, brandInCatalogue(langId))
    .innerJoin(
      contentLangs,
      and(
        eq(contentLangs.content_id, content.id),
        eq(contentLangs.lang_id, langId),
        eq(contentLangs.is_published, true),
        isNull(contentLangs.deleted_at),
        isNull(content.deleted_at),
      ),
    )
    .leftJoin(videoFiles, eq(videoFiles.content_lang_id, contentLangs.id));
}

/** The ids of the content the catalogue lists: what a link or a banner may point at. */
const listedContentIds = (db: Executor, langId: number) =>
  contentInCatalogue(db, langId, { id: content.id }).where(
    and(eq(content.is_published, true), isNotNull(videoFiles.id)),
  );

/** Columns that two joined tables both have are renamed: the cursor answers plain rows keyed by name. */
const as = <T>(column: Column, name: string) => sql<T>`${column}`.as(name);

interface ItemRow {
  id: number;
  brand_id: number;
  season: number;
  sort_number: number;
  duration_sec: number;
  title: string;
  description: string;
  thumbnail_url: string | null;
  playback_url: string | null;
  video_duration_sec: number | null;
  video_thumbnail_url: string | null;
}

/** Rows fetched from the content cursor at a time: a couple of MB, whatever the size of the catalogue. */
const CONTENT_BATCH = 2_000;

/** The JSON text of an object without its closing brace, for the envelope written around streamed parts. */
const openObject = (value: object) => JSON.stringify(value).slice(0, -1);

/**
 * Writes the catalogue of one language as JSON text, piece by piece, through `emit` (awaited, so a slow
 * writer holds the reading back), and answers its counts.
 *
 * Must run in a REPEATABLE READ transaction, so its seven set-based queries (whatever the number of
 * brands and content) see one snapshot and links and banners only point at content the file lists.
 * The content, the only large part, is read through a cursor in brand order and written brand by brand,
 * so memory holds one batch of rows and the text written so far, never every row at once.
 */
export async function writeCatalogue(
  tx: Executor,
  lang: Language,
  generatedAt: string,
  emit: (text: string) => Promise<void> | void,
  { batchSize = CONTENT_BATCH, publicUrl }: { batchSize?: number; publicUrl?: string } = {},
): Promise<CatalogueCounts> {
  const media = mediaUrls(publicUrl);
  const brandRows = await tx
    .select({
      id: brands.id,
      slug: brands.slug,
      name: brands.name,
      age_rating: brands.age_rating,
      brand_logo_url: brands.logo_url,
      title: brandLangs.title,
      description: brandLangs.description,
      logo_url: brandLangs.logo_url,
    })
    .from(brands)
    .innerJoin(brandLangs, brandInCatalogue(lang.id))
    .orderBy(asc(brands.sort), asc(brands.id));
  const inCatalogue = new Set(brandRows.map((b) => b.id));

  const ruleRows = await tx
    .select({ brand_id: countryRules.brand_id, code2: countryRules.code2, exclude: countryRules.exclude })
    .from(countryRules)
    .innerJoin(brands, eq(brands.id, countryRules.brand_id))
    .innerJoin(brandLangs, brandInCatalogue(lang.id));
  const countries = whereToWatchByBrand(ruleRows);

  const linkRows = await tx
    .select({ brand_id: contentLinks.brand_id, content_id: contentLinks.content_id, owner_id: content.brand_id })
    .from(contentLinks)
    .innerJoin(content, eq(content.id, contentLinks.content_id))
    .where(inArray(contentLinks.content_id, listedContentIds(tx, lang.id)))
    .orderBy(asc(contentLinks.id));
  const linksOf = new Map<number, LinkedItem[]>();
  let linkCount = 0;
  for (const link of linkRows) {
    if (!inCatalogue.has(link.brand_id)) continue;
    let links = linksOf.get(link.brand_id);
    if (!links) {
      links = [];
      linksOf.set(link.brand_id, links);
    }
    links.push({ content_id: link.content_id, brand_id: link.owner_id });
    linkCount += 1;
  }

  // A banner opening a brand or content the app does not have would lead nowhere: it is left out.
  const promoRows = await tx
    .select({
      id: promos.id,
      title: promos.title,
      image_url: promos.image_url,
      bg_color: promos.bg_color,
      button_color: promos.button_color,
      button_text: promos.button_text,
      brand_id: promos.brand_id,
      season: promos.season,
      content_id: promos.content_id,
    })
    .from(promos)
    .where(
      and(
        eq(promos.is_active, true),
        isNull(promos.deleted_at),
        or(eq(promos.lang_id, lang.id), isNull(promos.lang_id)),
        or(isNull(promos.content_id), inArray(promos.content_id, listedContentIds(tx, lang.id))),
      ),
    )
    .orderBy(asc(promos.sort), asc(promos.id));
  const cataloguePromos: CataloguePromo[] = promoRows
    .filter((p) => p.brand_id === null || inCatalogue.has(p.brand_id))
    .map((p) => ({ ...p, image_url: media(p.image_url) }));

  const streamRows: CatalogueStream[] = (
    await tx
      .select({ id: streams.id, title: streams.title, url: streams.url, poster_url: streams.poster_url })
      .from(streams)
      .where(and(eq(streams.lang_id, lang.id), eq(streams.is_active, true), isNull(streams.deleted_at)))
      .orderBy(asc(streams.sort), asc(streams.id))
  ).map((s) => ({ ...s, poster_url: media(s.poster_url) }));

  const stringRows = await tx
    .select({ key: localeStrings.key, value: localeStrings.value })
    .from(localeStrings)
    .where(eq(localeStrings.lang_id, lang.id))
    .orderBy(byKey(localeStrings.key));
  // Written pair by pair, not through an object: JavaScript lists keys like "9" and "10" first, in numeric order,
  // and the format promises byte order.
  const strings = `{${stringRows.map(({ key, value }) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;

  // Same brand order as brandRows, so each brand's content arrives in one run, right when it is written.
  const items = contentInCatalogue(tx, lang.id, {
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
  })
    .where(eq(content.is_published, true))
    .orderBy(asc(brands.sort), asc(brands.id), asc(content.season), asc(content.sort_number), asc(content.id));
  // Every row is read: plan for the whole result (hash joins and one sort), not for the first rows as a
  // cursor otherwise would (nested loops); about 15% faster on the benchmark's 50,000 episodes.
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

  await emit(
    `${openObject({
      format_version: FORMAT_VERSION,
      lang: lang.code,
      lang_id: lang.id,
      generated_at: generatedAt,
    } satisfies Partial<Catalogue>)},"brands":[`,
  );
  let contentCount = 0;
  let withoutVideo = 0;
  for (const [index, b] of brandRows.entries()) {
    const own: CatalogueItem[] = [];
    for (let row = await peek(); row?.brand_id === b.id; row = await peek()) {
      next += 1;
      if (row.playback_url === null) {
        withoutVideo += 1;
        continue;
      }
      own.push({
        id: row.id,
        season: row.season,
        sort_number: row.sort_number,
        title: row.title,
        description: row.description,
        thumbnail_url: media(row.thumbnail_url || row.video_thumbnail_url || null),
        duration_sec: row.duration_sec,
        video: { playback_url: media(row.playback_url), duration_sec: row.video_duration_sec },
      });
    }
    contentCount += own.length;
    const brand: CatalogueBrand = {
      id: b.id,
      slug: b.slug,
      // A version saved without a title would show a blank tile: the brand's own name is better than nothing.
      title: b.title || b.name,
      description: b.description,
      logo_url: media(b.logo_url || b.brand_logo_url || null),
      age_rating: b.age_rating,
      countries: countries.get(b.id) ?? { include: null, exclude: [] },
      content: own,
      linked_content: linksOf.get(b.id) ?? [],
    };
    await emit(index === 0 ? JSON.stringify(brand) : `,${JSON.stringify(brand)}`);
  }
  // Rows left over would mean the two orders disagree: better no catalogue than one missing episodes.
  if ((await peek()) !== undefined) throw new Error('Catalogue content is not in brand order');
  await tx.execute(sql`close catalogue_content`);
  await emit(
    `],"promos":${JSON.stringify(cataloguePromos)},"streams":${JSON.stringify(streamRows)},"strings":${strings}}`,
  );

  return {
    brands: brandRows.length,
    content: contentCount,
    links: linkCount,
    promos: cataloguePromos.length,
    streams: streamRows.length,
    strings: stringRows.length,
    content_without_video: withoutVideo,
  };
}

/**
 * Media in the local folder is stored as paths on this server (`/media/…`), so a saved URL survives a change of
 * domain. Apps cannot resolve a path without knowing the server: in the catalogue they get absolute URLs under
 * PUBLIC_URL when it is set (absolute URLs, as S3 storage gives, pass through unchanged).
 */
export function mediaUrls(publicUrl: string | undefined): <T extends string | null>(url: T) => T {
  if (!publicUrl) return (url) => url;
  const origin = publicUrl.replace(/\/+$/, '');
  return (url) => (url?.startsWith('/') && !url.startsWith('//') ? (`${origin}${url}` as typeof url) : url);
}

/**
 * Each brand's rules fold into one include list and one exclude list (whereToWatch, the contract's one answer to
 * where a brand may be watched), so apps need no loop over rules. Sorted, so unchanged rules always read the same.
 */
function whereToWatchByBrand(
  rules: { brand_id: number; code2: string[]; exclude: boolean }[],
): Map<number, WhereToWatch> {
  const rulesOf = new Map<number, typeof rules>();
  for (const rule of rules) {
    const own = rulesOf.get(rule.brand_id);
    if (own) own.push(rule);
    else rulesOf.set(rule.brand_id, [rule]);
  }
  const answer = new Map<number, WhereToWatch>();
  for (const [brandId, own] of rulesOf) {
    const where = whereToWatch(own);
    answer.set(brandId, { include: where.include?.sort() ?? null, exclude: where.exclude.sort() });
  }
  return answer;
}

/**
 * Builds run one at a time, and each one reads its snapshot only once it has the lock (LOCK TABLE, unlike
 * a SELECT, takes no snapshot): so the stable file always ends up holding the build that read the data
 * last. Nothing but builds writes catalog_builds, and readers of the list are not blocked.
 */
export async function lockBuilds(tx: Executor): Promise<void> {
  await tx.execute(sql`lock table ${catalogBuilds} in share row exclusive mode`);
}

export async function recordBuild(
  db: Executor,
  build: Omit<typeof catalogBuilds.$inferInsert, 'id'> & { created_at: string },
): Promise<typeof catalogBuilds.$inferSelect> {
  const [row] = await db.insert(catalogBuilds).values(build).returning();
  return row;
}

export function listBuilds(db: Executor, filter: { lang_id?: number; limit: number }): Promise<CatalogBuildRecord[]> {
  return db
    .select({
      id: catalogBuilds.id,
      lang_id: catalogBuilds.lang_id,
      lang_code: languages.code,
      url: catalogBuilds.url,
      versioned_url: catalogBuilds.versioned_url,
      size_bytes: catalogBuilds.size_bytes,
      sha256: catalogBuilds.sha256,
      counts: catalogBuilds.counts,
      created_at: catalogBuilds.created_at,
    })
    .from(catalogBuilds)
    .innerJoin(languages, eq(languages.id, catalogBuilds.lang_id))
    .where(filter.lang_id === undefined ? undefined : eq(catalogBuilds.lang_id, filter.lang_id))
    .orderBy(desc(catalogBuilds.created_at), desc(catalogBuilds.id))
    .limit(filter.limit);
}
