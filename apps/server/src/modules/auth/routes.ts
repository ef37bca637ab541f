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
  sessionHandle,
  startLoginAttempt,
  THROTTLE_WINDOW_MS,
} from './data.ts';
import {
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_COOKIE_PATH,
  deviceCookieName,
  loadSecretKey,
  newDeviceCookie,
  verifyDeviceCookie,
} from './device-cookie.ts';
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

/**
 * Whether `origin` is the console's own. Behind https (`PUBLIC_URL` https) only `PUBLIC_URL`'s origin is: the
 * server itself sees plain http from its proxy, and an `http://<host>` page is not the console.
 */
function isOwnOrigin(req: FastifyRequest, origin: string, publicOrigin: string | undefined): boolean {
  if (publicOrigin && origin === publicOrigin) return true;
  return !publicOrigin?.startsWith('https:') && origin === `${req.protocol}://${req.host}`;
}

/** An Origin naming another site on a cookie-authenticated unsafe request is a cross-site request forgery. */
function isCrossSite(req: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] === 'cross-site';
  return !isOwnOrigin(req, origin, publicOrigin);
}

/**
 * Logout is a GET (the specification's), so anything that loads a URL could send it: a link or a form on another
 * site (`Sec-Fetch-Site` cross-site or same-site, or another `Origin`), or an image, video or frame of any page,
 * the console's own included (`Sec-Fetch-Dest`). Only the console's own fetch (or a typed address) signs out.
 */
function isForeignLogout(req: FastifyRequest, publicOrigin: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const dest = req.headers['sec-fetch-dest'];
  if (dest !== undefined && dest !== 'empty' && dest !== 'document') return true;
  const origin = req.headers.origin;
  return origin !== undefined && !isOwnOrigin(req, origin, publicOrigin);
}

export async function authRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const secureCookie = app.config.PUBLIC_URL?.startsWith('https:') ?? false;
  const publicOrigin = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).origin : undefined;
  const secretKey = loadSecretKey(app.config);

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
    const deviceCookie = deviceCookieName(email);
    const device = verifyDeviceCookie(secretKey, email, req.cookies[deviceCookie]);
    if ((await startLoginAttempt(db, req.ip, email, device)) === null) {
      reply.header('retry-after', String(THROTTLE_WINDOW_MS / 1000));
      throw new HttpError(429, 'Too many failed sign-ins. Try again in 15 minutes.');
    }
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    // The attempt is already counted as a failure: a wrong password leaves it so.
    if (!user || !ok) throw new HttpError(400, 'Wrong email or password');
    await clearLoginFailures(db, email, device);
    const { token, expiresAt } = await createSession(db, user.id);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      expires: expiresAt,
    });
    // A new device cookie at every sign-in, as OWASP's scheme has it: this browser now has an allowance of its own.
    reply.setCookie(deviceCookie, newDeviceCookie(secretKey, email), {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
    // The session token travels only in the HttpOnly cookie; the answer's `token` is its handle (decision 007).
    return { token: sessionHandle(token), user: { id: user.id, email: user.email, name: user.name } };
  });

  route(app, api.auth.user, async (req) => {
    const { sessionId: _, ...user } = req.user as SessionUser;
    return user;
  });

  route(app, api.auth.logout, async (req, reply) => {
    if (isForeignLogout(req, publicOrigin)) throw new HttpError(403, 'Cross-site request refused');
    await revokeSession(db, (req.user as SessionUser).sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });
    return { ok: true as const };
  });
}
