import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes, totpFailures, users } from '../../db/schema.ts';
import { hashRecoveryCode, newRecoveryCodes, openSecret, totpStep } from './totp.ts';

/** Wrong codes allowed per user in the window, at sign-in and at set-up together. */
export const MAX_CODE_FAILURES = 5;
export const CODE_WINDOW_MS = 15 * 60_000;

export async function codesThrottled(db: Executor, userId: number): Promise<boolean> {
  const since = new Date(Date.now() - CODE_WINDOW_MS).toISOString();
  const [row] = await db
    .select({ n: count() })
    .from(totpFailures)
    .where(and(eq(totpFailures.user_id, userId), gt(totpFailures.created_at, since)));
  return (row?.n ?? 0) >= MAX_CODE_FAILURES;
}

export async function recordCodeFailure(db: Executor, userId: number): Promise<void> {
  await db.insert(totpFailures).values({ user_id: userId });
  await db.delete(totpFailures).where(sql`${totpFailures.created_at} < now() - interval '1 day'`);
}

/**
 * Uses a second factor of a user with two-factor on: a TOTP code not used before (its step is kept, so a code
 * seen over a shoulder cannot sign in again), or an unused recovery code (then used up). False when neither.
 */
export async function useSecondFactor(
  db: Executor,
  user: { id: number; totp_secret: string | null; totp_last_step: number | null },
  code: string,
  secretKey: string | undefined,
): Promise<'totp' | 'recovery' | null> {
  if (/^\d{6}$/.test(code)) {
    if (!user.totp_secret) return null;
    const step = totpStep(openSecret(user.totp_secret, secretKey), code, user.totp_last_step);
    if (step === null) return null;
    // Conditional, so two requests with one code cannot both pass.
    const taken = await db
      .update(users)
      .set({ totp_last_step: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totp_last_step), lt(users.totp_last_step, step))))
      .returning({ id: users.id });
    return taken.length > 0 ? 'totp' : null;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.user_id, user.id),
        eq(recoveryCodes.code_hash, hashRecoveryCode(code)),
        isNull(recoveryCodes.used_at),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}

/** Replaces the user's recovery codes with ten new ones, answered once. */
export async function replaceRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(code) })));
  return codes;
}

/** Two-factor off: secret, last step and recovery codes gone. */
export async function turnOffTotp(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totp_enabled: false, totp_secret: null, totp_last_step: null, updated_at: sql`now()` })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
}
