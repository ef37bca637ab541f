/**
 * A brand's readiness (api.md "Episode intake and readiness", decision 064): per language it has a version in, how
 * many episodes a child could watch now and what stops the rest. It counts with the catalogue's own rules
 * (reasons.ts: contentReasons through playableCounts, brandOwnReasons), so a brand readiness calls ready is one
 * the catalogue shows once it is published.
 */
import {
  type BannerButton,
  bannerButtonProblems,
  type Instant,
  instantMs,
  licenceAt,
  READINESS_LISTED,
  type Readiness,
  type ReadinessItem,
  type ReadinessLang,
} from '@kids-vod/contract';
import { and, asc, type Column, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  brandLangs,
  brands,
  content,
  contentLangs,
  contentLinks,
  countryRules,
  promos,
  videoFiles,
} from '../../db/schema.ts';
import { itemNotFound } from '../../lib/errors.ts';
import {
  brandStateFields,
  contentRows,
  contentStateFields,
  countryRuleFields,
  hasSubtitles,
  lender,
  lenderOf,
  notPlannedIn,
  notPlannedKey,
  speaksItsLanguage,
  versionVideo,
} from './content-rows.ts';
import { type BrandState, brandOwnReasons, type ContentStateRow, playableCounts, rulesByBrand } from './reasons.ts';

/** Whether a text is written is all readiness needs of it: a boolean is read, not the text. */
interface EpisodeRow extends ContentStateRow {
  has_description: boolean | null;
  has_thumbnail: boolean | null;
  video_has_thumbnail: boolean | null;
  understood: boolean | null;
}

const written = (column: Column) => sql<boolean | null>`(${column} <> '')`;

/** The brands (with their version in the language) and their rules, as the catalogue's brand rules read them. */
export async function brandStates(db: Executor, ids: number[], langId: number) {
  if (ids.length === 0) return { states: [], rulesOf: rulesByBrand([]) };
  const states: (BrandState & { name: string; title: string | null; logo_url: string | null })[] = await db
    .select({
      ...brandStateFields,
      name: brands.name,
      logo_url: brands.logo_url,
      version_logo_url: brandLangs.logo_url,
    })
    .from(brands)
    .leftJoin(
      brandLangs,
      and(eq(brandLangs.brand_id, brands.id), eq(brandLangs.lang_id, langId), isNull(brandLangs.deleted_at)),
    )
    .where(inArray(brands.id, ids))
    .then((rows) => rows.map(({ version_logo_url, ...b }) => ({ ...b, logo_url: version_logo_url || b.logo_url })));
  const rules = await db
    .select(countryRuleFields)
    .from(countryRules)
    .where(inArray(countryRules.brand_id, ids))
    .orderBy(asc(countryRules.id));
  return { states, rulesOf: rulesByBrand(rules) };
}

/**
 * The brands' episodes (not in the bin) in each of the languages, in one read whatever their number, brand by brand:
 * an episode without a version in a language reads as the catalogue's row without one (contentRows' left join). An
 * episode not planned in a language is not one of that language's (decision 074): no problem, and not counted.
 */
export async function brandEpisodes(db: Executor, brandIds: number[], langIds: number[]) {
  const rows = await db
    .select({
      ...contentStateFields,
      lang_id: contentLangs.lang_id,
      has_description: written(contentLangs.description).as('has_description'),
      has_thumbnail: written(contentLangs.thumbnail_url).as('has_thumbnail'),
      video_has_thumbnail: written(videoFiles.thumbnail_url).as('video_has_thumbnail'),
      // A ready video a child of the language hears (a track in it, or tracks no tag names: taken for the version's
      // own) or reads (subtitles of the version).
      understood: sql<boolean | null>`(${videoFiles.status} <> 'ready' or ${speaksItsLanguage}
        or not jsonb_path_exists(${videoFiles.audio_tracks}, '$[*] ? (@.lang_id != null)') or ${hasSubtitles})`.as(
        'understood',
      ),
    })
    .from(content)
    .leftJoin(
      contentLangs,
      and(
        eq(contentLangs.content_id, content.id),
        inArray(contentLangs.lang_id, langIds.length > 0 ? langIds : [0]),
        isNull(contentLangs.deleted_at),
      ),
    )
    .leftJoin(lender, lenderOf)
    .leftJoin(videoFiles, versionVideo)
    .where(and(inArray(content.brand_id, brandIds.length > 0 ? brandIds : [0]), isNull(content.deleted_at)))
    .orderBy(asc(content.brand_id), asc(content.season), asc(content.sort_number), asc(content.id));
  const order: EpisodeRow[] = [];
  const versions = new Map<string, EpisodeRow>();
  for (const { lang_id, ...row } of rows as unknown as (EpisodeRow & { lang_id: number | null })[]) {
    if (order.at(-1)?.id !== row.id) order.push(row);
    if (lang_id !== null) versions.set(`${row.id} ${lang_id}`, row);
  }
  const notPlanned = await notPlannedIn(db, langIds);
  const none = { version_id: null, version_published: null, title: null, has_description: null, has_thumbnail: null };
  const noVideo = { video_id: null, video_status: null, video_has_thumbnail: null, understood: null };
  return (langId: number): EpisodeRow[] =>
    order
      .filter((e) => !notPlanned.has(notPlannedKey(e.id, langId)))
      .map((e) => versions.get(`${e.id} ${langId}`) ?? { ...e, ...none, ...noVideo });
}

