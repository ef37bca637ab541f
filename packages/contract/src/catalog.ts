/**
 * Publishing (api.md, "Publishing"): the preview of what a child sees, the changes a build would make against the
 * live one, a rollback to an earlier build, and what a build left out and why. The catalogue itself is the file's
 * format (docs/catalog-format.md), written here once for the server and the console.
 */
import { z } from 'zod';
import { addresses } from './addresses.ts';
import { CountryCode } from './brands.ts';
import { call, Id, LanguageCode, Timestamp } from './common.ts';
import type { WhereToWatch, WhereToWatchFrom } from './country-rules.ts';
import { ReadinessItem } from './readiness.ts';

export const CatalogueBuild = z.object({
  url: z.string(),
  size_bytes: z.int(),
  sha256: z.string(),
  created_at: Timestamp,
  counts: z.record(z.string(), z.int()),
});
export type CatalogueBuild = z.infer<typeof CatalogueBuild>;

export const CatalogueBuildRecord = CatalogueBuild.extend({
  id: z.int(),
  lang_id: z.int(),
  lang_code: z.string(),
  /** This build's own copy; `url` is the stable address apps download, overwritten by each build. */
  versioned_url: z.string(),
  /** Who published it (null: the server itself, e.g. the demo catalogue on first start). */
  created_by: z.string().nullable(),
  /** Set on a rollback: the earlier build whose file this entry made live again (its id and when it was built). */
  rollback_of: z.object({ id: z.int(), created_at: Timestamp }).nullable(),
  /** Whether this is the build apps download now (the newest entry of its language). */
  is_live: z.boolean(),
  /** Built by the server itself at an edge of the schedule (api.md, "Availability in time"), not by a person. */
  automatic: z.boolean().optional(),
});
export type CatalogueBuildRecord = z.infer<typeof CatalogueBuildRecord>;

// The shape whereToWatch() answers (country-rules.ts, without zod for the console): `satisfies` keeps the two alike.
const WhereToWatchSchema = z.object({
  include: z.array(z.string()).nullable(),
  exclude: z.array(z.string()),
}) satisfies z.ZodType<WhereToWatch>;

/**
 * The moment an item leaves the catalogue (exclusive), written only on items that close after the moment the file
 * shows: an app that has not fetched a newer file by then hides the item itself (docs/catalog-format.md, "Time").
 */
const availableUntil = { available_until: Timestamp.optional() };

export const CatalogueItem = z.object({
  id: z.int(),
  season: z.int(),
  sort_number: z.int(),
  title: z.string(),
  description: z.string(),
  thumbnail_url: z.string().nullable(),
  duration_sec: z.int(),
  video: z.object({
    playback_url: z.string(),
    poster_url: z.string().nullable(),
    duration_sec: z.int().nullable(),
    /** The languages (codes) of the HLS master's audio tracks; absent from files built before them. */
    audio: z.array(z.string()).optional(),
    /** The audio track to select: the catalogue's language when a track is in it, else null. */
    audio_lang: z.string().nullable().optional(),
    /** The languages (codes) the HLS master has subtitles in, in order; absent when it has none. */
    subtitles: z.array(z.string()).optional(),
  }),
  ...availableUntil,
});
export type CatalogueItem = z.infer<typeof CatalogueItem>;

/** Content of another brand shown in a compilation: found in `brands[brand_id].content` by `content_id`. */
export const LinkedItem = z.object({ content_id: z.int(), brand_id: z.int() });
export type LinkedItem = z.infer<typeof LinkedItem>;

export const CatalogueBrand = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  age_rating: z.string(),
  /**
   * Where the brand may be watched at the moment the file shows: the country rules in force then, folded by
   * whereToWatch (country-rules.ts), whose doc comment says how dated rules read as licences.
   */
  countries: WhereToWatchSchema,
  /**
   * How `countries` changes later, as the rules start and end: from each entry's `from` (inclusive) on, it replaces
   * `countries`, until the next entry's. Written only when the rules change something before the brand closes.
   */
  countries_later: z
    .array(WhereToWatchSchema.extend({ from: Timestamp }) satisfies z.ZodType<WhereToWatchFrom>)
    .optional(),
  content: z.array(CatalogueItem),
  linked_content: z.array(LinkedItem),
  ...availableUntil,
});
export type CatalogueBrand = z.infer<typeof CatalogueBrand>;

export const CataloguePromo = z.object({
  id: z.int(),
  title: z.string(),
  image_url: z.string().nullable(),
  bg_color: z.string(),
  button_color: z.string(),
  button_text: z.string(),
  brand_id: z.int().nullable(),
  season: z.int().nullable(),
  content_id: z.int().nullable(),
  ...availableUntil,
});
export type CataloguePromo = z.infer<typeof CataloguePromo>;

export const CatalogueStream = z.object({
  id: z.int(),
  title: z.string(),
  url: z.string(),
  poster_url: z.string().nullable(),
  ...availableUntil,
});
export type CatalogueStream = z.infer<typeof CatalogueStream>;

export const Catalogue = z.object({
  format_version: z.literal(1),
  lang: z.string(),
  lang_id: z.int(),
  generated_at: z.string(),
  brands: z.array(CatalogueBrand),
  promos: z.array(CataloguePromo),
  streams: z.array(CatalogueStream),
  strings: z.record(z.string(), z.string()),
  /**
   * The earliest moment after the one the file shows at which something in it may change (an item opens or closes,
   * a country rule starts or ends): when an app should fetch the file again. Null: nothing is scheduled. Absent
   * from files built before it existed.
   */
  next_change_at: Timestamp.nullable().optional(),
});
export type Catalogue = z.infer<typeof Catalogue>;

