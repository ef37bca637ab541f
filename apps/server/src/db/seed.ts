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
  if (count > 0) return { adminEmail, createdAdmin: false };
  const generatedPassword = config.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  await upsertAdmin(db, adminEmail, config.ADMIN_PASSWORD ?? (generatedPassword as string));
  return { adminEmail, generatedPassword, createdAdmin: true };
}
