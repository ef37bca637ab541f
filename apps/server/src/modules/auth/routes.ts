import { api } from '@kids-vod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import {
  clearLoginFailures,
  createSession,
  findSessionUser,
  findUserByEmail,
  revokeSession,
  type SessionUser,
  startLoginAttempt,
  THROTTLE_WINDOW_MS,
} from './data.ts';
import { DUMMY_HASH, verifyPassword } from './passwords.ts';

export const SESSION_COOKIE = 'session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
  }
}

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** An Origin naming another site on a cookie-authenticated unsafe request is a cross-site request forgery. */
function isCrossSite(req: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] === 'cross-site';
  if (publicOrigin && origin === publicOrigin) return false;
  return origin !== `${req.protocol}://${req.host}`;
}

export async function authRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const secureCookie = app.config.PUBLIC_URL?.startsWith('https:') ?? false;
  const publicOrigin = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).origin : undefined;

  app.decorateRequest('user', null);

  // Every call needs a session but those the contract marks public; unknown routes fall through to 404.
  // The matched route's pattern decides, never the raw URL: the router decodes it, so /%61pi/... reaches /api/...
  app.addHook('onRequest', async (req) => {
    const pattern = req.routeOptions.url;
    if (pattern === undefined || !pattern.startsWith('/api/') || pattern.startsWith('/api/docs')) return;
    const bearer = bearerToken(req);
    const cookie = req.cookies[SESSION_COOKIE];
    if (!bearer && cookie && !SAFE_METHODS.has(req.method) && isCrossSite(req, publicOrigin)) {
      throw new HttpError(403, 'Cross-site request refused');
    }
    if (req.routeOptions.config.public) return;
    const token = bearer ?? cookie;
    req.user = token ? await findSessionUser(db, token) : null;
    if (!req.user) throw new HttpError(401, 'Not signed in');
  });

  route(app, api.auth.login, async (req, reply) => {
    const { email, password } = req.body;
    if ((await startLoginAttempt(db, req.ip, email)) === null) {
      reply.header('retry-after', String(THROTTLE_WINDOW_MS / 1000));
      throw new HttpError(429, 'Too many failed sign-ins. Try again in 15 minutes.');
    }
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    // The attempt is already counted as a failure: a wrong password leaves it so.
    if (!user || !ok) throw new HttpError(400, 'Wrong email or password');
    await clearLoginFailures(db, email);
    const { token, expiresAt } = await createSession(db, user.id);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      expires: expiresAt,
    });
    return { token, user: { id: user.id, email: user.email, name: user.name } };
  });

  route(app, api.auth.user, async (req) => {
    const { sessionId: _, ...user } = req.user as SessionUser;
    return user;
  });

  route(app, api.auth.logout, async (req, reply) => {
    await revokeSession(db, (req.user as SessionUser).sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });
    return { ok: true as const };
  });
}
