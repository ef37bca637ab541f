import { createHash, randomBytes } from 'node:crypto';
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

/** Creates the user, or sets a new password (and revokes its sessions) when the email exists. */
export async function upsertAdmin(db: Executor, email: string, password: string): Promise<'created' | 'updated'> {
  const password_hash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.update(users).set({ password_hash }).where(eq(users.id, existing.id));
    await db
      .update(sessions)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(sessions.user_id, existing.id), isNull(sessions.revoked_at)));
    return 'updated';
  }
  await db.insert(users).values({ email: email.toLowerCase(), name: 'Admin', password_hash });
  return 'created';
}

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

/**
 * Counts a sign-in attempt as failed before its password is checked, and returns it, or null when the throttle
 * refuses it. The check takes ~100 ms: counted after it, attempts sent all at once would each find none of the
 * others and all be checked. Counted first, each finds those before it, so no more than the limit are checked.
 * A refused attempt is taken back (it checked nothing); a successful one clears the email's failures.
 */
export async function startLoginAttempt(db: Executor, ip: string, email: string): Promise<number | null> {
  const [attempt] = await db.insert(loginFailures).values({ ip, email }).returning({ id: loginFailures.id });
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS).toISOString();
  const [row] = await db
    .select({
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
      byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      and(gt(loginFailures.created_at, since), sql`(${loginFailures.ip} = ${ip} or ${loginFailures.email} = ${email})`),
    );
  if ((row?.byIp ?? 0) > MAX_FAILURES_PER_IP || (row?.byEmail ?? 0) > MAX_FAILURES_PER_EMAIL) {
    await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
    return null;
  }
  // Old rows only matter for the window; clearing them here keeps the table small without a job.
  await db.delete(loginFailures).where(sql`${loginFailures.created_at} < now() - interval '1 day'`);
  return attempt.id;
}

export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
