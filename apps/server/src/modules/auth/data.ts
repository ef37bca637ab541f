import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { clearSignInFailures } from './login-throttle.ts';
import { hashPassword } from './passwords.ts';
import { turnOffTotp } from './second-factor.ts';
import { revokeUserApiTokens, revokeUserSessions } from './sessions.ts';
import { findUserByEmail } from './user-view.ts';

/**
 * `npm run admin` and the first start: creates the admin, or, for an existing email, sets the password and makes the
 * account an active admin again, with two-factor off, its sessions and API tokens ended and its sign-in throttle cleared (the
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
    await revokeUserApiTokens(db, existing.id);
    await clearSignInFailures(db, existing.email);
    return 'updated';
  }
  await db.insert(users).values({ email: email.toLowerCase(), name: 'Admin', role: 'admin', password_hash });
  return 'created';
}
