import { isIPv6 } from 'node:net';
import { api } from '@kids-vod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import { inviteUser, listUsers, resetPassword, securitySettingsOf, updateUser } from './data.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Without PUBLIC_URL, the address the person's browser reached this server at, never a name a request made up
 * (issue 28, L3: `Host: evil.example` made `http://evil.example/admin/invite/…`): the `Host` header only when it
 * names the connection's own address and port (or `localhost` on the loopback), else that address itself. For
 * another name (a proxy's, a DNS name) PUBLIC_URL says it (README).
 */
function ownAddress(req: FastifyRequest, fallback: { host: string; port: number }): string {
  const socket = req.raw.socket as { localAddress?: string; localPort?: number } | undefined;
  // A request made in-process (`inject`) has no local end: the configured address stands in for it.
  const local = socket?.localAddress ?? fallback.host;
  const port = socket?.localPort ?? fallback.port;
  const address = `${isIPv6(local) ? `[${local}]` : local}:${port}`;
  const host = req.headers.host?.toLowerCase();
  const named = host === address || (LOOPBACK.test(local) && host === `localhost:${port}`);
  return `http://${named ? host : address}`;
}

/** Staff accounts (admins): list, invite, change, reset a password, the sign-in rules. */
export async function userRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const publicUrl = app.config.PUBLIC_URL?.replace(/\/+$/, '');
  const listening = { host: app.config.HOST, port: app.config.PORT };
  /** `<PUBLIC_URL or this server's own address>/admin/invite/<token>`: the console's page that takes the link. */
  const linkOf = (req: FastifyRequest, token: string) =>
    `${publicUrl ?? ownAddress(req, listening)}/admin/invite/${token}`;

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
