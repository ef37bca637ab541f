import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiTokens, securitySettings, sessions, users } from '../../db/schema.ts';
import { type UserView, userColumns } from './user-view.ts';

export const SESSION_MAX_AGE_DAYS = 30;
export const SESSION_IDLE_DAYS = 7;
const DAY_MS = 86_400_000;
/** Writing `last_used_at` on every request would be a write per read; once a minute is enough for a 7-day idle rule. */
const TOUCH_INTERVAL_MS = 60_000;
/** How long a session checked stays checked (routes.ts): revocation reaches every instance within it. */
export const SESSION_RECHECK_MS = 1_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = (prefix = '') => `${prefix}${randomBytes(32).toString('base64url')}`;

/** Whether an admin requires two-factor for everyone (the one security_settings row). */
const requireTotp = sql<boolean>`coalesce((select ${securitySettings.require_totp} from ${securitySettings} where ${securitySettings.id} = 1), false)`;

/**
 * What the login call answers as `token` (docs/decisions/014-session-credential.md): a value bound to the session
 * token of the HttpOnly cookie, derived from it one way, that signs nothing in. The console keeps it in local
 * storage as the specification says; a script of the page that reads it has no credential.
 */
export const sessionHandle = (token: string) =>
  createHmac('sha256', token).update('kids-vod session handle').digest('base64url');

export interface Client {
  ip: string;
  userAgent: string | undefined;
}

export async function createSession(
  db: Executor,
  userId: number,
  client?: Client,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_DAYS * DAY_MS);
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: expiresAt.toISOString(),
    ip: client?.ip ?? null,
    user_agent: client?.userAgent?.slice(0, 500) ?? null,
  });
  await db.update(users).set({ last_sign_in_at: sql`now()` }).where(eq(users.id, userId));
  return { token, expiresAt };
}

/** The signed-in user of a request: by a session, or by a personal API token (`apiTokenId`). */
export interface SessionUser extends UserView {
  sessionId: number | null;
  apiTokenId: number | null;
  /** Two-factor is required for everyone and this user has not set it up. */
  totp_setup_required: boolean;
}

/** The user of a live session: active, session not revoked, not past 30 days, used within the last 7. */
export async function findSessionUser(db: Executor, token: string): Promise<SessionUser | null> {
  const now = Date.now();
  const [row] = await db
    .select({ ...userColumns, requireTotp, sessionId: sessions.id, lastUsedAt: sessions.last_used_at })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        eq(users.is_active, true),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date(now).toISOString()),
        gt(sessions.last_used_at, new Date(now - SESSION_IDLE_DAYS * DAY_MS).toISOString()),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (isStale(row.lastUsedAt)) {
    await db.update(sessions).set({ last_used_at: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  return signedIn({ ...row, apiTokenId: null });
}

const isStale = (lastUsedAt: string | null) => !lastUsedAt || Date.now() - Date.parse(lastUsedAt) > TOUCH_INTERVAL_MS;

/** The request's user from a session's or an API token's row. */
function signedIn(
  row: UserView & { requireTotp: boolean; lastUsedAt: unknown; sessionId: number | null; apiTokenId: number | null },
): SessionUser {
  const { lastUsedAt: _, requireTotp: required, ...user } = row;
  return { ...user, totp_setup_required: required && !user.totp_enabled };
}

/** Personal API tokens start with this, so the server knows which table to look in. */
export const API_TOKEN_PREFIX = 'kvt_';

/** The owner of a live API token (not revoked, not expired, the owner active), acting with the owner's role. */
export async function findApiTokenUser(db: Executor, token: string): Promise<SessionUser | null> {
  const now = new Date().toISOString();
  const [row] = await db
    .select({ ...userColumns, requireTotp, apiTokenId: apiTokens.id, lastUsedAt: apiTokens.last_used_at })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(
      and(
        eq(apiTokens.token_hash, hashToken(token)),
        eq(users.is_active, true),
        isNull(apiTokens.revoked_at),
        or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (isStale(row.lastUsedAt)) {
    await db.update(apiTokens).set({ last_used_at: sql`now()` }).where(eq(apiTokens.id, row.apiTokenId));
  }
  return signedIn({ ...row, sessionId: null });
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of a user, but `keep` (the caller's own). */
export async function revokeUserSessions(db: Executor, userId: number, keep?: number | null): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), keep ? ne(sessions.id, keep) : undefined));
}

/**
 * Ends every live API token of a user for good (a password reset, a deactivation, `npm run admin`, or a password
 * change that asks for it): a revoked token never works again, whatever happens to the account later.
 */
export async function revokeUserApiTokens(db: Executor, userId: number): Promise<number> {
  const revoked = await db
    .update(apiTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}

/** A user's live sessions, last used first. */
export async function listSessions(db: Executor, userId: number, currentId: number | null) {
  const now = Date.now();
  const rows = await db
    .select({
      id: sessions.id,
      created_at: sessions.created_at,
      last_used_at: sessions.last_used_at,
      ip: sessions.ip,
      user_agent: sessions.user_agent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date(now).toISOString()),
        gt(sessions.last_used_at, new Date(now - SESSION_IDLE_DAYS * DAY_MS).toISOString()),
      ),
    )
    .orderBy(desc(sessions.last_used_at), desc(sessions.id));
  return rows.map((s) => ({ ...s, current: s.id === currentId }));
}
