import type { api, Role } from '@kids-vod/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { securitySettings, users } from '../../db/schema.ts';
import { conflict, notFound, staleUpdate } from '../../lib/errors.ts';
import type { Body } from '../../lib/route.ts';
import { recordStaffEvent } from '../../lib/staff-audit.ts';
import {
  clearSignInFailures,
  createPasswordToken,
  NO_PASSWORD,
  revokeUserApiTokens,
  revokeUserSessions,
  turnOffTotp,
  userColumns,
  viewOf,
} from '../auth/index.ts';

export const listUsers = (db: Executor) => db.select(userColumns).from(users).orderBy(users.id);

/** A new account without a password, and its invite link's token (72 hours, once). */
export async function inviteUser(db: Executor, body: Body<typeof api.users.invite>) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
  if (taken) throw conflict('An account with this email exists already');
  const [row] = await db
    .insert(users)
    .values({ email: body.email, name: body.name, role: body.role, password_hash: NO_PASSWORD })
    .returning();
  const link = await createPasswordToken(db, row.id, 'invite');
  await recordStaffEvent(db, {
    entity: 'users',
    entity_id: row.id,
    action: 'invite',
    after: { email: row.email, name: row.name, role: row.role },
  });
  return { user: viewOf(row), ...link };
}

/**
 * Name, role, active state. Demoting or deactivating the last active admin is refused (409): the admins are
 * locked first, so two admins demoting each other at once cannot both succeed. Deactivating ends the sessions and
 * the API tokens.
 */
export async function updateUser(db: Executor, body: Body<typeof api.users.update>) {
  const [before] = await db.select().from(users).where(eq(users.id, body.id)).for('update');
  if (!before) throw notFound('User');
  if (body.updated_at && body.updated_at !== before.updated_at) throw staleUpdate('This account');
  const role: Role = body.role ?? before.role;
  const isActive = body.is_active ?? before.is_active;
  if (before.role === 'admin' && before.is_active && (role !== 'admin' || !isActive)) {
    const others = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.is_active, true), ne(users.id, before.id)))
      .for('update');
    if (others.length === 0) throw conflict('There must always be an active admin: make someone else admin first');
  }
  const [row] = await db
    .update(users)
    .set({
      name: body.name ?? before.name,
      role,
      is_active: isActive,
      updated_at: sql`greatest(now(), ${users.updated_at} + interval '1 millisecond')`,
    })
    .where(eq(users.id, before.id))
    .returning();
  // Ended for good: reactivating the account brings none of them back (issue 28, M1).
  if (!isActive) {
    await revokeUserSessions(db, row.id);
    await revokeUserApiTokens(db, row.id);
  }
  const fields = ['name', 'role', 'is_active'] as const;
  const changed = fields.filter((f) => before[f] !== row[f]);
  if (changed.length > 0) {
    await recordStaffEvent(db, {
      entity: 'users',
      entity_id: row.id,
      action: 'update',
      before: Object.fromEntries(changed.map((f) => [f, before[f]])),
      after: Object.fromEntries(changed.map((f) => [f, row[f]])),
    });
  }
  return viewOf(row);
}

/**
 * A new link to choose a password: the old password, every session, every API token and two-factor stop working (the admin vouches
 * for the person receiving the link, who sets two-factor up again), and the sign-in throttle for the email clears.
 */
export async function resetPassword(db: Executor, id: number) {
  const [row] = await db
    .update(users)
    .set({ password_hash: NO_PASSWORD, updated_at: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw notFound('User');
  await revokeUserSessions(db, id);
  await revokeUserApiTokens(db, id);
  await turnOffTotp(db, id);
  await clearSignInFailures(db, row.email);
  const link = await createPasswordToken(db, id, 'reset');
  await recordStaffEvent(db, { entity: 'users', entity_id: id, action: 'reset_password' });
  return link;
}

/** The sign-in rules for everyone; a body with a field changes it. */
export async function securitySettingsOf(db: Executor, body: Body<typeof api.users.settings>) {
  const [current] = await db
    .select({ require_totp: securitySettings.require_totp })
    .from(securitySettings)
    .where(eq(securitySettings.id, 1));
  if (body.require_totp === undefined || body.require_totp === current.require_totp) return current;
  const [row] = await db
    .update(securitySettings)
    .set({ require_totp: body.require_totp, updated_at: sql`now()` })
    .where(eq(securitySettings.id, 1))
    .returning({ require_totp: securitySettings.require_totp });
  await recordStaffEvent(db, {
    entity: 'security_settings',
    entity_id: 1,
    action: 'update',
    before: current,
    after: row,
  });
  return row;
}
