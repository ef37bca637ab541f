import type { ApiToken } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { send } from './api-client.ts';

/** Personal API tokens: own ones on the account screen, everyone's on the staff screen (admins). */
export const tokenKeys = {
  all: ['api-tokens'] as const,
  list: (scope: 'own' | 'all') => ['api-tokens', scope] as const,
};

export const tokensQuery = (scope: 'own' | 'all') =>
  queryOptions({
    queryKey: tokenKeys.list(scope),
    queryFn: () => send(api.token.list, { body: scope === 'all' ? { all: true } : {} }),
  });
export const useApiTokens = (scope: 'own' | 'all') => useQuery(tokensQuery(scope));

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; expires_in_days: number | null }) => send(api.token.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
    meta: { successMessage: 'API token created' },
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: ApiToken) => send(api.token.revoke, { body: { id: token.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
    meta: { successMessage: 'API token revoked' },
  });
}
