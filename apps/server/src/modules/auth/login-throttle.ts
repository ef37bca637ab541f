import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginFailures } from '../../db/schema.ts';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

/**
 * The throttle's key of a sign-in attempt, kept in `login_failures.email`: the email itself for strangers, who share
 * its allowance; for a browser with a device cookie of that email (device-cookie.ts), a key of its own.
 */
const devicePrefix = (email: string) => `${email} device `;
const throttleKey = (email: string, device: string | undefined) => (device ? devicePrefix(email) + device : email);

/** The sign-in attempts of one key in progress on this instance, each waiting for the one before it. */
const turns = new Map<string, Promise<void>>();

/** Runs `work` when the attempts of `key` before it on this instance have finished. */
async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve();
  let finish = () => {};
  const mine = before.then(() => new Promise<void>((resolve) => (finish = resolve)));
  turns.set(key, mine);
  await before;
  try {
    return await work();
  } finally {
    finish();
    if (turns.get(key) === mine) turns.delete(key);
  }
}

/**
 * A sign-in attempt under the throttle: refused (null, its password never checked) when its allowance has used up
 * its failures in the window; else `check` runs, and only a failed check (false) is counted. Right passwords never
 * count, so any number of them at once all sign in (issue 28, L2).
 *
 * Attempts that share an allowance run one at a time on an instance (the check takes ~100 ms): sent all at once,
 * each then finds the failures of those before it, so no more than the limit of wrong ones are checked. The address's
 * allowance is taken before the email's, always in that order, so two attempts never wait for each other.
 *
 * Strangers (no device cookie for the email) share the email's allowance and their address's. A browser that
 * signed in as this email before (`device`, its verified device cookie) has an allowance of its own, which failures
 * elsewhere do not use up: an attacker can lock out strangers, never the owner's own browsers (OWASP, "Slow Down
 * Online Guessing Attacks with Device Cookies").
 */
export async function throttledLoginAttempt<T>(
  db: Executor,
  attempt: { ip: string; email: string; device?: string },
  check: () => Promise<T | false>,
): Promise<T | false | null> {
  const { ip, email, device } = attempt;
  const key = throttleKey(email, device);
  const run = async () => {
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
    if (byIp >= MAX_FAILURES_PER_IP || (row?.byKey ?? 0) >= MAX_FAILURES_PER_EMAIL) return null;
    const result = await check();
    if (result === false) {
      await db.insert(loginFailures).values({ ip, email: key });
      // Old rows only matter for the window; clearing them here keeps the table small without a job.
      await db.delete(loginFailures).where(sql`${loginFailures.created_at} < now() - interval '1 day'`);
    }
    return result;
  };
  return device ? inTurn(key, run) : inTurn(`address ${ip}`, () => inTurn(key, run));
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
