import type { ApiToken } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callQuery, send } from '../api/index.ts';
import { useRevokeCredential } from '../credentials/index.ts';
import { useListChange } from '../editing/index.ts';

/** Personal API tokens: own ones on the account screen, everyone's on the staff screen (admins). */
export const tokenKeys = {
  all: ['api-tokens'] as const,
  list: (scope: 'own' | 'all') => ['api-tokens', scope] as const,
};

export const tokensQuery = (scope: 'own' | 'all') =>
  callQuery(tokenKeys.list(scope), api.token.list, scope === 'all' ? { all: true } : {});
export const useApiTokens = (scope: 'own' | 'all') => useQuery(tokensQuery(scope));

export const useCreateApiToken = () =>
  useListChange(
    (body: { name: string; expires_in_days: number | null }) => send(api.token.create, { body }),
    tokenKeys.all,
    'API token created',
  );

export const useRevokeApiToken = () =>
  useRevokeCredential<ApiToken>(api.token.revoke, tokenKeys.all, 'API token revoked');
