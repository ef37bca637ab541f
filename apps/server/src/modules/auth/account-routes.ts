import { api } from '@kids-vod/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessions, users } from '../../db/schema.ts';
import { badRequest, conflict, fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { recordStaffEvent } from '../../lib/staff-audit.ts';
import { loadSecretKey } from './device-cookie.ts';
import { findPasswordToken, usePasswordToken } from './password-links.ts';
import { passwordProblem } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { codesThrottled, recordCodeFailure, replaceRecoveryCodes, turnOffTotp } from './second-factor.ts';
import { listSessions, revokeUserApiTokens, revokeUserSessions, type SessionUser } from './sessions.ts';
import { newTotpSecret, openSecret, otpauthUrl, sealSecret, totpStep } from './totp.ts';
import { findUserById, type UserView, viewOf } from './user-view.ts';

type SignIn = (
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserView,
  call: { method: string; path: string },
) => Promise<{ token: string; user: UserView }>;

const INVALID_LINK = 'This link is not valid: it was used already, or it expired. Ask an admin for a new one.';

/** The signed-in user's full row: a call's user exists (the session hook found it). */
async function ownRow(app: FastifyInstance, req: { user: SessionUser | null }) {
  const row = await findUserById(app.database.db, (req.user as SessionUser).id);
  if (!row) throw new HttpError(401, 'Not signed in');
  return row;
}

/** Own account: choosing a password through a link, password, name, sessions, two-factor. */
export async function accountRoutes(app: FastifyInstance, signIn: SignIn) {
  const { db } = app.database;
  const secretKey = loadSecretKey(app.config);

  /** The new password, refused under its field when it is too short or easy to guess. */
  const checkNewPassword = (field: string, password: string, user: { email: string; name: string }) => {
    const problem = passwordProblem(password, [user.email, user.name]);
    if (problem) throw fieldError(field, problem);
  };

  route(app, api.auth.acceptInvite, async (req, reply) => {
    const link = await findPasswordToken(db, req.body.token);
    if (!link?.user.is_active) throw badRequest(INVALID_LINK);
    checkNewPassword('password', req.body.password, link.user);
    const password_hash = await hashPassword(req.body.password);
    if (!(await usePasswordToken(db, link.id))) throw badRequest(INVALID_LINK);
    await db.update(users).set({ password_hash, updated_at: sql`now()` }).where(eq(users.id, link.user.id));
    return signIn(req, reply, viewOf(link.user), api.auth.acceptInvite);
  });

  route(app, api.auth.changePassword, async (req) => {
    const me = await ownRow(app, req);
    if (!(await verifyPassword(req.body.current_password, me.password_hash))) {
      throw fieldError('current_password', 'Wrong password');
    }
    checkNewPassword('new_password', req.body.new_password, me);
    const password_hash = await hashPassword(req.body.new_password);
    await db.update(users).set({ password_hash, updated_at: sql`now()` }).where(eq(users.id, me.id));
    await revokeUserSessions(db, me.id, req.user?.sessionId);
    // Offered, not forced: tokens run scripts that a password change for another reason should not stop.
    if (req.body.end_api_tokens) await revokeUserApiTokens(db, me.id);
    await recordStaffEvent(db, { entity: 'users', entity_id: me.id, action: 'change_password' });
    return { ok: true as const };
  });

  route(app, api.auth.updateProfile, async (req) => {
    const me = req.user as SessionUser;
    const [row] = await db
      .update(users)
      .set({ name: req.body.name, updated_at: sql`now()` })
      .where(eq(users.id, me.id))
      .returning();
    await recordStaffEvent(db, {
      entity: 'users',
      entity_id: me.id,
      action: 'update',
      before: { name: me.name },
      after: { name: row.name },
    });
    return viewOf(row);
  });

  route(app, api.auth.sessions, async (req) => {
    const me = req.user as SessionUser;
    return listSessions(db, me.id, me.sessionId);
  });

  route(app, api.auth.revokeSession, async (req) => {
    const me = req.user as SessionUser;
    if ('others' in req.body) {
      await revokeUserSessions(db, me.id, me.sessionId);
      return { ok: true as const };
    }
    const revoked = await db
      .update(sessions)
      .set({ revoked_at: sql`now()` })
      .where(and(eq(sessions.id, req.body.id), eq(sessions.user_id, me.id), isNull(sessions.revoked_at)))
      .returning({ id: sessions.id });
    if (revoked.length === 0) throw notFound('Session');
    return { ok: true as const };
  });

  route(app, api.auth.totpSetup, async (req) => {
    const me = await ownRow(app, req);
    if (me.totp_enabled) throw conflict('Two-factor sign-in is on already. Turn it off first to set it up again.');
    const secret = newTotpSecret();
    await db
      .update(users)
      .set({ totp_secret: sealSecret(secret, secretKey), totp_last_step: null })
      .where(eq(users.id, me.id));
    return { secret, otpauth_url: otpauthUrl(me.email, secret) };
  });

  // Its own transactions: a wrong code's failure must be kept (throttling) while the call is refused.
  route(
    app,
    api.auth.totpEnable,
    async (req) => {
      const me = await ownRow(app, req);
      if (me.totp_enabled) throw conflict('Two-factor sign-in is on already');
      if (!me.totp_secret) throw badRequest('Start the set-up first: scan a new code');
      if (await codesThrottled(db, me.id)) throw new HttpError(429, 'Too many wrong codes. Try again in 15 minutes.');
      const step = totpStep(openSecret(me.totp_secret, secretKey), req.body.code, null);
      if (step === null) {
        await recordCodeFailure(db, me.id);
        throw fieldError('code', 'Wrong code. Enter the code the app shows now.');
      }
      return db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totp_enabled: true, totp_last_step: step, updated_at: sql`now()` })
          .where(eq(users.id, me.id));
        const recovery_codes = await replaceRecoveryCodes(tx, me.id);
        await recordStaffEvent(tx, { entity: 'users', entity_id: me.id, action: 'totp_enabled' });
        return { recovery_codes };
      });
    },
    { changes: 'own-transactions' },
  );

  route(app, api.auth.totpDisable, async (req) => {
    const me = await ownRow(app, req);
    if (!(await verifyPassword(req.body.password, me.password_hash))) throw fieldError('password', 'Wrong password');
    if (!me.totp_enabled) return { ok: true as const };
    await turnOffTotp(db, me.id);
    await recordStaffEvent(db, { entity: 'users', entity_id: me.id, action: 'totp_disabled' });
    return { ok: true as const };
  });
}
