/**
 * The audit log in a reader's words, written once for the edit modals' History, the Activity screen and the CSV
 * export: what kind of item an entry is about, what happened, and each changed field as "label: old → new" with
 * language and brand names, Yes/No, en-GB dates. No zod, so a screen imports it without the schemas.
 */
import type { AUDITED_ENTITIES, AuditAction, AuditEntry as ListedEntry, StaffAuditEntity } from './audit.ts';
import { formatDuration, formatSize } from './format.ts';
import { ROLE_LABELS } from './permissions.ts';

/** An entry as the log holds it (the words need nothing the list adds to it). */
type AuditEntry = Omit<ListedEntry, 'item'>;

/** Names of what entries refer to by id; an unknown id is written as "language 7", never as a bare number. */
export interface AuditNames {
  language?: (id: number) => string | undefined;
  brand?: (id: number) => string | undefined;
  country?: (code2: string) => string | undefined;
  /** The language of an episode's language version, by the version's id (a video is attached to one). */
  contentLang?: (id: number) => string | undefined;
  /** A moment as the reader sees dates; by default `DD/MM/YYYY HH:mm` in UTC. */
  moment?: (iso: string) => string;
}

/**
 * Each kind of item the log records, as a reader names it (the audit log's entity names as keys; `satisfies`
 * names an entity added to audit.ts without its words here).
 */
export const AUDIT_KIND_WORDS = {
  brands: 'Brand',
  brand_langs: 'Brand language version',
  country_rules: 'Country rule',
  content: 'Episode',
  content_langs: 'Episode language version',
  video_files: 'Video',
  subtitles: 'Subtitles',
  content_not_planned: 'Language not planned',
  content_links: 'Compilation link',
  promos: 'Promo banner',
  streams: 'Stream',
  promo_codes: 'Promo code',
  locale_keys: 'App string key',
  locale_strings: 'App string',
  languages: 'Language',
  catalog_builds: 'Catalogue build',
  users: 'Staff member',
  api_tokens: 'API token',
  ingest_keys: 'Ingest key',
  security_settings: 'Sign-in rules',
} as const satisfies Record<(typeof AUDITED_ENTITIES)[number] | StaffAuditEntity, string>;
export type AuditKind = keyof typeof AUDIT_KIND_WORDS;

export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  insert: 'Created',
  update: 'Changed',
  delete: 'Deleted for good',
  invite: 'Invited',
  reset_password: 'Password reset link sent',
  change_password: 'Password changed',
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in refused',
  totp_enabled: 'Two-factor sign-in turned on',
  totp_disabled: 'Two-factor sign-in turned off',
  revoke: 'Revoked',
};

/** Every field label, for every kind (a field means the same wherever it appears). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  age_rating: 'Age rating',
  logo_url: 'Logo',
  sort: 'Position',
  is_published: 'Published',
  is_active: 'Active',
  lang_id: 'Language',
  title: 'Title',
  description: 'Description',
  brand_id: 'Brand',
  code2: 'Countries',
  exclude: 'Excludes these countries',
  season: 'Season',
  sort_number: 'Episode number',
  duration_sec: 'Duration',
  thumbnail_url: 'Thumbnail',
  content_id: 'Episode',
  content_lang_id: 'Attached to',
  image_url: 'Image',
  bg_color: 'Background colour',
  button_color: 'Button colour',
  button_text: 'Button text',
  url: 'Address',
  poster_url: 'Poster',
  code: 'Code',
  kind: 'Discount kind',
  value: 'Value',
  max_uses: 'Uses allowed',
  used_count: 'Times used',
  valid_from: 'Valid from',
  valid_until: 'Valid until',
  available_from: 'Available from',
  available_until: 'Available until',
  starts_at: 'Starts',
  ends_at: 'Ends',
  key: 'Key',
  email: 'Email',
  role: 'Role',
  state: 'State',
  reason: 'Reason',
  expires_at: 'Expires',
  prefix: 'Key starts with',
  user_id: 'Staff member',
  ext_id: 'External id',
  playback_url: 'Playback address',
  audio_tracks: 'Audio tracks',
  video_from_lang_id: 'Plays the video of',
  size_bytes: 'Size',
  sha256: 'Checksum',
  versioned_url: 'Versioned address',
  counts: 'Items',
  deleted_at: 'In the bin since',
  cues: 'Cues',
  warnings: 'Warnings',
  encoding: 'Read as',
};

/** Columns that say nothing to a reader (ids, bookkeeping, where a file is stored). */
const HIDDEN = new Set(['id', 'created_at', 'updated_at', 'deleted_by', 'storage_key']);
/** A part's parent: the item it belongs to, which the entry's item (its History, its link) already names. */
const PARENT: Record<string, string> = {
  brand_langs: 'brand_id',
  country_rules: 'brand_id',
  content_langs: 'content_id',
};

