import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordTokens, users } from '../../db/schema.ts';
import { hashToken, newToken } from './sessions.ts';

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
