import { z } from 'zod';
import { addresses } from './addresses.ts';
import { Email, User, UserRole } from './auth.ts';
import { call, Id, IdBody, Ok, Timestamp } from './common.ts';

export const InviteBody = z.object({ email: Email, name: z.string().trim().min(1).max(200), role: UserRole });
export const InviteAnswer = z.object({ user: User, invite_url: z.string(), expires_at: Timestamp });
export const UserUpdateBody = z.object({
  id: Id,
  name: z.string().trim().min(1).max(200).optional(),
  role: UserRole.optional(),
  is_active: z.boolean().optional(),
  updated_at: Timestamp.optional(),
});
export const ResetAnswer = z.object({ invite_url: z.string(), expires_at: Timestamp });
export const SecuritySettings = z.object({ require_totp: z.boolean() });
export const SecuritySettingsBody = SecuritySettings.partial();

/** A personal API token: the secret is answered once, at creation, and stored only as a hash. */
export const ApiToken = z.object({
  id: Id,
  name: z.string(),
  user_id: Id,
  user_email: z.string(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;
export const TokenCreateBody = z.object({
  name: z.string().trim().min(1).max(100),
  /** Days until it stops working; null never (an admin may revoke it any time). */
  expires_in_days: z.int().min(1).max(3650).nullable().default(90),
});
export const TokenListBody = z.object({ user_id: Id.optional(), all: z.boolean().optional() });

/** A player app's key for view ingestion (`X-Ingest-Key`); the `INGEST_KEY` setting is listed as one of them. */
export const IngestKey = z.object({
  id: Id,
  name: z.string(),
  /** The key's first characters, to tell keys apart; the rest is never shown again. */
  prefix: z.string(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
  /** The key set by the `INGEST_KEY` setting: revoked by removing the setting. */
  from_settings: z.boolean(),
});
export type IngestKey = z.infer<typeof IngestKey>;
export const IngestKeyCreateBody = z.object({ name: z.string().trim().min(1).max(100) });

export const userCalls = {
  list: call({ ...addresses.users.list, summary: 'Staff accounts', body: z.object({}), response: z.array(User) }),
  invite: call({
    ...addresses.users.invite,
    summary: 'Invite a colleague: a one-time link, valid 72 hours, to choose a password',
    body: InviteBody,
    response: InviteAnswer,
  }),
  update: call({
    ...addresses.users.update,
    summary: 'Change name, role or active state; deactivating ends the sessions; the last active admin stays',
    body: UserUpdateBody,
    response: User,
  }),
  resetPassword: call({
    ...addresses.users.resetPassword,
    summary: 'A new link to choose a password; the old password and every session stop working',
    body: IdBody,
    response: ResetAnswer,
  }),
  settings: call({
    ...addresses.users.settings,
    summary: 'Read or change the sign-in rules for everyone (two-factor required)',
    body: SecuritySettingsBody,
    response: SecuritySettings,
  }),
};

export const tokenCalls = {
  list: call({
    ...addresses.token.list,
    summary: 'Own API tokens; an admin may ask for another user’s or all',
    body: TokenListBody,
    response: z.array(ApiToken),
  }),
  create: call({
    ...addresses.token.create,
    summary: 'A personal API token with the role of its owner; the secret is answered once',
    body: TokenCreateBody,
    response: z.object({ token: ApiToken, secret: z.string() }),
  }),
  revoke: call({ ...addresses.token.revoke, summary: 'Revoke an API token', body: IdBody, response: Ok }),
};

export const ingestKeyCalls = {
  list: call({ ...addresses.ingestKey.list, summary: 'Ingest keys', body: z.object({}), response: z.array(IngestKey) }),
  create: call({
    ...addresses.ingestKey.create,
    summary: 'A new ingest key for a player app; the secret is answered once',
    body: IngestKeyCreateBody,
    response: z.object({ key: IngestKey, secret: z.string() }),
  }),
  revoke: call({ ...addresses.ingestKey.revoke, summary: 'Revoke an ingest key', body: IdBody, response: Ok }),
};
