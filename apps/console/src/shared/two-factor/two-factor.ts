import { api } from '@kids-vod/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { send } from '../api/index.ts';
import { profileQuery } from '../session/index.ts';

/** A new secret to scan; nothing changes until a code from it turns two-factor on. */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => send(api.auth.totpSetup, { body: {} }) });
}

/** Turns two-factor on; answers the ten recovery codes (shown once). The profile is read again once they are seen. */
export function useTotpEnable() {
  return useMutation({
    mutationFn: (code: string) => send(api.auth.totpEnable, { body: { code } }),
    meta: { errorToast: false },
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => send(api.auth.totpDisable, { body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
    meta: { successMessage: 'Two-factor sign-in is off', errorToast: false },
  });
}

/** After set-up: the profile anew (two-factor on, nothing more required) and every screen's data read again. */
export function useTwoFactorDone() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'profile' });
  };
}

/** The recovery codes as a text file to keep. */
export function recoveryCodesFile(codes: string[], email: string): string {
  return [
    `Kids VOD recovery codes for ${email}`,
    'Each code signs you in once, instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}
