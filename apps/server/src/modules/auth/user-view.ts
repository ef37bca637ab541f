import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

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
