import type { Session } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery, send } from '../../shared/api/index.ts';
import { tokenKeys } from '../../shared/api-tokens/index.ts';
import { profileQuery } from '../../shared/session/index.ts';

/** The account screen's calls: own name, password and sessions (two-factor and API tokens are in lib/). */
export const sessionsQuery = callQuery(['account', 'sessions'], api.auth.sessions, {});
export const useSessions = () => useQuery(sessionsQuery);

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => send(api.auth.updateProfile, { body: { name } }),
    onSuccess: (user) => queryClient.setQueryData(profileQuery.queryKey, user),
    meta: { successMessage: 'Name saved' },
  });
}

/** Other sessions end with a new password (api.md), the API tokens too when asked: both lists are read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string; end_api_tokens: boolean }) =>
      send(api.auth.changePassword, { body }),
    onSuccess: async (_ok, body) => {
      await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
      if (body.end_api_tokens) await queryClient.invalidateQueries({ queryKey: tokenKeys.all });
    },
    meta: { successMessage: 'Password changed; your other sessions have ended', errorToast: false },
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: Session | 'others') =>
      send(api.auth.revokeSession, { body: which === 'others' ? { others: true } : { id: which.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
    meta: { successMessage: 'Signed out' },
  });
}
