import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiTokens, loginFailures, passwordTokens, securitySettings, sessions, users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { turnOffTotp } from './second-factor.ts';

export const SESSION_MAX_AGE_DAYS = 30;
export const SESSION_IDLE_DAYS = 7;
const DAY_MS = 86_400_000;
/** Writing `last_used_at` on every request would be a write per read; once a minute is enough for a 7-day idle rule. */
const TOUCH_INTERVAL_MS = 60_000;
/** How long a session checked stays checked (routes.ts): revocation reaches every instance within it. */
export const SESSION_RECHECK_MS = 1_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = (prefix = '') => `${prefix}${randomBytes(32).toString('base64url')}`;

/** A user as the contract answers one (api.md's User): never a hash or a secret. */
export const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  is_active: users.is_active,
  totp_enabled: users.totp_enabled,
  last_sign_in_at: users.last_sign_in_at,
  created_at: users.created_at,
  updated_at: users.updated_at,
};
export type UserView = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

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

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export const viewOf = (row: typeof users.$inferSelect): UserView => {
  const { password_hash: _p, totp_secret: _s, totp_last_step: _l, ...view } = row;
  return view;
};

/** A password hash no password matches: an invited account before its link is used, or after a reset. */
export const NO_PASSWORD = '!';

/** Invite and reset links are valid this long, once. */
export const PASSWORD_TOKEN_HOURS = 72;

/** A new invite or reset link's token for the user; earlier unused links of the user stop working. */
export async function createPasswordToken(db: Executor, userId: number, kind: 'invite' | 'reset') {
  await db
    .update(passwordTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(passwordTokens.user_id, userId), isNull(passwordTokens.used_at)));
  const token = newToken();
  const expiresAt = new Date(Date.now() + PASSWORD_TOKEN_HOURS * 3_600_000).toISOString();
  await db
    .insert(passwordTokens)
    .values({ user_id: userId, token_hash: hashToken(token), kind, expires_at: expiresAt });
  return { token, expiresAt };
}

/** The user of an unused, unexpired link, without using it. */
export async function findPasswordToken(db: Executor, token: string) {
  const [row] = await db
    .select({ id: passwordTokens.id, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.user_id))
    .where(
      and(
        eq(passwordTokens.token_hash, hashToken(token)),
        isNull(passwordTokens.used_at),
        gt(passwordTokens.expires_at, new Date().toISOString()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a link: true for the one caller that used it (two at once: one wins). */
export async function usePasswordToken(db: Executor, id: number): Promise<boolean> {
  const used = await db
    .update(passwordTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.used_at)))
    .returning({ id: passwordTokens.id });
  return used.length > 0;
}

/**
 * `npm run admin` and the first start: creates the admin, or, for an existing email, sets the password and makes the
 * account an active admin again, with two-factor off, its sessions ended and its sign-in throttle cleared (the
 * way back in for someone with shell access to the server).
 */
export async function upsertAdmin(db: Executor, email: string, password: string): Promise<'created' | 'updated'> {
  const password_hash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db
      .update(users)
      .set({
        password_hash,
        role: 'admin',
        is_active: true,
      })
      .where(eq(users.id, existing.id));
    await turnOffTotp(db, existing.id);
    await revokeUserSessions(db, existing.id);
    await clearSignInFailures(db, existing.email);
    return 'updated';
  }
  await db.insert(users).values({ email: email.toLowerCase(), name: 'Admin', role: 'admin', password_hash });
  return 'created';
}

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

/**
 * The throttle's key of a sign-in attempt, kept in `login_failures.email`: the email itself for strangers, who share
 * its allowance; for a browser with a device cookie of that email (device-cookie.ts), a key of its own.
 */
const devicePrefix = (email: string) => `${email} device `;
const throttleKey = (email: string, device: string | undefined) => (device ? devicePrefix(email) + device : email);

/**
 * Counts a sign-in attempt as failed before its password is checked, and returns it, or null when the throttle
 * refuses it. The check takes ~100 ms: counted after it, attempts sent all at once would each find none of the
 * others and all be checked. Counted first, each finds those before it, so no more than the limit are checked.
 * A refused attempt is taken back (it checked nothing); a successful one clears its failures (`clearLoginFailures`).
 *
 * Strangers (no device cookie for the email) share the email's allowance and their address's. A browser that
 * signed in as this email before (`device`, its verified device cookie) has an allowance of its own, which failures
 * elsewhere do not use up: an attacker can lock out strangers, never the owner's own browsers (OWASP, "Slow Down
 * Online Guessing Attacks with Device Cookies").
 */
export async function startLoginAttempt(
  db: Executor,
  ip: string,
  email: string,
  device?: string,
): Promise<number | null> {
  const key = throttleKey(email, device);
  const [attempt] = await db.insert(loginFailures).values({ ip, email: key }).returning({ id: loginFailures.id });
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS).toISOString();
  const [row] = await db
    .select({
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
      byKey: sql<number>`count(*) filter (where ${loginFailures.email} = ${key})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.created_at, since),
        device ? eq(loginFailures.email, key) : sql`(${loginFailures.ip} = ${ip} or ${loginFailures.email} = ${key})`,
      ),
    );
  const byIp = device ? 0 : (row?.byIp ?? 0);
  if (byIp > MAX_FAILURES_PER_IP || (row?.byKey ?? 0) > MAX_FAILURES_PER_EMAIL) {
    await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
    return null;
  }
  // Old rows only matter for the window; clearing them here keeps the table small without a job.
  await db.delete(loginFailures).where(sql`${loginFailures.created_at} < now() - interval '1 day'`);
  return attempt.id;
}

/** After a successful sign-in: the failures of the allowance it used (the email's strangers', or its device's). */
export async function clearLoginFailures(db: Executor, email: string, device?: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, throttleKey(email, device)));
}

/**
 * Clears every failed sign-in of `email`, strangers' and devices', so that it can sign in at once: for password
 * resets (`npm run admin`, and any reset an admin makes).
 */
export async function clearSignInFailures(db: Executor, email: string): Promise<void> {
  const owner = email.toLowerCase();
  await db
    .delete(loginFailures)
    .where(sql`${loginFailures.email} = ${owner} or starts_with(${loginFailures.email}, ${devicePrefix(owner)})`);
}