/** An episode as readiness names it: its title, or its place in its brand while it has none. */
const episodeName = (e: EpisodeRow, brandName: string) => e.title || `${brandName} S${e.season} E${e.sort_number}`;

/**
 * The problems of several brands' episodes in one language, brand by brand, with the brand each opens in: what
 * Build and publish says before a build, in the words and order of each brand's readiness. The first `limit`
 * are made into items; `count` is all of them.
 */
export async function episodeProblemsIn(
  db: Executor,
  langId: number,
  brands: { id: number; name: string }[],
  limit = READINESS_LISTED,
): Promise<{ items: ReadinessItem[]; count: number }> {
  const names = new Map(brands.map((b) => [b.id, b.name]));
  const episodes = (await brandEpisodes(db, [...names.keys()], [langId]))(langId);
  const items: ReadinessItem[] = [];
  let count = 0;
  for (const e of episodes) {
    // An item begun within the limit is listed whole: its problems are one line.
    const listed = count < limit;
    for (const problem of episodeProblems(e)) {
      count++;
      if (listed) {
        const name = episodeName(e, names.get(e.brand_id) ?? '');
        items.push({ kind: 'content', id: e.id, brand_id: e.brand_id, name, problem });
      }
    }
  }
  return { items, count };
}

/** What is missing on one episode in one language. */
export function episodeProblems(e: EpisodeRow): ReadinessItem['problem'][] {
  // Every problem at once, a missing version's too (issue 38): the console shows an episode's problems on one line,
  // so naming only its title until that is written hid the rest a layer at a time. A version that is not there is
  // not published, has no texts, no video and no thumbnail.
  const problems: ReadinessItem['problem'][] = [];
  if (!e.is_published || e.version_published !== true) problems.push('unpublished');
  if (!e.title) problems.push('no_title');
  if (!e.has_description) problems.push('no_description');
  if (e.video_id === null) problems.push('no_video');
  else if (e.video_status === 'failed') problems.push('video_failed');
  else if (e.video_status !== 'ready') problems.push('video_processing');
  else if (e.understood === false) problems.push('no_audio_or_subtitles');
  // A ready video's poster stands in for a thumbnail of its own, as in the catalogue (content-rows.ts).
  if (!e.has_thumbnail && !(e.video_status === 'ready' && e.video_has_thumbnail)) problems.push('no_thumbnail');
  return problems;
}

