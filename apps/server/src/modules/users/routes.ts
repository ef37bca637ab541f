import { api } from '@kids-vod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import { inviteUser, listUsers, resetPassword, securitySettingsOf, updateUser } from './data.ts';

/** Staff accounts (admins): list, invite, change, reset a password, the sign-in rules. */
export async function userRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const publicUrl = app.config.PUBLIC_URL?.replace(/\/+$/, '');
  /** `<PUBLIC_URL or the address the admin used>/admin/invite/<token>`: the console's page that takes the link. */
  const linkOf = (req: FastifyRequest, token: string) =>
    `${publicUrl ?? `${req.protocol}://${req.host}`}/admin/invite/${token}`;

  route(app, api.users.list, () => listUsers(db));
  route(app, api.users.invite, async (req) => {
    const { user, token, expiresAt } = await inviteUser(db, req.body);
    return { user, invite_url: linkOf(req, token), expires_at: expiresAt };
  });
  route(app, api.users.update, (req) => updateUser(db, req.body));
  route(app, api.users.resetPassword, async (req) => {
    const { token, expiresAt } = await resetPassword(db, req.body.id);
    return { invite_url: linkOf(req, token), expires_at: expiresAt };
  });
  route(app, api.users.settings, (req) => securitySettingsOf(db, req.body));
}
