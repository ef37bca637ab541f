import type { LoginBody, User } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, send, TOKEN_KEY } from '../api/index.ts';
import { clearDrafts } from '../drafts/index.ts';

/** What signing in and a refusal for want of a session (401) are about, for their toasts (query-client.ts). */
export const SESSION_SUBJECT = 'session';

/**
 * Set while a sign-out the person asked for has not reached the server (issue 28): the session cookie is HttpOnly,
 * so only the server can end it. Kept until a logout call succeeds.
 */
export const SIGN_OUT_PENDING_KEY = 'sign-out-pending';

/** Ends the session on the server; false when the call did not get through (the session may still be alive). */
async function endSession(): Promise<boolean> {
  localStorage.setItem(SIGN_OUT_PENDING_KEY, '1');
  try {
    await send(api.auth.logout);
  } catch (err) {
    // 401: there is no session left to end.
    if (!(err instanceof ApiError && err.status === 401)) return false;
  }
  localStorage.removeItem(SIGN_OUT_PENDING_KEY);
  return true;
}

/** The signed-in profile; `null` when nobody is signed in (401). */
export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async (): Promise<User | null> => {
    // A sign-out that failed is tried again first, silently; until it gets through, nobody is signed in here.
    if (localStorage.getItem(SIGN_OUT_PENDING_KEY) && !(await endSession())) return null;
    try {
      return await send(api.auth.user);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const useProfile = () => useQuery(profileQuery);

/** A right password without a two-factor code: the sign-in asks for the code (api.md, 401 `totp_required`). */
export function needsTotpCode(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && err.fields.totp_required === true;
}

/** Signed in (by the login form or an invite link): the token kept as the specification says, the profile read anew. */
async function signedIn(queryClient: QueryClient, token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  // The new session's cookie took the old one's place: nothing is left for a pending sign-out to end.
  localStorage.removeItem(SIGN_OUT_PENDING_KEY);
  // Another account may have used this tab: nothing of its screens' data is kept.
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'profile' });
  await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
}

/** The login page shows its own errors: a missing two-factor code is a question, not a failure. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => send(api.auth.login, { body }),
    onSuccess: ({ token }) => signedIn(queryClient, token),
    meta: { errorToast: false, subject: SESSION_SUBJECT },
  });
}

/** Chooses a password through an invite or reset link, which signs in as login does. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => send(api.auth.acceptInvite, { body }),
    onSuccess: ({ token }) => signedIn(queryClient, token),
    meta: { errorToast: false, subject: SESSION_SUBJECT },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // A failed logout shows nothing (the specification's "ignored silently"): the profile is cleared here either
    // way, and the call is made again at the console's next start, before anything else (profileQuery).
    mutationFn: endSession,
    onSettled: () => {
      // Signing out is the end of the user's unsaved typing in this tab; a session ended elsewhere keeps it.
      const userId = queryClient.getQueryData(profileQuery.queryKey)?.id;
      if (userId) clearDrafts(sessionStorage, userId);
      forgetSession(queryClient);
    },
    meta: { errorToast: false },
  });
}

/** Forgets the session here: its handle, every screen's data and the profile, so the sign-in page shows. */
export function forgetSession(queryClient: QueryClient) {
  localStorage.removeItem(TOKEN_KEY);
  queryClient.setQueryData(profileQuery.queryKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'profile' });
}
