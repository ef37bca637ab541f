import { api, type Permission } from '@kids-vod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../../lib/errors.ts';
import { requirePermission } from '../../lib/permissions.ts';
import { route } from '../../lib/route.ts';
import { recordStaffEvent } from '../../lib/staff-audit.ts';
import { accountRoutes } from './account-routes.ts';
import {
  API_TOKEN_PREFIX,
  clearLoginFailures,
  createSession,
  findApiTokenUser,
  findSessionUser,
  findUserByEmail,
  hashToken,
  revokeSession,
  SESSION_RECHECK_MS,
  type SessionUser,
  sessionHandle,
  startLoginAttempt,
  THROTTLE_WINDOW_MS,
  type UserView,
  viewOf,
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
import { CODE_WINDOW_MS, codesThrottled, recordCodeFailure, useSecondFactor } from './second-factor.ts';

export const SESSION_COOKIE = 'session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** What the call needs (CALL_PERMISSIONS), set by route(). */
    permission?: Permission;
    /** A signed-in change (route()): it may end sessions or change a role, so the sessions checked are checked anew. */
    change?: boolean;
  }
}

/** What a user who must set up two-factor may still call: the set-up itself, and signing out. */
const OPEN_BEFORE_TOTP = new Set(
  [
    api.auth.user,
    api.auth.logout,
    api.auth.sessions,
    api.auth.revokeSession,
    api.auth.totpSetup,
    api.auth.totpEnable,
  ].map((c) => `${c.method} ${c.path}`),
);

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

/** The user as `auth/user` answers it: the contract's User and whether two-factor must be set up first. */
export const userAnswer = (user: SessionUser) => {
  const { sessionId: _s, apiTokenId: _t, ...answer } = user;
  return answer;
};

/** Who a sign-in event is about, for the audit log (a public call has no signed-in actor). */
const actorOf = (user: { id: number; email: string }, call: { method: string; path: string }) => ({
  user_id: user.id,
  user_email: user.email,
  call: `${call.method} ${call.path}`,
});

