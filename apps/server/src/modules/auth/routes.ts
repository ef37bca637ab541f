import { api } from '@kids-vod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { recordStaffEvent } from '../../lib/staff-audit.ts';
import { accountRoutes } from './account-routes.ts';
import {
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_COOKIE_PATH,
  deviceCookieName,
  loadSecretKey,
  newDeviceCookie,
  verifyDeviceCookie,
} from './device-cookie.ts';
import { clearLoginFailures, THROTTLE_WINDOW_MS, throttledLoginAttempt } from './login-throttle.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { CODE_WINDOW_MS, codesThrottled, recordCodeFailure, useSecondFactor } from './second-factor.ts';
import { isOwnOrigin, SESSION_COOKIE } from './session-guard.ts';
import { createSession, revokeSession, type SessionUser, sessionHandle } from './sessions.ts';
import { findUserByEmail, type UserView, viewOf } from './user-view.ts';

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
    // A new device cookie at every sign-in, as OWASP's scheme has it: this browser now has an allowance of its own.
    // An invitation's acceptance too, so a colleague who just joined is never locked out by strangers (issue 28).
    reply.setCookie(deviceCookieName(user.email), newDeviceCookie(secretKey, user.email), {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
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
    const device = verifyDeviceCookie(secretKey, email, req.cookies[deviceCookieName(email)]);
    // The password is checked first and only a wrong one is counted: right ones sent at once all sign in.
    const user = await throttledLoginAttempt(db, { ip: req.ip, email, device }, async () => {
      const found = await findUserByEmail(db, email);
      if (found && (await verifyPassword(password, found.password_hash))) return found;
      if (found) await failedSignIn(found, 'wrong password');
      // An unknown email takes as long as a wrong password, so the time does not tell which it was.
      else await verifyPassword(password, dummyPasswordHash());
      return false;
    });
    if (user === null) {
      reply.header('retry-after', String(THROTTLE_WINDOW_MS / 1000));
      throw new HttpError(429, 'Too many failed sign-ins. Try again in 15 minutes.');
    }
    if (user === false) throw new HttpError(400, 'Wrong email or password');
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
    return signIn(req, reply, viewOf(user), api.auth.login);
  });

  route(app, api.auth.user, async (req) => userAnswer(req.user as SessionUser));

  route(app, api.auth.logout, async (req, reply) => {
    if (isForeignLogout(req, publicOrigin)) throw new HttpError(403, 'Cross-site request refused');
    const { sessionId } = req.user as SessionUser;
    if (sessionId) await revokeSession(db, sessionId);
    // A GET, so not a change to route(): its session is forgotten here.
    app.forgetCheckedSessions();
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });
    return { ok: true as const };
  });

  await accountRoutes(app, signIn);
}