/** Everything that is not in the bin counts: a draft episode or banner shows what it still needs before it goes out. */
export async function brandReadiness(db: Executor, brandId: number, moment: Instant = Date.now()): Promise<Readiness> {
  const at = instantMs(moment);
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, brandId), isNull(brands.deleted_at)));
  if (!brand) throw itemNotFound('Brand', brandId);
  const versions = await db
    .select({ lang_id: brandLangs.lang_id })
    .from(brandLangs)
    .where(and(eq(brandLangs.brand_id, brandId), isNull(brandLangs.deleted_at)))
    .orderBy(asc(brandLangs.lang_id));
  const links = await db
    .select({ brand_id: contentLinks.brand_id, content_id: contentLinks.content_id })
    .from(contentLinks)
    .where(eq(contentLinks.brand_id, brandId));
  const ownIds = db.select({ id: content.id }).from(content).where(eq(content.brand_id, brandId));
  const banners = await db
    .select({
      id: promos.id,
      title: promos.title,
      lang_id: promos.lang_id,
      bg_color: promos.bg_color,
      button_color: promos.button_color,
      button_text: promos.button_text,
    })
    .from(promos)
    .where(and(isNull(promos.deleted_at), or(eq(promos.brand_id, brandId), inArray(promos.content_id, ownIds))))
    .orderBy(asc(promos.sort), asc(promos.id));
  const unreadable = banners.filter(isUnreadable);

  const episodesIn = await brandEpisodes(
    db,
    [brandId],
    versions.map((v) => v.lang_id),
  );
  // Languages are independent: on a server database their reads run side by side on the pool.
  const langs = await Promise.all(
    versions.map(({ lang_id }) => langReadiness(db, brandId, lang_id, episodesIn(lang_id), links, unreadable, at)),
  );
  return { langs };
}

type Link = { brand_id: number; content_id: number };
type Banner = { id: number; title: string; lang_id: number | null };

/** What is missing on a brand itself in one language (`own`: its state there, undefined when not read). */
export function brandProblems(
  own: (BrandState & { logo_url: string | null }) | undefined,
  rules: Parameters<typeof licenceAt>[0],
  playable: number,
  at: number,
): ReadinessItem['problem'][] {
  const problems: ReadinessItem['problem'][] = [];
  if (own && (!own.is_published || own.version_published === false)) problems.push('unpublished');
  if (!own?.logo_url) problems.push('no_logo');
  // Include rules none of which is in force now leave it out of every country. No rule at all is no problem: the
  // catalogue shows such a brand everywhere (api.md "Where a brand may be watched"), as the brand modal says.
  if (licenceAt(rules, at) !== 'open') problems.push('no_country_rule');
  if (playable === 0) problems.push('no_playable_content');
  return problems;
}

/** A banner's button that does not stand out from it: a problem of the brand it opens (or its episode's). */
export const isUnreadable = (b: BannerButton) => bannerButtonProblems(b).length > 0;

/** One language of the brand: its playable count (own episodes and a compilation's links) and its problems. */
async function langReadiness(
  db: Executor,
  brandId: number,
  langId: number,
  episodes: EpisodeRow[],
  links: Link[],
  unreadable: Banner[],
  at: number,
): Promise<ReadinessLang> {
  // A compilation's links count when the episode they open is one the catalogue lists (its brand may be shown).
  const linked =
    links.length === 0
      ? []
      : ((await contentRows(db, langId, contentStateFields).where(
          inArray(
            content.id,
            links.map((l) => l.content_id),
          ),
        )) as unknown as ContentStateRow[]);
  const { states, rulesOf } = await brandStates(db, [...new Set([brandId, ...linked.map((c) => c.brand_id)])], langId);
  const mayShow = new Set(
    states.filter((b) => brandOwnReasons(b, at, licenceAt(rulesOf.get(b.id) ?? [], at)).length === 0).map((b) => b.id),
  );
  const playable =
    playableCounts([...episodes, ...linked], links, (id) => mayShow.has(id), at).playable.get(brandId) ?? 0;

  const own = states.find((b) => b.id === brandId);
  const brandName = own?.title || own?.name || '';
  // Only the first READINESS_LISTED are made into items; the rest are counted (a big brand has tens of thousands).
  const problems: ReadinessItem[] = [];
  let count = 0;
  // An item begun within the limit is listed whole: its problems are one line.
  const add = (kind: ReadinessItem['kind'], id: number, name: () => string, problem: ReadinessItem['problem']) => {
    const last = problems.at(-1);
    const begun = last !== undefined && last.kind === kind && last.id === id && count === problems.length;
    if (count++ < READINESS_LISTED || begun) problems.push({ kind, id, name: name(), problem });
  };
  for (const problem of brandProblems(own, rulesOf.get(brandId) ?? [], playable, at)) {
    add('brand', brandId, () => brandName, problem);
  }
  for (const e of episodes) {
    for (const problem of episodeProblems(e)) add('content', e.id, () => episodeName(e, brandName), problem);
  }
  for (const b of unreadable) {
    if (b.lang_id === null || b.lang_id === langId) add('promo', b.id, () => b.title, 'unreadable_colours');
  }
  return { lang_id: langId, playable, problems, problem_count: count };
}
