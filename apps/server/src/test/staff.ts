import { api, ROLES, type Role } from '@kids-vod/contract';
import { answerOf, sessionCookieToken } from './contract-call.ts';
import type { TestApp } from './harness.ts';

/** A password the policy takes (10+ characters, hard to guess). */
export const STAFF_PASSWORD = 'violet-tractor-harbour-91';

let serial = 0;

/** A colleague of `role`, invited by the admin and signed in through the link: their id, email and bearer token. */
export async function addStaff(t: TestApp, role: Role, email = `${role}-${++serial}-${Date.now()}@example.com`) {
  const invite = await t.call(api.users.invite, { email, name: `A ${role}`, role });
  const token = invite.invite_url.split('/').at(-1) as string;
  const accepted = await t.send(api.auth.acceptInvite, { token, password: STAFF_PASSWORD }, { token: null });
  answerOf(api.auth.acceptInvite, accepted.statusCode, accepted.body);
  // The session is the cookie; the answer's `token` is only its handle (decision 014), refused as a bearer token.
  const session = sessionCookieToken(accepted.headers['set-cookie']);
  return { id: invite.user.id, email, token: session, password: STAFF_PASSWORD };
}

/** A signed-in colleague of each role besides the admin's (whose token is `t.token`): each role's bearer token. */
export async function staffTokens(t: TestApp): Promise<Record<Exclude<Role, 'admin'>, string>> {
  const tokens = {} as Record<Exclude<Role, 'admin'>, string>;
  for (const role of ROLES) if (role !== 'admin') tokens[role] = (await addStaff(t, role)).token;
  return tokens;
}
