import { type HiddenItem, type Instant, instantMs, type Language, licenceAt, ruleEdgesAfter } from '@kids-vod/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  brandLangs,
  brands,
  contentLinks,
  countryRules,
  languages,
  localeStrings,
  promos,
  streams,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { byKey } from '../locales/index.ts';
import {
  brandStateFields,
  CONTENT_BATCH,
  contentOrder,
  contentRows,
  contentStateFields,
  countryRuleFields,
  notPlannedIn,
  notPlannedKey,
  openContentCursor,
} from './content-rows.ts';
import type { CatalogueBrand, CatalogueCounts, CataloguePromo, CatalogueStream, LinkedItem } from './format.ts';
import {
  brandOwnReasons,
  brandReasons,
  type ContentStateRow,
  closing,
  contentReasons,
  isTimeReason,
  linkReasons,
  nextChange,
  playableCounts,
  promoReasons,
  rulesByBrand,
  sortOut,
  streamReasons,
  whereToWatchFrom,
} from './reasons.ts';

export async function findLanguageByCode(db: Executor, code: string): Promise<Language> {
  const [row] = await db.select().from(languages).where(eq(languages.code, code.toLowerCase()));
  if (!row) throw notFound(`Language ${code}`);
  return row;
}

/** A language named in a request body: unknown is bad input (400) naming it, not a missing item. */
export async function languageOf(db: Executor, code: string): Promise<Language> {
  const [row] = await db.select().from(languages).where(eq(languages.code, code.toLowerCase()));
  if (!row) throw badRequest(`Unknown language ${code}`, [{ path: 'lang', message: `Unknown language ${code}` }]);
  return row;
}

/** A link the catalogue lists, with what the country filter of a preview needs to name it. */
export interface ListedLink {
  id: number;
  brand_id: number;
  content_id: number;
  name: string;
}

/** Everything of a build but its brands, which buildCatalogue hands over one at a time as it goes. */
export interface CatalogueRest {
  promos: CataloguePromo[];
  /** When an app should fetch the file again (Catalogue.next_change_at). */
  next_change_at: string | null;
  streams: CatalogueStream[];
  /** In byte order of the key, as the file lists them. */
  strings: [string, string][];
  counts: CatalogueCounts;
  /** What exists but is not in the catalogue, and why: brands, content, links, banners, streams, in that order. */
  hidden: HiddenItem[];
  links: ListedLink[];
}

export interface BuildOptions {
  batchSize?: number;
  publicUrl?: string;
  /** The moment the catalogue shows (default: the build's `generated_at`). */
  at?: Instant;
}

/**
 * One pass over the data of one language: hands each brand of the catalogue to `onBrand`, in display order
 * (awaited, so a slow writer holds the reading back), and answers the rest, with what was left out and why.
 *
 * Must run in a REPEATABLE READ transaction, so its set-based queries (whatever the number of brands and content)
 * see one snapshot and links and banners only point at content the catalogue lists. Content is read twice: a
 * first pass of its small columns decides (contentReasons) which is listed, before any brand is handed over, since
 * a compilation early in the order links episodes of brands after it; then the listed content's text and video
 * is read through a cursor in brand order and handed over brand by brand, so memory holds one batch of rows,
 * never every row at once.
 */
