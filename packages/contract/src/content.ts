import { z } from 'zod';
import { addresses } from './addresses.ts';
import {
  availability,
  availabilityInput,
  call,
  Id,
  IdBody,
  listPaging,
  MediaUrl,
  Ok,
  Timestamp,
  UpdatedAtGuard,
} from './common.ts';
import { CONTENT_SORTS } from './constants.ts';
import { SUBTITLES_KINDS } from './subtitles-constants.ts';
import { VideoFile, videoFileCalls } from './videos.ts';

const Season = z.int().min(1).max(1000);
const SortNumber = z.int().min(1).max(1_000_000);
const Seconds = z.int().min(0).max(1_000_000);

export const ContentLangSummary = z.object({ id: Id, lang_id: Id, title: z.string(), has_video: z.boolean() });

export const Content = z.object({
  id: Id,
  brand_id: Id,
  season: z.int(),
  sort_number: z.int(),
  duration_sec: z.int(),
  is_published: z.boolean(),
  ...availability,
  created_at: Timestamp,
  updated_at: Timestamp,
  langs: z.array(ContentLangSummary),
  /** The languages it will not come in (`content/not_planned`), in id order: no problem there, not in their catalogue. */
  not_planned_lang_ids: z.array(Id),
});
export type Content = z.infer<typeof Content>;

/** An item of a page, with where it stands in its season's order (1 first): what its move buttons change. */
export const ContentPageRow = Content.extend({ position: z.int() });
export type ContentPageRow = z.infer<typeof ContentPageRow>;
/**
 * A page of a brand's content: its rows, how many match (`count`), how many the brand has (`total`, every season)
 * and its seasons with their sizes (for the season picker and to find an item's page after a move).
 */
export const ContentPage = z.object({
  rows: z.array(ContentPageRow),
  count: z.int(),
  total: z.int(),
  seasons: z.array(z.object({ season: z.int(), count: z.int() })),
});
export type ContentPage = z.infer<typeof ContentPage>;

/**
 * A subtitles file of a language version, kept as WebVTT at `url` (whatever it was uploaded as). `cues` is how many
 * cues it has; `warnings` are what a person should look at (cues past the video's end, overlapping, longer than two
 * lines, markup kept as text), each a sentence naming the line of the file it is about.
 */
export const Subtitles = z.object({
  id: Id,
  lang_id: Id,
  kind: z.enum(SUBTITLES_KINDS),
  url: z.string(),
  cues: z.int().min(0),
  /** The uploaded file's name and the encoding it was read in (`UTF-8`, `windows-1251`, …). */
  name: z.string(),
  encoding: z.string(),
  warnings: z.array(z.string()),
});
export type Subtitles = z.infer<typeof Subtitles>;

export const ContentLang = z.object({
  id: Id,
  content_id: Id,
  lang_id: Id,
  title: z.string(),
  description: z.string(),
  thumbnail_url: z.string().nullable(),
  is_published: z.boolean(),
  updated_at: Timestamp,
  video: VideoFile.nullable(),
  /** Its subtitles files, oldest first (api.md, "Subtitles and audio per language"). */
  subtitles: z.array(Subtitles),
  /**
   * Instead of a video of its own: the language whose version of the same episode lends its video, played with the
   * audio track in this version's language (decision 068). Null: the version's own video, as before.
   */
  video_from_lang_id: Id.nullable(),
});
export type ContentLang = z.infer<typeof ContentLang>;

export { CONTENT_SORTS };
export type ContentSort = (typeof CONTENT_SORTS)[number];

export const ContentListBody = z.object({
  brand_id: Id,
  season: Season.nullish(),
  // Beyond the spec's {brand_id, season?}, and optional (decision 033): a brand may have thousands of episodes.
  // `search`: words of a title in any language, or an episode code ("S1E3"); with `limit`, a `ContentPage`.
  ...listPaging,
  /** By the season order unless given; ties in the season order. */
  sort: z.enum(CONTENT_SORTS).optional(),
});
export type ContentListBody = z.input<typeof ContentListBody>;

export const ContentAddBody = z.object({
  brand_id: Id,
  season: Season.default(1),
  sort_number: SortNumber.optional(),
  duration_sec: Seconds.default(0),
  is_published: z.boolean().default(false),
  ...availabilityInput,
});
export type ContentAddBody = z.input<typeof ContentAddBody>;

export const ContentUpdateBody = z.object({
  id: Id,
  brand_id: Id.optional(),
  season: Season.optional(),
  sort_number: SortNumber.optional(),
  duration_sec: Seconds.optional(),
  is_published: z.boolean().optional(),
  /** Move the item to `sort_number` within its season and renumber the others 1..n. */
  sort_number_changed: z.boolean().optional(),
  ...availabilityInput,
  ...UpdatedAtGuard,
});
export type ContentUpdateBody = z.input<typeof ContentUpdateBody>;

/** Most items one bulk change takes (a big season page selected whole is a few hundred; a brand, a few thousand). */
export const BULK_UPDATE_MAX_IDS = 5000;

/**
 * Several items changed alike in one call (api.md "Studio delivery"): published, season or the availability window.
 * All or nothing; each item gets its own history entry, as its own save would.
 */