export const CATALOGUE_KINDS = ['brand', 'content', 'promo', 'stream', 'link', 'string'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** Why an item is not shown (api.md, "Publishing"); the console words each one (HIDDEN_REASON_WORDS). */
export const HIDDEN_REASONS = [
  'unpublished',
  'brand_unpublished',
  'no_version',
  'version_unpublished',
  'no_video',
  'video_processing',
  'video_failed',
  'not_in_country',
  'brand_not_in_country',
  'not_yet_available',
  'no_longer_available',
  'deleted',
  'target_hidden',
  'no_playable_content',
] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/**
 * Something that exists but is not shown. `brand_id` is the brand of an episode (its own) or of a link (the
 * compilation), so a link to the item can be made; `content_id` is the episode a link or a banner points at.
 */
export const HiddenItem = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  id: z.int(),
  name: z.string(),
  reasons: z.array(z.enum(HIDDEN_REASONS)),
  brand_id: z.int().nullable().optional(),
  content_id: z.int().nullable().optional(),
  /** A stream's own language (its list in the console is by language). */
  lang_id: z.int().nullable().optional(),
});
export type HiddenItem = z.infer<typeof HiddenItem>;

export const CATALOGUE_CHANGES = ['added', 'removed', 'changed'] as const;
/** One difference between a new build and the live one; `id` is the key for a string. */
export const CatalogueChange = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  id: z.union([z.int(), z.string()]),
  name: z.string(),
  change: z.enum(CATALOGUE_CHANGES),
  /**
   * For `changed`: the fields that differ, in the file's names, and `order` (its place moved), `brand` (an episode
   * moved to another brand) or `text` (an app string's value).
   */
  fields: z.array(z.string()).optional(),
  brand_id: z.int().nullable().optional(),
});
export type CatalogueChange = z.infer<typeof CatalogueChange>;

export const PreviewBody = z.object({
  lang: LanguageCode,
  country: CountryCode,
  /** The moment to see (default now): what is available then, with the country rules in force then. */
  at: Timestamp.optional(),
});
export type PreviewBody = z.input<typeof PreviewBody>;

export const Preview = z.object({
  catalogue: Catalogue,
  hidden: z.array(HiddenItem),
  /** The moment shown, in UTC. */
  at: Timestamp,
  /** Language versions left out only because their video is still processing (queued or processing). */
  video_processing: z.int().optional(),
});
export type Preview = z.infer<typeof Preview>;

export const CatalogueDiff = z.object({
  live: CatalogueBuildRecord.nullable(),
  changes: z.array(CatalogueChange),
  /**
   * Language versions the build would leave out only because their video is still processing: published now, they
   * wait for a later build (the build's `counts.content_video_processing`).
   */
  video_processing: z.int().optional(),
  /**
   * What stops the language before the build (decision 064): published brands it leaves out with nothing a child
   * can watch (`no_playable_content`), each followed by its episodes' problems (as its readiness lists them, with
   * `brand_id`), and banners it lists whose button cannot be read (`unreadable_colours`). The first
   * READINESS_LISTED; `not_ready_count` counts them all.
   */
  not_ready: z.array(ReadinessItem).optional(),
  not_ready_count: z.int().min(0).optional(),
});
export type CatalogueDiff = z.infer<typeof CatalogueDiff>;

export const LeftOut = z.object({ build: CatalogueBuildRecord, hidden: z.array(HiddenItem) });
export type LeftOut = z.infer<typeof LeftOut>;

export const catalogueCalls = {
  publish: call({
    ...addresses.catalog.publish,
    summary: 'Build and publish the catalogue of one language',
    query: z.object({ lang: LanguageCode }),
    response: CatalogueBuildRecord,
  }),
  builds: call({
    ...addresses.catalog.builds,
    read: true,
    summary: 'Earlier catalogue builds, newest first (of one language when lang_id is given)',
    body: z.object({ lang_id: z.int().positive().optional(), limit: z.int().min(1).max(200).default(50) }),
    response: z.array(CatalogueBuildRecord),
  }),
  preview: call({
    ...addresses.catalog.preview,
    read: true,
    summary: 'The catalogue of a language as a child in a country sees it, and what exists but is not shown, with why',
    body: PreviewBody,
    response: Preview,
  }),
  diff: call({
    ...addresses.catalog.diff,
    read: true,
    summary: 'What building the catalogue of a language now would change against its live build',
    body: z.object({ lang: LanguageCode }),
    response: CatalogueDiff,
  }),
  publishBuild: call({
    ...addresses.catalog.publishBuild,
    summary: 'Make an earlier build live again (a rollback); answers the new history entry',
    // `lang`, when sent, must be the build's language: a console showing one language never rolls back another.
    body: z.object({ id: Id, lang: LanguageCode.optional() }),
    response: CatalogueBuildRecord,
  }),
  leftOut: call({
    ...addresses.catalog.leftOut,
    read: true,
    summary: 'What a build left out, and why',
    body: z.object({ id: Id }),
    response: LeftOut,
  }),
};
