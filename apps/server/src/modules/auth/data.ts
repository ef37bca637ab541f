import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures, sessions, users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';

export const SESSION_MAX_AGE_DAYS = 30;
export const SESSION_IDLE_DAYS = 7;
const DAY_MS = 86_400_000;
/** Writing `last_used_at` on every request would be a write per read; once a minute is enough for a 7-day idle rule. */
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What the login call answers as `token` (docs/decisions/007-session-credential.md): a value bound to the session
 * token of the HttpOnly cookie, derived from it one way, that signs nothing in. The console keeps it in local
 * storage as the specification says; a script of the page that reads it has no credential.
 */
export const sessionHandle = (token: string) =>
  createHmac('sha256', token).update('kids-vod session handle').digest('base64url');

export async function createSession(db: Executor, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_DAYS * DAY_MS);
  await db
    .insert(sessions)
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: expiresAt.toISOString() });
  return { token, expiresAt };
}

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  sessionId: number;
}

/** The user of a live session: not revoked, not past 30 days, used within the last 7. */
export async function findSessionUser(db: Executor, token: string): Promise<SessionUser | null> {
  const now = Date.now();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      sessionId: sessions.id,
      lastUsedAt: sessions.last_used_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date(now).toISOString()),
        gt(sessions.last_used_at, new Date(now - SESSION_IDLE_DAYS * DAY_MS).toISOString()),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now - Date.parse(row.lastUsedAt) > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ last_used_at: sql`now()` }).where(eq(sessions.id, row.sessionId));
  }
  const { lastUsedAt: _, ...user } = row;
  return user;
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

/**
 * Creates the user, or sets a new password (and revokes its sessions) when the email exists: a reset, which also
 * clears the email's failed sign-ins so its owner is not left locked out.
 */
export async function upsertAdmin(db: Executor, email: string, password: string): Promise<'created' | 'updated'> {
  const password_hash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.update(users).set({ password_hash }).where(eq(users.id, existing.id));
    await db
      .update(sessions)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(sessions.user_id, existing.id), isNull(sessions.revoked_at)));
    await clearSignInFailures(db, existing.email);
    return 'updated';
  }
  await db.insert(users).values({ email: email.toLowerCase(), name: 'Admin', password_hash });
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