export interface FieldChange {
  field: string;
  label: string;
  /** '' where the entry has no value before (a creation) or after (a deletion). */
  from: string;
  to: string;
}

export interface EntryWords {
  /** The kind of item: "Brand", "Episode language version". */
  kind: string;
  /** Which one, where the entry says more than its kind: "English version", "video a.mp4". */
  subject: string | null;
  /** What happened: "Created", "Moved to the bin", "Video attached", "Signed in". */
  what: string;
  changes: FieldChange[];
}

const EMPTY = '(empty)';
const isEmpty = (value: unknown) => value === null || value === '' || value === undefined;
const pad = (n: number) => String(n).padStart(2, '0');
const utcMoment = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const humanised = (field: string) => {
  const words = field.replaceAll('_', ' ');
  return words[0]!.toUpperCase() + words.slice(1);
};

/** A field's label, for the screens' filters and the CSV as much as for a change. */
export const fieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? humanised(field);

/** A kind's name; an entity the log does not know yet by its own name. */
export const kindWords = (entity: string) => AUDIT_KIND_WORDS[entity as AuditKind] ?? humanised(entity);

const named = (lookup: ((id: number) => string | undefined) | undefined, id: number, what: string) =>
  lookup?.(id) ?? `${what} ${id}`;

/** Numbers that stand for something: the thing's name, a duration, a size. */
const NUMBER_WORDS: Record<string, (value: number, names: AuditNames) => string> = {
  lang_id: (id, names) => named(names.language, id, 'language'),
  brand_id: (id, names) => named(names.brand, id, 'brand'),
  content_id: (id) => `episode ${id}`,
  content_lang_id: (id, names) => `${named(names.contentLang, id, 'language')} version`,
  user_id: (id) => `staff member ${id}`,
  duration_sec: formatDuration,
  size_bytes: formatSize,
};

function stringWords(field: string, value: string, names: AuditNames): string {
  if (field === 'role' && value in ROLE_LABELS) return ROLE_LABELS[value as keyof typeof ROLE_LABELS];
  if (ISO_MOMENT.test(value)) return (names.moment ?? utcMoment)(value);
  const date = ISO_DATE.exec(value);
  return date ? `${date[3]}/${date[2]}/${date[1]}` : value;
}

function listWords(field: string, value: unknown[], names: AuditNames): string {
  if (value.length === 0) return EMPTY;
  const country = field === 'code2' ? names.country : undefined;
  return value.map((v) => (country && typeof v === 'string' ? (country(v) ?? v) : String(v))).join(', ');
}