export async function authRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const secureCookie = app.config.PUBLIC_URL?.startsWith('https:') ?? false;
  const publicOrigin = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).origin : undefined;
  const secretKey = loadSecretKey(app.config);

  app.decorateRequest('user', null);

  /**
   * The users of the sessions checked within the last second (issue 19, decision 034), by the token's hash: a call
   * needs no database round trip for its session when the same session called just before. A session revoked, a
   * user deactivated or a role changed takes effect at once on this instance (every change clears them, and so does
   * signing out) and within a second on any other.
   */
  const recentlyChecked = new LRUCache<string, SessionUser>({ max: 10_000, ttl: SESSION_RECHECK_MS });

  /** A personal API token's owner, or a session's user (cookie or bearer). */
  const signedInUser = async (token: string | undefined) => {
    if (!token) return null;
    const key = hashToken(token);
    const known = recentlyChecked.get(key);
    if (known) return known;
    const user = token.startsWith(API_TOKEN_PREFIX)
      ? await findApiTokenUser(db, token)
      : await findSessionUser(db, token);
    if (user) recentlyChecked.set(key, user);
    return user;
  };
  // Before the answer leaves (the change is committed by then), so the caller's next call already sees it.
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.routeOptions.config.change) recentlyChecked.clear();
    return payload;
  });

  // Every call needs a session but those the contract marks public; unknown routes fall through to 404.
  // The matched route's pattern decides, never the raw URL: the router decodes it, so /%61pi/... reaches /api/...
  // Then the role: every call's permission (CALL_PERMISSIONS) is checked here, in one place.
  app.addHook('onRequest', async (req) => {
    const pattern = req.routeOptions.url;
    if (pattern === undefined || !pattern.startsWith('/api/') || pattern.startsWith('/api/docs')) return;
    const bearer = bearerToken(req);
    const cookie = req.cookies[SESSION_COOKIE];
    if (!bearer && cookie && !SAFE_METHODS.has(req.method) && isCrossSite(req, publicOrigin)) {
      throw new HttpError(403, 'Cross-site request refused');
    }
    if (req.routeOptions.config.public) return;
    req.user = await signedInUser(bearer ?? cookie);
    if (!req.user) throw new HttpError(401, 'Not signed in');
    if (req.user.totp_setup_required && !OPEN_BEFORE_TOTP.has(`${req.method} ${pattern}`)) {
      throw new HttpError(403, 'Set up two-factor sign-in first');
    }
    const { permission } = req.routeOptions.config;
    if (!permission) throw new HttpError(403, 'This call has no permission set');
    requirePermission(req.user, permission);
  });

  /** A new session for the user: the cookie, the token and the user, as login answers them. */
  const signIn = async (
    req: FastifyRequest,
    reply: FastifyReply,
    user: UserView,
    call: { method: string; path: string },
  ) => {
    const { token, expiresAt } = await createSession(db, user.id, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    await recordStaffEvent(db, { entity: 'users', entity_id: user.id, action: 'sign_in', actor: actorOf(user, call) });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      expires: expiresAt,
    });
    // The session token travels only in the HttpOnly cookie; the answer's `token` is its handle (decision 014).
    return { token: sessionHandle(token), user: { ...user, last_sign_in_at: new Date().toISOString() } };
  };

  const failedSignIn = (user: { id: number; email: string }, reason: string) =>
    recordStaffEvent(db, {
      entity: 'users',
      entity_id: user.id,
      action: 'sign_in_failed',
      after: { reason },
      actor: actorOf(user, api.auth.login),
    });

  /** With two-factor on, a right password needs a valid code too: 401 with `totp_required` until one is sent. */
  const checkSecondFactor = async (user: NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>, code?: string) => {
    const required = { totp_required: true };
    if (!code) throw new HttpError(401, 'Enter the code from your authenticator app', undefined, required);
    if (await codesThrottled(db, user.id)) {
      throw new HttpError(429, 'Too many wrong codes. Try again in 15 minutes.', undefined, required);
    }
    if (await useSecondFactor(db, user, code, secretKey)) return;
    await recordCodeFailure(db, user.id);
    await failedSignIn(user, 'wrong code');
    throw new HttpError(401, 'Wrong code. Enter the current code, or one of your recovery codes.', undefined, required);
  };

  route(app, api.auth.login, async (req, reply) => {
    const { email, password, code } = req.body;
    const deviceCookie = deviceCookieName(email);
    const device = verifyDeviceCookie(secretKey, email, req.cookies[deviceCookie]);
    if ((await startLoginAttempt(db, req.ip, email, device)) === null) {
      reply.header('retry-after', String(THROTTLE_WINDOW_MS / 1000));
      throw new HttpError(429, 'Too many failed sign-ins. Try again in 15 minutes.');
    }
    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    // The attempt is already counted as a failure: a wrong password leaves it so.
    if (!user || !ok) {
      if (user) await failedSignIn(user, 'wrong password');
      throw new HttpError(400, 'Wrong email or password');
    }
    if (!user.is_active) {
      await failedSignIn(user, 'deactivated');
      throw new HttpError(403, 'This account is deactivated. Ask an admin to reactivate it.');
    }
    if (user.totp_enabled) {
      try {
        await checkSecondFactor(user, code);
      } catch (err) {
        if ((err as HttpError).status === 429) reply.header('retry-after', String(CODE_WINDOW_MS / 1000));
        throw err;
      }
    }
    await clearLoginFailures(db, email, device);
    const answer = await signIn(req, reply, viewOf(user), api.auth.login);
    // A new device cookie at every sign-in, as OWASP's scheme has it: this browser now has an allowance of its own.
    reply.setCookie(deviceCookie, newDeviceCookie(secretKey, email), {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
    return answer;
  });

  route(app, api.auth.user, async (req) => userAnswer(req.user as SessionUser));

  route(app, api.auth.logout, async (req, reply) => {
    if (isForeignLogout(req, publicOrigin)) throw new HttpError(403, 'Cross-site request refused');
    const { sessionId } = req.user as SessionUser;
    if (sessionId) await revokeSession(db, sessionId);
    // A GET, so not a change to route(): its session is forgotten here.
    recentlyChecked.clear();
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });
    return { ok: true as const };
  });

  await accountRoutes(app, signIn);
}
