import {
  type CatalogBuildRecord,
  type DatedRule,
  type HiddenItem,
  type HiddenReason,
  type Instant,
  instantMs,
  type Language,
  licenceAt,
  nextEdgeMs,
  ruleEdgesAfter,
  sortedWhere,
  type WhereToWatch,
  type WhereToWatchFrom,
  type WindowState,
  whereToWatch,
  whereToWatchLater,
  windowState,
} from '@kids-vod/contract';
import { and, asc, type Column, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  brandLangs,
  brands,
  catalogBuildLeftOut,
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
import { badRequest, notFound } from '../../lib/errors.ts';
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

/** A language named in a request body: unknown is bad input (400) naming it, not a missing item. */
export async function languageOf(db: Executor, code: string): Promise<Language> {
  const [row] = await db.select().from(languages).where(eq(languages.code, code.toLowerCase()));
  if (!row) throw badRequest(`Unknown language ${code}`, [{ path: 'lang', message: `Unknown language ${code}` }]);
  return row;
}

/** Columns that two joined tables both have are renamed: the cursor answers plain rows keyed by name. */
const as = <T>(column: Column, name: string) => sql<T>`${column}`.as(name);

/*
 * The rules of what the catalogue shows (docs/catalog-format.md) are written once, here, as functions answering
 * why an item is NOT shown (no reason: it is shown). The published file, the preview and the list of what a build
 * left out all come from one pass of buildCatalogue over every row, so they cannot disagree. Each pass shows the
 * catalogue at one moment, `at` (decision 030).
 */

/** When an item may be shown: from inclusive, until exclusive, null for no limit (api.md "Availability in time"). */
interface Window {
  available_from: string | null;
  available_until: string | null;
}

const TIME_REASONS: Record<Exclude<WindowState, 'open'>, HiddenReason> = {
  before: 'not_yet_available',
  after: 'no_longer_available',
};

/** The reason of a window (or a licence) that is not open at `at`, if any. */
const timeReason = (state: WindowState): HiddenReason[] => (state === 'open' ? [] : [TIME_REASONS[state]]);

const windowReasons = (w: Window, at: number) => timeReason(windowState(w.available_from, w.available_until, at));

interface BrandState extends Window {
  id: number;
  deleted_at: string | null;
  is_published: boolean;
  version_id: number | null;
  version_published: boolean | null;
}

/** `licence`: whether the brand's include rules license it anywhere at `at` (contract, licenceAt). */
function brandReasons(b: BrandState, at: number, licence: WindowState): HiddenReason[] {
  if (b.deleted_at !== null) return ['deleted'];
  const reasons: HiddenReason[] = [];
  if (!b.is_published) reasons.push('unpublished');
  // A version in the bin is no version: it is restored from the bin, or a new one is written.
  if (b.version_id === null) reasons.push('no_version');
  else if (!b.version_published) reasons.push('version_unpublished');
  // Its own window first: a brand outside it is not shown whatever its licences say.
  const window = windowReasons(b, at);
  return [...reasons, ...(window.length > 0 ? window : timeReason(licence))];
}

interface ContentState extends Window {
  deleted_at: string | null;
  is_published: boolean;
  version_id: number | null;
  version_published: boolean | null;
  video_id: number | null;
}

interface ContentStateRow extends ContentState {
  id: number;
  brand_id: number;
  season: number;
  sort_number: number;
  title: string | null;
}

/** An episode of a brand not shown (for any reason, its time included) has `brand_unpublished`, as before dates. */
function contentReasons(c: ContentState, brandShown: boolean, at: number): HiddenReason[] {
  if (c.deleted_at !== null) return ['deleted'];
  const reasons: HiddenReason[] = [];
  if (!brandShown) reasons.push('brand_unpublished');
  if (!c.is_published) reasons.push('unpublished');
  if (c.version_id === null) reasons.push('no_version');
  else {
    if (!c.version_published) reasons.push('version_unpublished');
    // Left out rather than listed with `video: null`: a tile that cannot play is a dead end for a child.
    if (c.video_id === null) reasons.push('no_video');
  }
  return [...reasons, ...windowReasons(c, at)];
}

/** A link is shown when its compilation is and the episode it points at is listed (no dangling references). */
function linkReasons(compilationShown: boolean, targetListed: boolean): HiddenReason[] {
  const reasons: HiddenReason[] = [];
  if (!compilationShown) reasons.push('brand_unpublished');
  if (!targetListed) reasons.push('target_hidden');
  return reasons;
}

interface PromoState extends Window {
  deleted_at: string | null;
  is_active: boolean;
  lang_id: number | null;
  brand_id: number | null;
  content_id: number | null;
}

/** A banner opening a brand or content the app does not have would lead nowhere: it is left out. */
function promoReasons(
  p: PromoState,
  langId: number,
  at: number,
  brandShown: (id: number) => boolean,
  listed: Set<number>,
) {
  if (p.deleted_at !== null) return ['deleted'] as HiddenReason[];
  const reasons: HiddenReason[] = [];
  if (!p.is_active) reasons.push('unpublished');
  if (p.lang_id !== null && p.lang_id !== langId) reasons.push('no_version');
  reasons.push(...windowReasons(p, at));
  if ((p.brand_id !== null && !brandShown(p.brand_id)) || (p.content_id !== null && !listed.has(p.content_id))) {
    reasons.push('target_hidden');
  }
  return reasons;
}

interface StreamState extends Window {
  deleted_at: string | null;
  is_active: boolean;
  lang_id: number;
}

function streamReasons(s: StreamState, langId: number, at: number) {
  if (s.deleted_at !== null) return ['deleted'] as HiddenReason[];
  const reasons: HiddenReason[] = [];
  if (!s.is_active) reasons.push('unpublished');
  if (s.lang_id !== langId) reasons.push('no_version');
  return [...reasons, ...windowReasons(s, at)];
}

/** `available_until` on an item the file lists, only when it closes: a field absent is no limit (diff-friendly). */
const closing = (until: string | null) => (until === null ? {} : { available_until: until });

/**
 * The earliest moment after `at` at which the catalogue may change: the next edge of any item whose only reasons
 * not to be shown, if any, are its time (so the edge can show or hide it), and of those brands' country rules.
 * Erring early only costs an app a download of the same file; late would keep an item past its end.
 */
function nextChange(at: number) {
  let next = Number.POSITIVE_INFINITY;
  const consider = (ms: number | null | undefined) => {
    if (ms != null && ms > at && ms < next) next = ms;
  };
  return {
    consider,
    /** Records the window's next edge when the item's `reasons` (those that depend on it alone) are all of time. */
    track(w: Window, reasons: HiddenReason[], eligible = true): HiddenReason[] {
      if (eligible && reasons.every(isTimeReason)) consider(nextEdgeMs(w.available_from, w.available_until, at));
      return reasons;
    },
    answer: () => (next === Number.POSITIVE_INFINITY ? null : new Date(next).toISOString()),
  };
}

const isTimeReason = (r: HiddenReason) => r === 'not_yet_available' || r === 'no_longer_available';

/** Every content row with its version in the language (not one in the bin) and that version's video. */
function contentRows(db: Executor, langId: number, fields: SelectedFields) {
  return db
    .select(fields)
    .from(content)
    .innerJoin(brands, eq(brands.id, content.brand_id))
    .leftJoin(
      contentLangs,
      and(eq(contentLangs.content_id, content.id), eq(contentLangs.lang_id, langId), isNull(contentLangs.deleted_at)),
    )
    .leftJoin(videoFiles, eq(videoFiles.content_lang_id, contentLangs.id));
}

/** Brand order, then each brand's content by season and number: the order the file lists them in. */
const contentOrder = [
  asc(brands.sort),
  asc(brands.id),
  asc(content.season),
  asc(content.sort_number),
  asc(content.id),
] as const;

interface ItemRow {
  id: number;
  brand_id: number;
  season: number;
  sort_number: number;
  duration_sec: number;
  title: string;
  description: string;
  thumbnail_url: string | null;
  playback_url: string;
  video_duration_sec: number | null;
  video_thumbnail_url: string | null;
}

/** Rows fetched from the content cursor at a time: a couple of MB, whatever the size of the catalogue. */
const CONTENT_BATCH = 2_000;

/** The JSON text of an object without its closing brace, for the envelope written around streamed parts. */
const openObject = (value: object) => JSON.stringify(value).slice(0, -1);

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
async function buildCatalogue(
  tx: Executor,
  lang: Language,
  onBrand: (brand: CatalogueBrand) => Promise<void> | void,
  { batchSize = CONTENT_BATCH, publicUrl, at: moment = Date.now() }: BuildOptions = {},
): Promise<CatalogueRest> {
  const media = mediaUrls(publicUrl);
  const at = instantMs(moment);
  const next = nextChange(at);
  // Every brand's rules (a few each): whether it is licensed anywhere decides whether it is in the catalogue.
  const rulesOf = rulesByBrand(
    await tx
      .select({
        brand_id: countryRules.brand_id,
        code2: countryRules.code2,
        exclude: countryRules.exclude,
        starts_at: countryRules.starts_at,
        ends_at: countryRules.ends_at,
      })
      .from(countryRules)
      .orderBy(asc(countryRules.id)),
  );
  const brandRows = await tx
    .select({
      id: brands.id,
      slug: brands.slug,
      name: brands.name,
      age_rating: brands.age_rating,
      brand_logo_url: brands.logo_url,
      is_published: brands.is_published,
      deleted_at: brands.deleted_at,
      available_from: brands.available_from,
      available_until: brands.available_until,
      version_id: brandLangs.id,
      version_published: brandLangs.is_published,
      title: brandLangs.title,
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
  const inCatalogue = new Set<number>();
  /** Brands shown, or hidden only for their time: their episodes' and rules' edges can change the catalogue. */
  const mayOpen = new Set<number>();
  const hiddenBrands = sortOut(
    brandRows,
    (b) => {
      const rules = rulesOf.get(b.id) ?? [];
      const reasons = next.track(b, brandReasons(b, at, licenceAt(rules, at)));
      if (reasons.every(isTimeReason)) {
        mayOpen.add(b.id);
        next.consider(ruleEdgesAfter(rules, at)[0]);
      }
      return reasons;
    },
    (b) => inCatalogue.add(b.id),
    (b, reasons) => ({ kind: 'brand', id: b.id, name: b.title || b.name, reasons }),
  );

  const states = (await contentRows(tx, lang.id, {
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
  }).orderBy(...contentOrder)) as unknown as ContentStateRow[];
  const listed = new Set<number>();
  const contentOf = new Map(
    states.map((c) => [
      c.id,
      { brand_id: c.brand_id, name: c.title || `${brandName.get(c.brand_id)} S${c.season} E${c.sort_number}` },
    ]),
  );
  let withoutVideo = 0;
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
      // What the editors still have to attach: everything else about it is ready.
      if (reasons.length === 1 && reasons[0] === 'no_video') withoutVideo += 1;
      return { kind: 'content', id: c.id, name: contentOf.get(c.id)?.name ?? '', reasons, brand_id: c.brand_id };
    },
  );

  const linkRows = (
    await tx
      .select({ id: contentLinks.id, brand_id: contentLinks.brand_id, content_id: contentLinks.content_id })
      .from(contentLinks)
      .orderBy(asc(contentLinks.id))
  ).map((link) => ({
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
    },
    hidden: [...hiddenBrands, ...hiddenContent, ...hiddenLinks, ...hiddenPromos, ...hiddenStreams],
    links: listedLinks,
  };
}

/** Hands each row with no reason to `shown`, and answers the others as hidden items, in the rows' order. */
function sortOut<T>(
  rows: T[],
  reasonsOf: (row: T) => HiddenReason[],
  shown: (row: T) => void,
  hidden: (row: T, reasons: HiddenReason[]) => HiddenItem,
): HiddenItem[] {
  const out: HiddenItem[] = [];
  for (const row of rows) {
    const reasons = reasonsOf(row);
    if (reasons.length === 0) shown(row);
    else out.push(hidden(row, reasons));
  }
  return out;
}

/**
 * The text and video of content, through a cursor in brand order: each brand's content arrives in one run, right
 * when the brand is handed over. Only rows with a video can be listed: the condition spares reading the others'
 * text; `listed` (contentReasons) decides.
 */
async function openContentCursor(tx: Executor, langId: number, batchSize: number) {
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
  })
    .where(isNotNull(videoFiles.id))
    .orderBy(...contentOrder);
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
          video: { playback_url: media(row.playback_url), duration_sec: row.video_duration_sec },
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

/**
 * Writes the catalogue of one language as JSON text, piece by piece, through `emit` (awaited), and answers its
 * counts and what it left out. The header first, then each brand as buildCatalogue hands it over, then the rest,
 * `next_change_at` first (the pass finds it as it goes). It shows the moment `options.at`, by default `generatedAt`.
 */
export async function writeCatalogue(
  tx: Executor,
  lang: Language,
  generatedAt: string,
  emit: (text: string) => Promise<void> | void,
  options: BuildOptions = {},
): Promise<{ counts: CatalogueCounts; hidden: HiddenItem[] }> {
  await emit(
    `${openObject({
      format_version: FORMAT_VERSION,
      lang: lang.code,
      lang_id: lang.id,
      generated_at: generatedAt,
    } satisfies Partial<Catalogue>)},"brands":[`,
  );
  let first = true;
  const rest = await buildCatalogue(
    tx,
    lang,
    async (brand) => {
      await emit(first ? JSON.stringify(brand) : `,${JSON.stringify(brand)}`);
      first = false;
    },
    { ...options, at: options.at ?? generatedAt },
  );
  // Written pair by pair, not through an object: JavaScript lists keys like "9" and "10" first, in numeric order,
  // and the format promises byte order.
  const strings = `{${rest.strings.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
  await emit(
    `],"next_change_at":${JSON.stringify(rest.next_change_at)},"promos":${JSON.stringify(rest.promos)},"streams":${JSON.stringify(rest.streams)},"strings":${strings}}`,
  );
  return { counts: rest.counts, hidden: rest.hidden };
}

/** The catalogue of a language as objects (the preview, the changes before publishing), with the rest of the pass. */
export async function catalogueInMemory(
  tx: Executor,
  lang: Language,
  generatedAt: string,
  options: BuildOptions = {},
): Promise<{ catalogue: Catalogue; rest: CatalogueRest }> {
  const brandList: CatalogueBrand[] = [];
  const rest = await buildCatalogue(tx, lang, (brand) => void brandList.push(brand), {
    ...options,
    at: options.at ?? generatedAt,
  });
  return {
    catalogue: {
      format_version: FORMAT_VERSION,
      lang: lang.code,
      lang_id: lang.id,
      generated_at: generatedAt,
      brands: brandList,
      next_change_at: rest.next_change_at,
      promos: rest.promos,
      streams: rest.streams,
      strings: Object.fromEntries(rest.strings),
    },
    rest,
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

function rulesByBrand<R extends DatedRule & { brand_id: number }>(rules: R[]): Map<number, R[]> {
  const rulesOf = new Map<number, R[]>();
  for (const rule of rules) {
    const own = rulesOf.get(rule.brand_id);
    if (own) own.push(rule);
    else rulesOf.set(rule.brand_id, [rule]);
  }
  return rulesOf;
}

/**
 * A brand's rules fold into one include list and one exclude list at `at` (whereToWatch, the contract's one answer
 * to where a brand may be watched), so apps need no loop over rules; and into the folds that replace it later as
 * rules start and end, up to the brand's own end (whereToWatchLater), so an app that keeps the file still follows
 * them. Sorted, so unchanged rules always read the same.
 */
function whereToWatchFrom(
  rules: DatedRule[],
  at: number,
  until: string | null,
): { countries: WhereToWatch; countries_later?: WhereToWatchFrom[] } {
  const countries = sortedWhere(whereToWatch(rules, at));
  const later = whereToWatchLater(rules, at, until);
  return later.length === 0 ? { countries } : { countries, countries_later: later };
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

/** Keeps what a build left out, for the console's "left out" list of that build (decision 022). */
export async function recordLeftOut(db: Executor, buildId: number, items: HiddenItem[]): Promise<void> {
  await db.insert(catalogBuildLeftOut).values({ build_id: buildId, items });
}

const earlier = alias(catalogBuilds, 'earlier');
const newer = alias(catalogBuilds, 'newer');

/** Build records as the contract answers them: with the build a rollback made live again, and which one is live. */
function buildRecords(db: Executor) {
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
      created_by: catalogBuilds.created_by,
      automatic: catalogBuilds.automatic,
      earlier_id: earlier.id,
      earlier_created_at: earlier.created_at,
      // The live build of a language is its newest entry (a rollback adds one): no newer entry of that language.
      is_live: sql<boolean>`not exists (select 1 from ${catalogBuilds} ${newer} where ${newer.lang_id} = ${catalogBuilds.lang_id} and (${newer.created_at}, ${newer.id}) > (${catalogBuilds.created_at}, ${catalogBuilds.id}))`,
    })
    .from(catalogBuilds)
    .innerJoin(languages, eq(languages.id, catalogBuilds.lang_id))
    .leftJoin(earlier, eq(earlier.id, catalogBuilds.rollback_of));
}

type BuildRow = Awaited<ReturnType<ReturnType<typeof buildRecords>['execute']>>[number];
const toRecord = ({ earlier_id, earlier_created_at, ...row }: BuildRow): CatalogBuildRecord => ({
  ...row,
  is_live: Boolean(row.is_live),
  rollback_of:
    earlier_id === null || earlier_created_at === null ? null : { id: earlier_id, created_at: earlier_created_at },
});

export async function listBuilds(
  db: Executor,
  filter: { lang_id?: number; limit: number },
): Promise<CatalogBuildRecord[]> {
  const rows = await buildRecords(db)
    .where(filter.lang_id === undefined ? undefined : eq(catalogBuilds.lang_id, filter.lang_id))
    .orderBy(desc(catalogBuilds.created_at), desc(catalogBuilds.id))
    .limit(filter.limit);
  return rows.map(toRecord);
}

export async function findBuild(db: Executor, id: number): Promise<CatalogBuildRecord | undefined> {
  const [row] = await buildRecords(db).where(eq(catalogBuilds.id, id));
  return row && toRecord(row);
}

/** The build apps of a language download now, or undefined before its first publish. */
export async function liveBuild(db: Executor, langId: number): Promise<CatalogBuildRecord | undefined> {
  const [live] = await listBuilds(db, { lang_id: langId, limit: 1 });
  return live;
}

/** What a build left out; a rollback's entry answers the list of the build it made live again. */
export async function leftOutOf(db: Executor, build: CatalogBuildRecord): Promise<HiddenItem[]> {
  const [row] = await db
    .select({ items: catalogBuildLeftOut.items })
    .from(catalogBuildLeftOut)
    .where(eq(catalogBuildLeftOut.build_id, build.rollback_of?.id ?? build.id));
  // Builds from before the list was kept have none.
  return row?.items ?? [];
}
