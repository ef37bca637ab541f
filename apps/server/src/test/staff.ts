import { api, type Role } from '@kids-vod/contract';
import { sessionCookieToken } from './contract-call.ts';
import type { TestApp } from './harness.ts';

/** A password the policy takes (10+ characters, hard to guess). */
export const STAFF_PASSWORD = 'violet-tractor-harbour-91';

let serial = 0;

/** A colleague of `role`, invited by the admin and signed in through the link: their id, email and bearer token. */
export async function addStaff(t: TestApp, role: Role, email = `${role}-${++serial}-${Date.now()}@example.com`) {
  const invite = await t.call(api.users.invite, { email, name: `A ${role}`, role });
  const token = invite.invite_url.split('/').at(-1) as string;
  const signedIn = await t.send(api.auth.acceptInvite, { token, password: STAFF_PASSWORD }, { token: null });
  if (signedIn.statusCode !== 200) throw new Error(`accept_invite answered ${signedIn.statusCode}: ${signedIn.body}`);
  // The session is the HttpOnly cookie's token; the answer's `token` only names it (docs/decisions/014).
  return {
    id: invite.user.id,
    email,
    token: sessionCookieToken(signedIn.headers['set-cookie']),
    password: STAFF_PASSWORD,
  };
}
