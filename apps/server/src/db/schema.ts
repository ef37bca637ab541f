import type {
  AudioTrack,
  AuditAction,
  AutomaticBuildState,
  HiddenItem,
  NotificationKind,
  Rendition,
  Role,
  SubtitlesKind,
  VideoEventName,
  VideoSource,
  VideoStatus,
} from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Timestamps are kept to the millisecond and read as ISO strings, so that an `updated_at`
 * a client got back compares equal to the stored one (optimistic concurrency).
 */
const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp(3) with time zone',
  // PostgreSQL's text ("0001-01-01 00:00:00+00") is read as ISO 8601: JavaScript's lenient reading of that form
  // takes the years 0 to 99 for 1900s and 2000s ones.
  fromDriver: (v) =>
    (v instanceof Date ? v : new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))).toISOString(),
  toDriver: (v) => v,
});
const createdAt = () => isoTimestamp('created_at').notNull().default(sql`now()`);
const updatedAt = () => isoTimestamp('updated_at').notNull().default(sql`now()`);
/** In the bin since (null: not deleted), and who put it there (their email); docs/decisions/015-bin.md. */
const binColumns = () => ({ deleted_at: isoTimestamp('deleted_at'), deleted_by: text('deleted_by') });
/**
 * When an item may be shown (issue 18): from inclusive, until exclusive, null for no limit; until after from, or
 * the database refuses it (the error handler names the fields).
 */
const windowColumns = () => ({
  available_from: isoTimestamp('available_from'),
  available_until: isoTimestamp('available_until'),
});
const windowInOrder = (name: string, t: { available_from: AnyPgColumn; available_until: AnyPgColumn }) =>
  check(name, sql`${t.available_until} > ${t.available_from}`);
/**
 * The schedule (modules/schedule) looks up the edges between two moments: one index per edge column, holding only
 * the rows that have one (most items have no window), so a year's edges are an index range, not a table scan.
 */
const edgeIndexes = (table: string, from: AnyPgColumn, until: AnyPgColumn) => [
  index(`${table}_${from.name}_idx`).on(from).where(sql`${from} is not null`),
  index(`${table}_${until.name}_idx`).on(until).where(sql`${until} is not null`),
];
/** Unique among what is not in the bin: a deleted item's slug or language may be taken meanwhile. */
const notInBin = sql`deleted_at is null`;

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const countries = pgTable('countries', {
  code2: text('code2').primaryKey(),
  name: text('name').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    password_hash: text('password_hash').notNull(),
    /** One of ROLES (packages/contract/src/permissions.ts); accounts that existed before roles became admins (0004). */
    role: text('role').$type<Role>().notNull(),
    is_active: boolean('is_active').notNull().default(true),
    /** The TOTP secret, encrypted (auth/totp.ts); set at set-up, used once `totp_enabled`. Never answered. */
    totp_secret: text('totp_secret'),
    totp_enabled: boolean('totp_enabled').notNull().default(false),
    /** The last accepted code's 30-second step: a code is accepted once (RFC 6238 section 5.2). */
    totp_last_step: bigint('totp_last_step', { mode: 'number' }),
    last_sign_in_at: isoTimestamp('last_sign_in_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('admin', 'editor', 'marketing', 'analyst')`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_at: createdAt(),
    last_used_at: isoTimestamp('last_used_at').notNull().default(sql`now()`),
    expires_at: isoTimestamp('expires_at').notNull(),
    revoked_at: isoTimestamp('revoked_at'),
    /** Where and with what it signed in, for the own-sessions list. */
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

/** Invite and password-reset links: the token's hash, valid 72 hours, used once. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    kind: text('kind').$type<'invite' | 'reset'>().notNull(),
    created_at: createdAt(),
    expires_at: isoTimestamp('expires_at').notNull(),
    used_at: isoTimestamp('used_at'),
  },
  (t) => [index('password_tokens_user_id_idx').on(t.user_id)],
);

/** Two-factor recovery codes: hashed, each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: isoTimestamp('used_at'),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.user_id)],
);

/** Wrong two-factor codes, per user, to throttle guessing. */
export const totpFailures = pgTable(
  'totp_failures',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [index('totp_failures_user_idx').on(t.user_id, t.created_at)],
);

/** Personal API tokens: a bearer token acting with its owner's role; only the hash is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: createdAt(),
    expires_at: isoTimestamp('expires_at'),
    last_used_at: isoTimestamp('last_used_at'),
    revoked_at: isoTimestamp('revoked_at'),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.user_id)],
);

/** Player apps' keys for view ingestion (`X-Ingest-Key`); only the hash and the first characters are kept. */
export const ingestKeys = pgTable('ingest_keys', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  key_hash: text('key_hash').notNull().unique(),
  /** The key of the `INGEST_KEY` setting, kept here at every start; revoked by removing the setting. */
  from_settings: boolean('from_settings').notNull().default(false),
  created_at: createdAt(),
  last_used_at: isoTimestamp('last_used_at'),
  revoked_at: isoTimestamp('revoked_at'),
});

/** Sign-in rules for everyone: one row (id 1). */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey().default(1),
    require_totp: boolean('require_totp').notNull().default(false),
    updated_at: updatedAt(),
  },
  (t) => [check('security_settings_one_row', sql`${t.id} = 1`)],
);

