import type { api } from '@kids-vod/contract';
import { and, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { Body } from '../../lib/route.ts';
import { recordStaffEvent } from '../../lib/staff-audit.ts';
import { API_TOKEN_PREFIX, hashToken, newToken } from '../auth/index.ts';

const DAY_MS = 86_400_000;

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  user_id: apiTokens.user_id,
  user_email: users.email,
  created_at: apiTokens.created_at,
  last_used_at: apiTokens.last_used_at,
  expires_at: apiTokens.expires_at,
};

/** Live tokens (not revoked, not expired): of one user, or of everyone when `userId` is undefined. */
export function listTokens(db: Executor, userId: number | undefined) {
  const where: (SQL | undefined)[] = [
    isNull(apiTokens.revoked_at),
    or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, new Date().toISOString())),
  ];
  if (userId !== undefined) where.push(eq(apiTokens.user_id, userId));
  return db
    .select(tokenColumns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(and(...where))
    .orderBy(desc(apiTokens.id));
}

/** A new token of the user; its secret is answered here once and only its hash is kept. */
export async function createToken(
  db: Executor,
  owner: { id: number; email: string },
  body: Body<typeof api.token.create>,
) {
  const secret = newToken(API_TOKEN_PREFIX);
  const expires_at = body.expires_in_days ? new Date(Date.now() + body.expires_in_days * DAY_MS).toISOString() : null;
  const [row] = await db
    .insert(apiTokens)
    .values({ user_id: owner.id, name: body.name, token_hash: hashToken(secret), expires_at })
    .returning();
  const { token_hash: _, revoked_at: _r, ...token } = row;
  await recordStaffEvent(db, {
    entity: 'api_tokens',
    entity_id: row.id,
    action: 'insert',
    after: { name: row.name, user_id: row.user_id, expires_at },
  });
  return { token: { ...token, user_email: owner.email }, secret };
}

export async function findToken(db: Executor, id: number) {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  if (!row || row.revoked_at) throw notFound('API token');
  return row;
}

export async function revokeToken(db: Executor, token: { id: number; name: string; user_id: number }) {
  await db.update(apiTokens).set({ revoked_at: sql`now()` }).where(eq(apiTokens.id, token.id));
  await recordStaffEvent(db, {
    entity: 'api_tokens',
    entity_id: token.id,
    action: 'revoke',
    before: { name: token.name, user_id: token.user_id },
  });
}
