import { api, type Permission } from '@kids-vod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../../lib/errors.ts';
import { requirePermission } from '../../lib/permissions.ts';
import {
  API_TOKEN_PREFIX,
  findApiTokenUser,
  findSessionUser,
  hashToken,
  SESSION_RECHECK_MS,
  type SessionUser,
} from './sessions.ts';

export const SESSION_COOKIE = 'session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Forgets the sessions checked within the last second: a change signed someone out or changed a role. */
    forgetCheckedSessions(): void;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** What the call needs (CALL_PERMISSIONS), set by route(). */
    permission?: Permission;
    /** A signed-in change (route()): it may end sessions or change a role, so the sessions checked are checked anew. */
    change?: boolean;
  }
}

const addressOf = (c: { method: string; path: string }) => `${c.method} ${c.path}`;

/** What a user who must set up two-factor may still call: the set-up itself, and signing out. */
const OPEN_BEFORE_TOTP = new Set(
  [
    api.auth.user,
    api.auth.logout,
    api.auth.sessions,
    api.auth.revokeSession,
    api.auth.totpSetup,
    api.auth.totpEnable,
  ].map(addressOf),
);

/**
 * The calls that change how one signs in (issue 28, M2): they need a session, which only the password (and the
 * second factor where it is on) opens, never an API token, so that a leaked token cannot make itself permanent,
 * sign its owner out or take over their two-factor (docs/decisions/047-sign-in-security-calls.md).
 */
const SESSION_ONLY = new Set(
  [
    api.token.create,
    api.token.revoke,
    api.auth.revokeSession,
    api.auth.changePassword,
    api.auth.updateProfile,
    api.auth.totpSetup,
    api.auth.totpEnable,
    api.auth.totpDisable,
  ].map(addressOf),
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
export function isOwnOrigin(req: FastifyRequest, origin: string, publicOrigin: string | undefined): boolean {
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
 * Who calls, and whether they may: every call under /api needs a session or an API token but those the contract
 * marks public; then its permission (CALL_PERMISSIONS) is checked, in this one place. Registered in app.ts around
 * every route, so no call can be added without it.
 */
export const sessionGuard = fastifyPlugin(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const publicOrigin = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).origin : undefined;

    app.decorateRequest('user', null);

    /**
     * The users of the sessions checked within the last second (issue 19, decision 034), by the token's hash: a call
     * needs no database round trip for its session when the same session called just before. A session revoked, a
     * user deactivated or a role changed takes effect at once on this instance (every change clears them, and so
     * does signing out) and within a second on any other.
     */
    const recentlyChecked = new LRUCache<string, SessionUser>({ max: 10_000, ttl: SESSION_RECHECK_MS });
    app.decorate('forgetCheckedSessions', () => recentlyChecked.clear());

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

    // The matched route's pattern decides, never the raw URL: the router decodes it, so /%61pi/... reaches /api/...
    // Unknown routes fall through to 404.
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
      const call = `${req.method} ${pattern}`;
      if (req.user.totp_setup_required && !OPEN_BEFORE_TOTP.has(call)) {
        throw new HttpError(403, 'Set up two-factor sign-in first');
      }
      if (req.user.apiTokenId !== null && SESSION_ONLY.has(call)) {
        throw new HttpError(
          403,
          'An API token cannot change how you sign in: do this in the console, signed in with your password',
        );
      }
      const { permission } = req.routeOptions.config;
      if (!permission) throw new HttpError(403, 'This call has no permission set');
      requirePermission(req.user, permission);
    });
  },
  { name: 'session-guard', dependencies: ['@fastify/cookie'] },
);
