/**
 * Readiness as a worklist (api.md "Studio delivery", decision 074): every brand and language with problems across the
 * catalogue, the soonest to become available first. Counted with brand readiness's own parts (brandEpisodes,
 * episodeProblems, brandProblems, playableCounts), language by language for all brands at once: a few reads a
 * language rather than a few a brand and language (24,000 on the large catalogue). The test checks the two agree.
 */
import { type api, licenceAt, type ReadinessList, type ReadinessListRow } from '@kids-vod/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brandLangs, brands, content, contentLinks, promos } from '../../db/schema.ts';
import type { Body } from '../../lib/route.ts';
import { contentRows, contentStateFields } from './content-rows.ts';
import { brandEpisodes, brandProblems, brandStates, episodeProblems, isUnreadable } from './readiness.ts';
import { brandOwnReasons, type ContentStateRow, playableCounts } from './reasons.ts';

/**
 * Brands without a start date first (they are available as soon as they are ready), then by their start; then by
 * name and language, so that a page is the same page twice.
 */
function soonestFirst(a: ReadinessListRow, b: ReadinessListRow): number {
  if (a.starts_at !== b.starts_at) {
    if (a.starts_at === null) return -1;
    if (b.starts_at === null) return 1;
    return Date.parse(a.starts_at) - Date.parse(b.starts_at);
  }
  return a.name.localeCompare(b.name, 'en') || a.brand_id - b.brand_id || a.lang_id - b.lang_id;
}

/** Unreadable banners' problems by the brands they count against (the brand they open, or their episode's). */
async function unreadableBanners(db: Executor) {
  const banners = await db
    .select({
      brand_id: promos.brand_id,
      content_brand_id: content.brand_id,
      lang_id: promos.lang_id,
      bg_color: promos.bg_color,
      button_color: promos.button_color,
      button_text: promos.button_text,
    })
    .from(promos)
    .leftJoin(content, eq(content.id, promos.content_id))
    .where(isNull(promos.deleted_at));
  const unreadable = banners.filter(isUnreadable);
  return (brandId: number, langId: number) =>
    unreadable.filter(
      (b) => (b.brand_id === brandId || b.content_brand_id === brandId) && (b.lang_id === null || b.lang_id === langId),
    ).length;
}

/** The brands with a version in one language, with their problem counts there; only those with problems. */
async function langRows(
  db: Executor,
  langId: number,
  versions: { brand_id: number; name: string; starts_at: string | null }[],
  links: { brand_id: number; content_id: number }[],
  bannersOf: (brandId: number, langId: number) => number,
  at: number,
): Promise<ReadinessListRow[]> {
  const ids = versions.map((v) => v.brand_id);
  const episodes = (await brandEpisodes(db, ids, [langId]))(langId);
  const own = new Set(episodes.map((e) => e.id));
  const inLang = new Set(ids);
  const ownLinks = links.filter((l) => inLang.has(l.brand_id));
  const away = [...new Set(ownLinks.map((l) => l.content_id).filter((id) => !own.has(id)))];
  const linked =
    away.length === 0
      ? []
      : ((await contentRows(db, langId, contentStateFields).where(
          inArray(content.id, away),
        )) as unknown as ContentStateRow[]);
  const { states, rulesOf } = await brandStates(db, [...new Set([...ids, ...linked.map((c) => c.brand_id)])], langId);
  const mayShow = new Set(
    states.filter((b) => brandOwnReasons(b, at, licenceAt(rulesOf.get(b.id) ?? [], at)).length === 0).map((b) => b.id),
  );
  const { playable } = playableCounts([...episodes, ...linked], ownLinks, (id) => mayShow.has(id), at);
  const episodeCounts = new Map<number, number>();
  for (const e of episodes) {
    episodeCounts.set(e.brand_id, (episodeCounts.get(e.brand_id) ?? 0) + episodeProblems(e).length);
  }
  const stateOf = new Map(states.map((b) => [b.id, b]));
  const rows: ReadinessListRow[] = [];
  for (const v of versions) {
    const count = playable.get(v.brand_id) ?? 0;
    const problems =
      brandProblems(stateOf.get(v.brand_id), rulesOf.get(v.brand_id) ?? [], count, at).length +
      (episodeCounts.get(v.brand_id) ?? 0) +
      bannersOf(v.brand_id, langId);
    if (problems > 0) rows.push({ ...v, lang_id: langId, playable: count, problem_count: problems });
  }
  return rows;
}

export async function readinessList(
  db: Executor,
  { lang_id, offset, limit }: Body<typeof api.brand.readinessList>,
): Promise<ReadinessList> {
  const at = Date.now();
  const versions = await db
    .select({
      brand_id: brandLangs.brand_id,
      lang_id: brandLangs.lang_id,
      name: brands.name,
      starts_at: brands.available_from,
    })
    .from(brandLangs)
    .innerJoin(brands, eq(brands.id, brandLangs.brand_id))
    .where(
      and(
        isNull(brandLangs.deleted_at),
        isNull(brands.deleted_at),
        lang_id === undefined ? undefined : eq(brandLangs.lang_id, lang_id),
      ),
    );
  const byLang = new Map<number, typeof versions>();
  for (const v of versions) {
    const ofLang = byLang.get(v.lang_id);
    if (ofLang) ofLang.push(v);
    else byLang.set(v.lang_id, [v]);
  }
  const links = await db
    .select({ brand_id: contentLinks.brand_id, content_id: contentLinks.content_id })
    .from(contentLinks);
  const bannersOf = await unreadableBanners(db);
  const rows: ReadinessListRow[] = [];
  for (const [langId, ofLang] of byLang) {
    const brandsOf = ofLang.map(({ lang_id: _, ...v }) => v);
    rows.push(...(await langRows(db, langId, brandsOf, links, bannersOf, at)));
  }
  rows.sort(soonestFirst);
  return { rows: rows.slice(offset, offset + limit), count: rows.length };
}