export const ContentBulkUpdateBody = z.object({
  ids: z
    .array(Id)
    .min(1, 'Choose at least one item')
    .max(BULK_UPDATE_MAX_IDS, `At most ${BULK_UPDATE_MAX_IDS} items at once`),
  set: z
    .object({ is_published: z.boolean().optional(), season: Season.optional(), ...availabilityInput })
    .strict()
    .refine((set) => Object.values(set).some((v) => v !== undefined), 'Say what to change'),
});
export type ContentBulkUpdateBody = z.input<typeof ContentBulkUpdateBody>;

export const ContentNotPlannedBody = z.object({ content_id: Id, lang_id: Id, not_planned: z.boolean() });
export type ContentNotPlannedBody = z.input<typeof ContentNotPlannedBody>;

const contentLangFields = {
  content_id: Id,
  lang_id: Id,
  title: z.string().trim().max(300).default(''),
  description: z.string().max(5000).default(''),
  thumbnail_url: MediaUrl.nullable().optional(),
  is_published: z.boolean().default(false),
};
export const ContentLangAddBody = z.object(contentLangFields);
export type ContentLangAddBody = z.input<typeof ContentLangAddBody>;
export const ContentLangUpdateBody = z.object({
  id: Id,
  content_id: Id.optional(),
  lang_id: Id.optional(),
  title: z.string().trim().max(300).optional(),
  description: z.string().max(5000).optional(),
  thumbnail_url: contentLangFields.thumbnail_url,
  is_published: z.boolean().optional(),
  video_from_lang_id: Id.nullable().optional(),
  ...UpdatedAtGuard,
});
export type ContentLangUpdateBody = z.input<typeof ContentLangUpdateBody>;

export const AttachVideoBody = z.object({ ext_id: z.string().min(1).max(100), content_id: Id, lang_id: Id });
export const DetachVideoQuery = z.object({ content_lang_id: z.coerce.number().pipe(Id) });

export const ContentLink = z.object({
  id: Id,
  brand_id: Id,
  content_id: Id,
  ct_name: z.string(),
  created_at: Timestamp,
});
export type ContentLink = z.infer<typeof ContentLink>;

export const ContentLinkListBody = z.object({ id: z.int().min(0).default(0), brand_id: Id });
export const ContentLinkAddBody = z.object({ brand_id: Id, content_id: Id });

export const contentCalls = {
  list: call({
    ...addresses.content.list,
    read: true,
    summary: 'Content of a brand (optionally one season, searched, sorted), by season and order; a page with `limit`',
    body: ContentListBody,
    response: z.union([z.array(Content), ContentPage]),
  }),
  get: call({
    ...addresses.content.get,
    read: true,
    summary: 'One item of content, as the list answers it; unknown, or it or its brand in the bin: 404',
    body: IdBody,
    response: Content,
  }),
  add: call({
    ...addresses.content.add,
    summary: 'Create content',
    body: ContentAddBody,
    response: Content,
  }),
  update: call({
    ...addresses.content.update,
    summary: 'Change content; with sort_number_changed, move it within its season',
    body: ContentUpdateBody,
    response: Content,
  }),
  langList: call({
    ...addresses.content.langList,
    read: true,
    summary: 'Language versions of content',
    body: z.object({ content_id: Id }),
    response: z.array(ContentLang),
  }),
  langAdd: call({
    ...addresses.content.langAdd,
    summary: 'Add a language version to content',
    body: ContentLangAddBody,
    response: ContentLang,
  }),
  langUpdate: call({
    ...addresses.content.langUpdate,
    summary: 'Change a language version of content',
    body: ContentLangUpdateBody,
    response: ContentLang,
  }),
  // A video file's calls keep their paths under content (api.md); the videos domain owns them.
  ...videoFileCalls,
  attachVideo: call({
    ...addresses.content.attachVideo,
    summary: 'Attach a video file to a language version (created when missing)',
    body: AttachVideoBody,
    response: ContentLang,
  }),
  detachVideo: call({
    ...addresses.content.detachVideo,
    summary: 'Detach the video of a language version',
    query: DetachVideoQuery,
    response: ContentLang,
  }),
  delete: call({ ...addresses.content.delete, summary: 'Move content to the bin', body: IdBody, response: Ok }),
  langDelete: call({
    ...addresses.content.langDelete,
    summary: 'Move a language version of content, with its video, to the bin',
    body: IdBody,
    response: Ok,
  }),
  bulkUpdate: call({
    ...addresses.content.bulkUpdate,
    summary: 'Set published, season or the availability window of several items at once; all or nothing',
    body: ContentBulkUpdateBody,
    response: z.object({ updated: z.int().min(0) }),
  }),
  notPlanned: call({
    ...addresses.content.notPlanned,
    summary: "Mark an episode not planned in a language (or planned again): no problem of that language's readiness",
    body: ContentNotPlannedBody,
    response: Content,
  }),
};

export const linkCalls = {
  list: call({
    ...addresses.link.list,
    read: true,
    summary: 'Content linked into a compilation brand',
    body: ContentLinkListBody,
    response: z.array(ContentLink),
  }),
  add: call({
    ...addresses.link.add,
    summary: "Link another brand's content into a compilation",
    body: ContentLinkAddBody,
    response: ContentLink,
  }),
  delete: call({
    ...addresses.link.delete,
    summary: 'Delete a link',
    body: IdBody,
    response: Ok,
  }),
};