/** One value as a reader reads it. */
export function valueWords(field: string, value: unknown, names: AuditNames = {}): string {
  if (isEmpty(value)) return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return NUMBER_WORDS[field]?.(value, names) ?? value.toLocaleString('en-GB');
  if (typeof value === 'string') return stringWords(field, value, names);
  if (Array.isArray(value)) return listWords(field, value, names);
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${humanised(k)}: ${String(v)}`)
      .join(', ');
  }
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A name or a title the entry's row holds; none when it is empty. */
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** Which one of its kind an entry is about, where its kind alone does not say. */
function subjectOf(
  entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'before' | 'after' | 'user_id' | 'user_email'>,
  names: AuditNames,
): string | null {
  const row = entry.after ?? entry.before ?? {};
  switch (entry.entity) {
    case 'brands':
      // Named as it is called now, else as the entry left it (a change that does not touch the name has none).
      return names.brand?.(Number(entry.entity_id)) ?? textOf(row.name);
    case 'brand_langs':
    case 'content_langs':
    case 'content_not_planned':
      return typeof row.lang_id === 'number' ? `${named(names.language, row.lang_id, 'language')} version` : null;
    case 'video_files':
      return typeof row.name === 'string' ? `video ${row.name}` : null;
    case 'subtitles':
      return typeof row.name === 'string' ? `file ${row.name}` : null;
    case 'content_links':
      return typeof row.brand_id === 'number' ? `in ${named(names.brand, row.brand_id, 'brand')}` : null;
    case 'country_rules':
      return Array.isArray(row.code2) ? valueWords('code2', row.code2, names) : null;
    case 'users':
      if (typeof row.email === 'string') return row.email;
      // A sign-in or a change of one's own password or two-factor keeps no row: the person is the one who did it.
      return entry.user_id !== null && String(entry.user_id) === entry.entity_id ? entry.user_email : null;
    case 'api_tokens':
    case 'ingest_keys':
      return textOf(row.name);
    // By its title in the entry: a banner's or a stream's row holds it whole, before and after.
    case 'promos':
    case 'streams':
      return textOf(row.title);
    default:
      return null;
  }
}

function whatHappened(entry: AuditEntry): string {
  const { action, before, after } = entry;
  if (action !== 'update' || !before || !after) return AUDIT_ACTION_WORDS[action];
  if (!before.deleted_at && after.deleted_at) return 'Moved to the bin';
  if (before.deleted_at && !after.deleted_at) return 'Restored from the bin';
  if (entry.entity === 'video_files' && !same(before.content_lang_id, after.content_lang_id))
    return after.content_lang_id ? 'Video attached' : 'Video detached';
  if (entry.call === 'POST /api/audit/restore') return 'Earlier version restored';
  return AUDIT_ACTION_WORDS.update;
}

/** A field's change, or null where there is nothing to tell (unchanged; empty on a creation or a deletion). */
function fieldChange(entry: AuditEntry, field: string, names: AuditNames): FieldChange | null {
  const { before, after } = entry;
  const was = before?.[field];
  const is = after?.[field];
  if (before && after && same(was, is)) return null;
  if (!before && isEmpty(is)) return null;
  if (!after && isEmpty(was)) return null;
  return {
    field,
    // A promo code's `kind` is its discount's; a subtitles file's, subtitles or captions.
    label: entry.entity === 'subtitles' && field === 'kind' ? 'Kind' : fieldLabel(field),
    from: before ? valueWords(field, was, names) : '',
    to: after ? valueWords(field, is, names) : '',
  };
}

/** An entry in words: its kind, which one, what happened and each field that changed (old → new). */
export function entryWords(entry: AuditEntry, names: AuditNames = {}): EntryWords {
  const fields = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    // Going to the bin and back is said by `what`, not as a field.
    if (HIDDEN.has(field) || field === 'deleted_at' || PARENT[entry.entity] === field) continue;
    const change = fieldChange(entry, field, names);
    if (change) changes.push(change);
  }
  return { kind: kindWords(entry.entity), subject: subjectOf(entry, names), what: whatHappened(entry), changes };
}

/** A change as one line: "Title: Old → New", "Title: New" for a creation, "Title: Old (removed)" for a deletion. */
export function changeLine(change: FieldChange): string {
  if (change.from === '') return `${change.label}: ${change.to}`;
  if (change.to === '') return `${change.label}: ${change.from} (removed)`;
  return `${change.label}: ${change.from} → ${change.to}`;
}