export async function buildCatalogue(
  tx: Executor,
  lang: Language,
  onBrand: (brand: CatalogueBrand) => Promise<void> | void,
  { batchSize = CONTENT_BATCH, publicUrl, at: moment = Date.now() }: BuildOptions = {},
): Promise<CatalogueRest> {
  const media = mediaUrls(publicUrl);
  const at = instantMs(moment);
  const next = nextChange(at);
  // Every brand's rules (a few each): whether it is licensed anywhere decides whether it is in the catalogue.
  const rulesOf = rulesByBrand(await tx.select(countryRuleFields).from(countryRules).orderBy(asc(countryRules.id)));
  const brandRows = await tx
    .select({
      ...brandStateFields,
      slug: brands.slug,
      name: brands.name,
      age_rating: brands.age_rating,
      brand_logo_url: brands.logo_url,
      description: brandLangs.description,
      logo_url: brandLangs.logo_url,
    })
    .from(brands)
    .leftJoin(
      brandLangs,
      and(eq(brandLangs.brand_id, brands.id), eq(brandLangs.lang_id, lang.id), isNull(brandLangs.deleted_at)),
    )
    .orderBy(asc(brands.sort), asc(brands.id));
  const brandName = new Map(brandRows.map((b) => [b.id, b.title || b.name]));

  // An episode not planned in the language is no part of its catalogue: neither listed nor left out with a reason.
  const notPlanned = await notPlannedIn(tx, [lang.id]);
  const states = (
    (await contentRows(tx, lang.id, contentStateFields).orderBy(...contentOrder)) as unknown as ContentStateRow[]
  ).filter((c) => !notPlanned.has(notPlannedKey(c.id, lang.id)));
  const links = await tx
    .select({ id: contentLinks.id, brand_id: contentLinks.brand_id, content_id: contentLinks.content_id })
    .from(contentLinks)
    .orderBy(asc(contentLinks.id));
  // A brand is shown only with something to watch (decision 064): what each holds is counted before brands are
  // sorted out, from each episode's own reasons and the brands that may be shown at all.
  const mayShow = new Set(
    brandRows
      .filter((b) => brandOwnReasons(b, at, licenceAt(rulesOf.get(b.id) ?? [], at)).length === 0)
      .map((b) => b.id),
  );
  const { playable } = playableCounts(states, links, (id) => mayShow.has(id), at);

  const inCatalogue = new Set<number>();
  /** Brands shown, or hidden only for their time: their episodes' and rules' edges can change the catalogue. */
  const mayOpen = new Set<number>();
  const hiddenBrands = sortOut(
    brandRows,
    (b) => {
      const rules = rulesOf.get(b.id) ?? [];
      const reasons = brandReasons(b, at, licenceAt(rules, at), playable.get(b.id) ?? 0);
      // What it holds has edges of its own, tracked with its episodes (erring early at worst).
      const own = next.track(
        b,
        reasons.filter((r) => r !== 'no_playable_content'),
      );
      if (own.every(isTimeReason)) {
        mayOpen.add(b.id);
        next.consider(ruleEdgesAfter(rules, at)[0]);
      }
      return reasons;
    },
    (b) => inCatalogue.add(b.id),
    (b, reasons) => ({ kind: 'brand', id: b.id, name: b.title || b.name, reasons }),
  );

  const listed = new Set<number>();
  const contentOf = new Map(
    states.map((c) => [
      c.id,
      { brand_id: c.brand_id, name: c.title || `${brandName.get(c.brand_id)} S${c.season} E${c.sort_number}` },
    ]),
  );
  let withoutVideo = 0;
  let videoProcessing = 0;
  let videoFailed = 0;
  /** The listed episodes that close, and when: the cursor below writes it on them. */
  const closesAt = new Map<number, string>();
  const hiddenContent = sortOut(
    states,
    (c) => {
      const reasons = contentReasons(c, inCatalogue.has(c.brand_id), at);
      // Its brand's part is the brand's own edges, tracked with the brand.
      const own = reasons.filter((r) => r !== 'brand_unpublished');
      next.track(c, own, mayOpen.has(c.brand_id));
      return reasons;
    },
    (c) => {
      listed.add(c.id);
      if (c.available_until !== null) closesAt.set(c.id, c.available_until);
    },
    (c, reasons) => {
      // What the editors still have to attach, or wait for, or fix: everything else about it is ready.
      if (reasons.length === 1) {
        if (reasons[0] === 'no_video') withoutVideo += 1;
        else if (reasons[0] === 'video_processing') videoProcessing += 1;
        else if (reasons[0] === 'video_failed') videoFailed += 1;
      }
      return { kind: 'content', id: c.id, name: contentOf.get(c.id)?.name ?? '', reasons, brand_id: c.brand_id };
    },
  );

  const linkRows = links.map((link) => ({
    ...link,
    owner_id: contentOf.get(link.content_id)?.brand_id ?? 0,
    name: `${contentOf.get(link.content_id)?.name ?? `Episode ${link.content_id}`} in ${brandName.get(link.brand_id)}`,
  }));
  const linksOf = new Map<number, LinkedItem[]>();
  const listedLinks: ListedLink[] = [];
  const hiddenLinks = sortOut(
    linkRows,
    (link) => linkReasons(inCatalogue.has(link.brand_id), listed.has(link.content_id)),
    ({ owner_id, ...link }) => {
      const links = linksOf.get(link.brand_id) ?? [];
      linksOf.set(link.brand_id, links);
      links.push({ content_id: link.content_id, brand_id: owner_id });
      listedLinks.push(link);
    },
    ({ owner_id: _, ...link }, reasons) => ({ kind: 'link', ...link, reasons }),
  );

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
      lang_id: promos.lang_id,
      is_active: promos.is_active,
      deleted_at: promos.deleted_at,
      available_from: promos.available_from,
      available_until: promos.available_until,
    })
    .from(promos)
    .orderBy(asc(promos.sort), asc(promos.id));
  const cataloguePromos: CataloguePromo[] = [];
  const hiddenPromos = sortOut(
    promoRows,
    (p) => {
      const reasons = promoReasons(p, lang.id, at, (id) => inCatalogue.has(id), listed);
      // What it opens has edges of its own, tracked with it; its own are tracked here.
      next.track(
        p,
        reasons.filter((r) => r !== 'target_hidden'),
      );
      return reasons;
    },
    ({ lang_id, is_active, deleted_at, available_from, available_until, ...p }) =>
      cataloguePromos.push({ ...p, image_url: media(p.image_url), ...closing(available_until) }),
    (p, reasons) => ({
      kind: 'promo',
      id: p.id,
      name: p.title,
      reasons,
      brand_id: p.brand_id,
      content_id: p.content_id,
    }),
  );

  const streamRows = await tx
    .select({
      id: streams.id,
      title: streams.title,
      url: streams.url,
      poster_url: streams.poster_url,
      lang_id: streams.lang_id,
      is_active: streams.is_active,
      deleted_at: streams.deleted_at,
      available_from: streams.available_from,
      available_until: streams.available_until,
    })
    .from(streams)
    .orderBy(asc(streams.sort), asc(streams.id));
  const catalogueStreams: CatalogueStream[] = [];
  const hiddenStreams = sortOut(
    streamRows,
    (s) => next.track(s, streamReasons(s, lang.id, at)),
    ({ lang_id, is_active, deleted_at, available_from, available_until, ...s }) =>
      catalogueStreams.push({ ...s, poster_url: media(s.poster_url), ...closing(available_until) }),
    (s, reasons) => ({ kind: 'stream', id: s.id, name: s.title, reasons, lang_id: s.lang_id }),
  );

  const stringRows = await tx
    .select({ key: localeStrings.key, value: localeStrings.value })
    .from(localeStrings)
    .where(eq(localeStrings.lang_id, lang.id))
    .orderBy(byKey(localeStrings.key));

  const cursor = await openContentCursor(tx, lang.id, batchSize);
  let contentCount = 0;
  for (const b of brandRows) {
    const own = await cursor.runOf(b.id, listed, closesAt, media);
    if (!inCatalogue.has(b.id)) continue;
    contentCount += own.length;
    await onBrand({
      id: b.id,
      slug: b.slug,
      // A version saved without a title would show a blank tile: the brand's own name is better than nothing.
      title: b.title || b.name,
      description: b.description ?? '',
      logo_url: media(b.logo_url || b.brand_logo_url || null),
      age_rating: b.age_rating,
      ...closing(b.available_until),
      ...whereToWatchFrom(rulesOf.get(b.id) ?? [], at, b.available_until),
      content: own,
      linked_content: linksOf.get(b.id) ?? [],
    });
  }
  await cursor.close();

  return {
    promos: cataloguePromos,
    next_change_at: next.answer(),
    streams: catalogueStreams,
    strings: stringRows.map(({ key, value }) => [key, value]),
    counts: {
      brands: inCatalogue.size,
      content: contentCount,
      links: listedLinks.length,
      promos: cataloguePromos.length,
      streams: catalogueStreams.length,
      strings: stringRows.length,
      content_without_video: withoutVideo,
      content_video_processing: videoProcessing,
      content_video_failed: videoFailed,
    },
    hidden: [...hiddenBrands, ...hiddenContent, ...hiddenLinks, ...hiddenPromos, ...hiddenStreams],
    links: listedLinks,
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