/** Failed sign-ins, counted per address and per email to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    email: text('email').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('login_failures_ip_idx').on(t.ip, t.created_at),
    index('login_failures_email_idx').on(t.email, t.created_at),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    age_rating: text('age_rating').notNull().default('0+'),
    logo_url: text('logo_url'),
    sort: integer('sort').notNull().default(0),
    is_published: boolean('is_published').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
    ...windowColumns(),
    ...binColumns(),
  },
  (t) => [
    windowInOrder('brands_window_order', t),
    ...edgeIndexes('brands', t.available_from, t.available_until),
    index('brands_sort_idx').on(t.sort, t.id),
    uniqueIndex('brands_slug_unique').on(t.slug).where(notInBin),
  ],
);

export const brandLangs = pgTable(
  'brand_langs',
  {
    id: serial('id').primaryKey(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    lang_id: integer('lang_id')
      .notNull()
      .references(() => languages.id),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    logo_url: text('logo_url'),
    is_published: boolean('is_published').notNull().default(false),
    updated_at: updatedAt(),
    ...binColumns(),
  },
  (t) => [uniqueIndex('brand_langs_brand_lang_uq').on(t.brand_id, t.lang_id).where(notInBin)],
);

export const countryRules = pgTable(
  'country_rules',
  {
    id: serial('id').primaryKey(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    code2: text('code2').array().notNull(),
    exclude: boolean('exclude').notNull().default(false),
    /** When the rule applies (issue 18): from inclusive, to exclusive, null for no limit. */
    starts_at: isoTimestamp('starts_at'),
    ends_at: isoTimestamp('ends_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('country_rules_brand_id_idx').on(t.brand_id),
    ...edgeIndexes('country_rules', t.starts_at, t.ends_at),
    check('country_rules_window_order', sql`${t.ends_at} > ${t.starts_at}`),
  ],
);

