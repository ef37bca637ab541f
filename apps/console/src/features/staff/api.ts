import type { IngestKey, User } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callQuery, send, sharedKeys, usersQuery } from '../../shared/api/index.ts';
import { tokenKeys } from '../../shared/api-tokens/index.ts';
import { useRevokeCredential } from '../../shared/credentials/index.ts';
import { useListChange } from '../../shared/editing/index.ts';
import { profileQuery } from '../../shared/session/index.ts';

/** The staff screen's calls (admins): accounts, invites, the sign-in rules and the player apps' ingest keys. */
export const staffKeys = {
  users: sharedKeys.users,
  settings: ['staff', 'settings'] as const,
  ingestKeys: ['staff', 'ingest-keys'] as const,
};

export const useUsers = () => useQuery(usersQuery);

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string; role: User['role'] }) => send(api.users.invite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.users }),
    meta: { successMessage: 'Invite created' },
  });
}

/** A changed account replaces its row; one's own changes the profile too (a name, say). */
function useUserSaved() {
  const queryClient = useQueryClient();
  return (saved: User) => {
    queryClient.setQueryData(usersQuery.queryKey, (rows) => rows?.map((u) => (u.id === saved.id ? saved : u)));
    if (queryClient.getQueryData(profileQuery.queryKey)?.id === saved.id) {
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    }
    void queryClient.invalidateQueries({ queryKey: staffKeys.users });
    // A deactivated account's tokens stop working; the list says so.
    void queryClient.invalidateQueries({ queryKey: tokenKeys.all });
  };
}

export function useUpdateUser(successMessage = 'Account saved') {
  const queryClient = useQueryClient();
  const onSaved = useUserSaved();
  return useMutation({
    mutationFn: (body: { id: number; name?: string; role?: User['role']; is_active?: boolean; updated_at?: string }) =>
      send(api.users.update, { body }),
    onSuccess: onSaved,
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409)
        void queryClient.invalidateQueries({ queryKey: staffKeys.users });
    },
    meta: { successMessage },
  });
}

export const useResetPassword = () =>
  useListChange(
    (user: User) => send(api.users.resetPassword, { body: { id: user.id } }),
    staffKeys.users,
    'Password reset: send the new link',
  );

export const settingsQuery = callQuery(staffKeys.settings, api.users.settings, {});
export const useSecuritySettings = () => useQuery(settingsQuery);

export function useSetRequireTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (require_totp: boolean) => send(api.users.settings, { body: { require_totp } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQuery.queryKey, settings);
      // The admin who turned it on without two-factor is asked to set it up too.
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
    meta: { successMessage: 'Sign-in rules saved' },
  });
}

export const ingestKeysQuery = callQuery(staffKeys.ingestKeys, api.ingestKey.list, {});
export const useIngestKeys = () => useQuery(ingestKeysQuery);

export const useCreateIngestKey = () =>
  useListChange(
    (name: string) => send(api.ingestKey.create, { body: { name } }),
    staffKeys.ingestKeys,
    'Ingest key created',
  );

export const useRevokeIngestKey = () =>
  useRevokeCredential<IngestKey>(api.ingestKey.revoke, staffKeys.ingestKeys, 'Ingest key revoked');
