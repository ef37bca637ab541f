import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../lib/permissions.ts';
import { route } from '../../lib/route.ts';
import type { SessionUser } from '../auth/index.ts';
import { createToken, findToken, listTokens, revokeToken } from './data.ts';

/** Personal API tokens: everyone manages their own; another user's need `staff` (CALL_PERMISSIONS' comment). */
export async function tokenRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, api.token.list, (req) => {
    const me = req.user as SessionUser;
    const userId = req.body.all ? undefined : (req.body.user_id ?? me.id);
    if (userId !== me.id) requirePermission(me, 'staff');
    return listTokens(db, userId);
  });
  route(app, api.token.create, (req) => createToken(db, req.user as SessionUser, req.body));
  route(app, api.token.revoke, async (req) => {
    const me = req.user as SessionUser;
    const token = await findToken(db, req.body.id);
    if (token.user_id !== me.id) requirePermission(me, 'staff');
    await revokeToken(db, token);
    return { ok: true as const };
  });
}
