import { z } from 'zod';
import { addresses } from './addresses.ts';
import { Brand, BrandLang } from './brands.ts';
import { call, Id, Timestamp, UpdatedAtGuard } from './common.ts';
import { Content, ContentLang } from './content.ts';
import { Promo } from './promos.ts';
import { Stream } from './streams.ts';

/** What the audit log names an entity by: the table its rows live in. */
export const AUDITED_ENTITIES = [
  'brands',
  'brand_langs',
  'country_rules',
  'content',
  'content_langs',
  'video_files',
  'subtitles',
  'content_not_planned',
  'content_links',
  'promos',
  'streams',
  'promo_codes',
  'locale_keys',
  'locale_strings',
  'languages',
  'catalog_builds',
] as const;
/**
 * Staff and sign-in events, written by the server (not a trigger): staff accounts (invite, role, state, password
 * reset, sign-ins, failed sign-ins, two-factor), API tokens, ingest keys and the sign-in rules. Never a secret.
 * Only admins read them (the whole activity log is theirs).
 */
export const STAFF_AUDIT_ENTITIES = ['users', 'api_tokens', 'ingest_keys', 'security_settings'] as const;
export type StaffAuditEntity = (typeof STAFF_AUDIT_ENTITIES)[number];
export const AuditEntity = z.enum([...AUDITED_ENTITIES, ...STAFF_AUDIT_ENTITIES]);

/** What an entry records: a row's insert, update or delete, or one of the staff events. */
export const AUDIT_ACTIONS = [
  'insert',
  'update',
  'delete',
  'invite',
  'reset_password',
  'change_password',
  'sign_in',
  'sign_in_failed',
  'totp_enabled',
  'totp_disabled',
  'revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The item an entry belongs to, as the console opens it: a language version or a rule is its brand's or episode's,
 * a video the episode it is attached to. An episode names its brand, a stream its language (their screens are
 * per brand and per language). Null for what no edit modal opens (app strings, builds, staff events).
 */
export const AuditItem = z.object({
  entity: z.enum(['brands', 'content', 'promos', 'streams', 'promo_codes']),
  id: z.int().positive(),
  brand_id: z.int().positive().optional(),
  lang_id: z.int().positive().optional(),
});
export type AuditItem = z.infer<typeof AuditItem>;

/** One changed row: who changed it (null: the first start, the demo data or a script), how, and the row on both sides. */
export const AuditEntry = z.object({
  id: z.int().positive(),
  at: Timestamp,
  user_id: z.int().nullable(),
  user_email: z.string().nullable(),
  call: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  item: AuditItem.nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListBody = z
  .object({
    entity: AuditEntity.optional(),
    /**
     * With `entity`: the history of one row (its id, or `key:lang_id` for app strings). One catalogue row's history
     * is open to every role; anything else (the whole log, staff events) to admins.
     */
    entity_id: z.string().trim().min(1).max(200).optional(),
    user_id: Id.optional(),
    from: Timestamp.optional(),
    to: Timestamp.optional(),
    /**
     * With `entity` `brands` or `content` and `entity_id`: the entries of the item's parts too, in one history. A
     * brand's language versions, country rules and compilation links; an episode's language versions, the videos
     * attached to or detached from them, and the compilations it is linked into. Read as the item's own history.
     */
    with_parts: z.boolean().default(false),
    /** The `next_before_id` of the previous page: newest first, older pages after. */
    before_id: z.int().positive().optional(),
    limit: z.int().min(1).max(500).default(100),
    /**
     * The whole filtered log (every page from `before_id` on; `limit` is ignored) as a CSV file, one row per changed
     * field, in the words of `audit-words.ts`.
     */
    csv: z.boolean().default(false),
  })
  .refine((b) => !b.with_parts || ((b.entity === 'brands' || b.entity === 'content') && b.entity_id), {
    path: ['with_parts'],
    message: "An item's parts are read with a brand or an episode: give entity brands or content and its entity_id",
  });
export type AuditListBody = z.input<typeof AuditListBody>;

export const AuditPage = z.object({
  items: z.array(AuditEntry),
  /** Where the next (older) page starts; null on the last page. */
  next_before_id: z.int().positive().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditRestoreBody = z.object({ id: z.int().positive(), ...UpdatedAtGuard });
export type AuditRestoreBody = z.input<typeof AuditRestoreBody>;

/** The item set back, as its list answers it: a brand, content, a language version, a banner or a stream. */
export const RestoredItem = z.union([Brand, Content, ContentLang, BrandLang, Promo, Stream]);
export type RestoredItem = z.infer<typeof RestoredItem>;

export const auditCalls = {
  list: call({
    ...addresses.audit.list,
    read: true,
    summary: 'The audit log: every change to the catalogue, newest first (JSON pages, or the whole filter as CSV)',
    body: AuditListBody,
    response: AuditPage,
  }),
  restore: call({
    ...addresses.audit.restore,
    summary: 'Set an item back to its state after one entry of its history (a save, with the same checks)',
    body: AuditRestoreBody,
    response: RestoredItem,
  }),
};