export const content = pgTable(
  'content',
  {
    id: serial('id').primaryKey(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    season: integer('season').notNull().default(1),
    sort_number: integer('sort_number').notNull(),
    duration_sec: integer('duration_sec').notNull().default(0),
    is_published: boolean('is_published').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
    ...windowColumns(),
    ...binColumns(),
  },
  (t) => [
    windowInOrder('content_window_order', t),
    ...edgeIndexes('content', t.available_from, t.available_until),
    index('content_brand_season_sort_idx').on(t.brand_id, t.season, t.sort_number),
  ],
);

export const contentLangs = pgTable(
  'content_langs',
  {
    id: serial('id').primaryKey(),
    content_id: integer('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    lang_id: integer('lang_id')
      .notNull()
      .references(() => languages.id),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    thumbnail_url: text('thumbnail_url'),
    is_published: boolean('is_published').notNull().default(false),
    /** Plays the video of the same episode's version in this language, with its own audio track (decision 068). */
    video_from_lang_id: integer('video_from_lang_id').references(() => languages.id),
    updated_at: updatedAt(),
    ...binColumns(),
  },
  (t) => [uniqueIndex('content_langs_content_lang_uq').on(t.content_id, t.lang_id).where(notInBin)],
);

/**
 * An episode that will not come in a language (issue 38, decision 074): no problem of that language's readiness, and
 * left out of its catalogue without a reason. A row of its own, not a column of the version: an episode never dubbed
 * has no version to carry it. Goes with its episode (cascade); audited like the catalogue's other tables.
 */
export const contentNotPlanned = pgTable(
  'content_not_planned',
  {
    id: serial('id').primaryKey(),
    content_id: integer('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    lang_id: integer('lang_id')
      .notNull()
      .references(() => languages.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('content_not_planned_content_lang_uq').on(t.content_id, t.lang_id),
    index('content_not_planned_lang_idx').on(t.lang_id),
  ],
);

/**
 * Uploaded videos; a file is attached to one language version at most (unique content_lang_id). `storage_key` is the
 * private master; what plays is the HLS ladder under `output_prefix` (docs/decisions/059-video-jobs.md). The row is
 * also the video's processing job: due at `next_attempt_at` while `queued`, held by `lease_owner` until `lease_until`
 * while `processing`; `attempt_prefix` is where the attempt writes, deleted whole when it does not finish.
 */
/** An audio track as stored: the contract's, and where its media playlist is in the ladder's folder. */
export type StoredAudioTrack = AudioTrack & { playlist: string };

export const videoFiles = pgTable(
  'video_files',
  {
    id: serial('id').primaryKey(),
    ext_id: text('ext_id').notNull().unique(),
    name: text('name').notNull(),
    storage_key: text('storage_key').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    duration_sec: integer('duration_sec'),
    playback_url: text('playback_url'),
    thumbnail_url: text('thumbnail_url'),
    content_lang_id: integer('content_lang_id')
      .unique()
      .references(() => contentLangs.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    status: text('status').$type<VideoStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    failure: text('failure'),
    source: jsonb('source').$type<VideoSource>(),
    renditions: jsonb('renditions').$type<Rendition[]>().notNull().default([]),
    /** The AUDIO group of the HLS master: each track's stream, language and media playlist (decision 068). */
    audio_tracks: jsonb('audio_tracks').$type<StoredAudioTrack[]>().notNull().default([]),
    output_prefix: text('output_prefix'),
    poster_key: text('poster_key'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: isoTimestamp('next_attempt_at').notNull().default(sql`now()`),
    started_at: isoTimestamp('started_at'),
    lease_owner: text('lease_owner'),
    lease_until: isoTimestamp('lease_until'),
    attempt_prefix: text('attempt_prefix'),
    /** The ladder's first presentation time (90 kHz), read when it was made: the subtitles' X-TIMESTAMP-MAP. */
    first_pts_90k: integer('first_pts_90k'),
    /**
     * Set when the video becomes ready, cleared once every "video became ready" listener succeeded (the subtitles
     * written into its HLS master): until then, due again at this time (modules/videos/ready.ts).
     */
    master_due_at: isoTimestamp('master_due_at'),
    /** Who uploaded it (told when it is ready or failed: notifications); null for the server's own and a deleted account's. */
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...binColumns(),
  },
  (t) => [
    index('video_files_created_idx').on(t.created_at),
    index('video_files_master_due_idx').on(t.master_due_at).where(sql`${t.master_due_at} is not null`),
    check('video_files_status_check', sql`${t.status} in ('queued', 'processing', 'ready', 'failed')`),
    // The job runner's two questions: what is due, and whose lease has run out.
    index('video_files_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'queued'`),
    index('video_files_lease_idx').on(t.lease_until).where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * Subtitles files of a language version (api.md "Subtitles and audio per language"), kept as WebVTT under
 * `storage_key` (served at `url`) whatever they were uploaded as. The cues themselves live in the file, not here: the
 * history keeps what changed (kind, a shift's new file), not thousands of cues a row.
 */
export const subtitles = pgTable(
  'subtitles',
  {
    id: serial('id').primaryKey(),
    content_lang_id: integer('content_lang_id')
      .notNull()
      .references(() => contentLangs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SubtitlesKind>().notNull(),
    name: text('name').notNull(),
    encoding: text('encoding').notNull(),
    storage_key: text('storage_key').notNull(),
    url: text('url').notNull(),
    cues: integer('cues').notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    created_at: createdAt(),
  },
  (t) => [
    index('subtitles_content_lang_idx').on(t.content_lang_id),
    check('subtitles_kind_check', sql`${t.kind} in ('subtitles', 'captions')`),
  ],
);

/**
 * Stored objects to delete: a purged video's master and ladder, an attempt that did not finish. Written in the
 * transaction that let go of them (a trigger on `video_files` for purges), deleted after it committed by whoever
 * collects next (lib/storage/garbage.ts), so a crash between the two leaves a row to retry, never an orphan.
 */
export const storageGarbage = pgTable('storage_garbage', {
  id: serial('id').primaryKey(),
  key: text('key').notNull(),
  /** A folder (`hls/<id>`): everything under it goes. */
  folder: boolean('folder').notNull().default(false),
  created_at: createdAt(),
});

export const contentLinks = pgTable(
  'content_links',
  {
    id: serial('id').primaryKey(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    content_id: integer('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('content_links_brand_content_uq').on(t.brand_id, t.content_id),
    index('content_links_content_idx').on(t.content_id),
  ],
);

export const promos = pgTable(
  'promos',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull().default(''),
    brand_id: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    season: integer('season'),
    content_id: integer('content_id').references(() => content.id, { onDelete: 'set null' }),
    lang_id: integer('lang_id').references(() => languages.id),
    image_url: text('image_url'),
    bg_color: text('bg_color').notNull().default('#ffffff'),
    button_color: text('button_color').notNull().default('#ffffff'),
    button_text: text('button_text').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    ...windowColumns(),
    ...binColumns(),
  },
  (t) => [
    windowInOrder('promos_window_order', t),
    ...edgeIndexes('promos', t.available_from, t.available_until),
    index('promos_sort_idx').on(t.sort, t.id),
  ],
);

export const streams = pgTable(
  'streams',
  {
    id: serial('id').primaryKey(),
    lang_id: integer('lang_id')
      .notNull()
      .references(() => languages.id),
    title: text('title').notNull(),
    url: text('url').notNull(),
    poster_url: text('poster_url'),
    sort: integer('sort').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
    ...windowColumns(),
    ...binColumns(),
  },
  (t) => [
    windowInOrder('streams_window_order', t),
    ...edgeIndexes('streams', t.available_from, t.available_until),
    index('streams_lang_sort_idx').on(t.lang_id, t.sort, t.id),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    // Stored upper-case, so the unique index makes codes unique regardless of case.
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    max_uses: integer('max_uses'),
    used_count: integer('used_count').notNull().default(0),
    valid_from: date('valid_from', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('promo_codes_created_idx').on(t.created_at.desc(), t.id.desc())],
);

/**
 * Event ids already counted, so a repeated event is counted once; kept for a while, then purged. The id is
 * compared byte by byte (collation "C", migration 0009): it is an opaque token, and a locale-aware
 * comparison made each insert into this random-order index a third slower.
 */
export const viewEventIds = pgTable(
  'view_event_ids',
  {
    event_id: text('event_id').primaryKey(),
    created_at: createdAt(),
  },
  (t) => [index('view_event_ids_created_idx').on(t.created_at)],
);

/**
 * Watched seconds summed per UTC day, content, language and country: the rollup ingestion writes.
 * No foreign keys: ingestion checks content and languages itself, once a batch (`knownIds`, which holds the
 * content rows against deletion until it commits), where a foreign key checks each new row apart. Deleting
 * content deletes its rows by the trigger `view_rollups_follow_content` (migration 0009), as a cascade would.
 * `country` is compared byte by byte (collation "C", migration 0009): codes are ASCII.
 */
export const viewDaily = pgTable(
  'view_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    content_id: integer('content_id').notNull(),
    lang_id: integer('lang_id').notNull(),
    country: text('country').notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.content_id, t.lang_id, t.country] }),
    index('view_daily_content_idx').on(t.content_id),
  ],
);

/**
 * The same seconds summed per UTC day and content only: what the report reads (far fewer rows). No foreign
 * key, as for view_daily. Every batch updates most of a day's rows: `fillfactor = 50` (migration 0009)
 * leaves room on each page so those updates stay HOT (no index entries written).
 */
export const viewDailyContent = pgTable(
  'view_daily_content',
  {
    day: date('day', { mode: 'string' }).notNull(),
    content_id: integer('content_id').notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.content_id] }), index('view_daily_content_content_idx').on(t.content_id)],
);

/** App strings: one row per key and language; a key with no row in a language is a missing translation. */
export const localeKeys = pgTable('locale_keys', {
  key: text('key').primaryKey(),
  created_at: createdAt(),
});

export const localeStrings = pgTable(
  'locale_strings',
  {
    key: text('key')
      .notNull()
      .references(() => localeKeys.key, { onDelete: 'cascade', onUpdate: 'cascade' }),
    lang_id: integer('lang_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.lang_id] }), index('locale_strings_lang_idx').on(t.lang_id)],
);

/** Published catalogues: the stable URL per language is overwritten, each build also kept under its own name. */
export const catalogueBuilds = pgTable(
  'catalog_builds',
  {
    id: serial('id').primaryKey(),
    lang_id: integer('lang_id')
      .notNull()
      .references(() => languages.id),
    url: text('url').notNull(),
    versioned_url: text('versioned_url').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    created_at: createdAt(),
    /** Who published it; null for the server's own builds (the demo catalogue on first start). */
    created_by: text('created_by'),
    /** A rollback: the build whose file this entry made live again (its file, sha256 and counts are that build's). */
    rollback_of: integer('rollback_of').references((): AnyPgColumn => catalogueBuilds.id),
    /** Built by the server at an edge of the schedule (modules/schedule), not by someone pressing Build. */
    automatic: boolean('automatic').notNull().default(false),
  },
  (t) => [index('catalog_builds_lang_created_idx').on(t.lang_id, t.created_at)],
);

/**
 * What each build left out and why (docs/decisions/022-publishing.md): kept beside the build, not in it, because
 * catalog_builds is audited row by row and a large catalogue's list would be copied into every audit entry; and
 * not in storage, whose files are public while these names are of unpublished work.
 */
export const catalogueBuildLeftOut = pgTable('catalog_build_left_out', {
  build_id: integer('build_id')
    .primaryKey()
    .references(() => catalogueBuilds.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<HiddenItem[]>().notNull(),
});

/**
 * Every change to the catalogue's tables, written by a trigger in the same transaction as the change
 * (migration 0003), so no code path can change a row without a record. The trigger reads who made it and
 * by which call from the transaction's `kids_vod.actor` setting (lib/actor.ts); changes made outside a
 * signed-in call (the first start's seed, the demo catalogue, scripts) have no user.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: isoTimestamp('at').notNull().default(sql`now()`),
    user_id: integer('user_id'),
    user_email: text('user_email'),
    /** The call that made the change, as `POST /api/brand/update`. */
    call: text('call'),
    entity: text('entity').notNull(),
    entity_id: text('entity_id').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entity_id, t.id), index('audit_log_at_idx').on(t.at)],
);

/**
 * Scheduled jobs (lib/jobs.ts): one row per job, due at `next_run_at`. An instance runs a due job inside a
 * transaction holding its row (`for update skip locked`), so two instances never run it twice;
 * docs/decisions/016-job-runner.md.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  next_run_at: isoTimestamp('next_run_at').notNull(),
  last_run_at: isoTimestamp('last_run_at'),
  runs: integer('runs').notNull().default(0),
});

/**
 * Automatic builds (modules/schedule, docs/decisions/031-scheduler.md): one per language the schedule job found an
 * edge for, built at the job's moment. `waiting` until an instance claims it (`for update skip locked`), `running`
 * until `next_try_at` (a lease: an instance that died mid-build leaves it to another after that), then `done`
 * with its catalogue build, or back to `waiting` with a later `next_try_at`, and `failed` after the last attempt.
 */
export const automaticBuilds = pgTable(
  'automatic_builds',
  {
    id: serial('id').primaryKey(),
    /** The latest edge this build publishes. */
    at: isoTimestamp('at').notNull(),
    lang_id: integer('lang_id')
      .notNull()
      .references(() => languages.id),
    state: text('state').$type<AutomaticBuildState>().notNull().default('waiting'),
    build_id: integer('build_id').references(() => catalogueBuilds.id),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    next_try_at: isoTimestamp('next_try_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('automatic_builds_state_check', sql`${t.state} in ('waiting', 'running', 'done', 'failed')`),
    index('automatic_builds_due_idx').on(t.next_try_at).where(sql`${t.state} in ('waiting', 'running')`),
    index('automatic_builds_lang_idx').on(t.lang_id, t.id),
  ],
);

/**
 * Receivers of events (api.md "Operations", decision 079): an admin's URL and the events it wants. The secret signs
 * every delivery (Standard Webhooks), so it is kept as it was answered, once, to its admin.
 */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: text('description').notNull().default(''),
  secret: text('secret').notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * One event for one webhook, stored before it is sent (decision 079). Due at `next_at`: a sender claims it `for update
 * skip locked`, pushing `next_at` past its timeout (a lease: a server that dies mid-send leaves it to another), and
 * settles it `delivered`, due again later, or `failed` after the last retry (`next_at` null once settled for good).
 * `event_key` makes telling one event twice (a listener told again) one delivery.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhook_id: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every retry, so a receiver can tell a repeat. */
    message_id: text('message_id').notNull(),
    event: text('event').notNull(),
    event_key: text('event_key').notNull(),
    /** The body exactly as signed and sent. */
    body: text('body').notNull(),
    result: text('result').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    status: integer('status'),
    answer: text('answer'),
    duration_ms: integer('duration_ms'),
    created_at: createdAt(),
    attempted_at: isoTimestamp('attempted_at'),
    next_at: isoTimestamp('next_at').default(sql`now()`),
  },
  (t) => [
    check('webhook_deliveries_result_check', sql`${t.result} in ('pending', 'delivered', 'failed')`),
    uniqueIndex('webhook_deliveries_event_uq').on(t.webhook_id, t.event_key),
    index('webhook_deliveries_due_idx').on(t.next_at).where(sql`${t.next_at} is not null`),
    index('webhook_deliveries_list_idx').on(t.webhook_id, t.id),
  ],
);

/**
 * A video's timeline (api.md "Operations", decision 078): every event of its job, kept with the video. `worker` names
 * the process that had it; `detail` is why (a retry's, a stop's or a failure's sentence); `log` is, on `failed`, the
 * last lines ffmpeg wrote with the server's paths taken out.
 */
export const videoEvents = pgTable(
  'video_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    video_id: integer('video_id')
      .notNull()
      .references(() => videoFiles.id, { onDelete: 'cascade' }),
    at: isoTimestamp('at').notNull().default(sql`now()`),
    event: text('event').$type<VideoEventName>().notNull(),
    worker: text('worker'),
    detail: text('detail'),
    log: jsonb('log').$type<string[]>(),
  },
  (t) => [
    index('video_events_video_idx').on(t.video_id, t.id),
    check(
      'video_events_event_check',
      sql`${t.event} in ('queued', 'started', 'retried', 'lease_lost', 'stopped', 'failed', 'ready')`,
    ),
  ],
);

/**
 * What a person is told (api.md "Operations"): their video ready or failed, a build they started failed. `key` names
 * what it is about (`video_event:12`, `build_failed:…`), so a listener told twice (ready listeners are told again
 * until all succeed) notifies once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: isoTimestamp('at').notNull().default(sql`now()`),
    kind: text('kind').$type<NotificationKind>().notNull(),
    text: text('text').notNull(),
    link: text('link'),
    read_at: isoTimestamp('read_at'),
    key: text('key').notNull().unique(),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.id),
    index('notifications_unread_idx').on(t.user_id).where(sql`${t.read_at} is null`),
    check('notifications_kind_check', sql`${t.kind} in ('video_ready', 'video_failed', 'build_failed')`),
  ],
);
