import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { upsertAdmin } from '../modules/auth/data.ts';
import { seedReference } from '../modules/reference/data.ts';
import type { Db } from './client.ts';
import { users } from './schema.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface FirstStart {
  adminEmail: string;
  /** Set only when this start created the admin with a generated password (shown once). */
  generatedPassword?: string;
  createdAdmin: boolean;
}

/** What a new database needs: languages, countries and one admin. Safe to run at every start. */
export async function seedFirstStart(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
): Promise<FirstStart> {
  await seedReference(db);
  const adminEmail = (config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const [{ count }] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(users);
  if (count > 0) {
    // The login printed at start must be one that exists: the configured email's when it is a user here (it may
    // have been set on an earlier start only), else the first admin's.
    const [named] = await db
      .select({ email: users.email })
      .from(users)
      .orderBy(sql`${users.email} = ${adminEmail} desc`, users.id)
      .limit(1);
    return { adminEmail: named.email, createdAdmin: false };
  }
  const generatedPassword = config.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  await upsertAdmin(db, adminEmail, config.ADMIN_PASSWORD ?? (generatedPassword as string));
  return { adminEmail, generatedPassword, createdAdmin: true };
}
