import type { LoginBody, User } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, send, TOKEN_KEY } from './api-client.ts';

/** The signed-in profile; `null` when nobody is signed in (401). */
export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async (): Promise<User | null> => {
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

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => send(api.auth.login, { body }),
    // The specification's "stores a token in local storage": the session's handle, which signs nothing in; the
    // session itself is the HttpOnly cookie the same answer set (docs/decisions/007).
    onSuccess: async ({ token }) => {
      localStorage.setItem(TOKEN_KEY, token);
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
    meta: { errorToast: true },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // A failed logout is ignored: the profile is cleared here either way.
    mutationFn: () => send(api.auth.logout).catch(() => undefined),
    onSettled: () => forgetSession(queryClient),
    meta: { errorToast: false },
  });
}

/** Forgets the session here: its handle, every screen's data and the profile, so the sign-in page shows. */
export function forgetSession(queryClient: QueryClient) {
  localStorage.removeItem(TOKEN_KEY);
  queryClient.setQueryData(profileQuery.queryKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'profile' });
}
