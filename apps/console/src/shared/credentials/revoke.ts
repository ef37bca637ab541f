import type { api } from '@kids-vod/contract/client';
import type { QueryKey } from '@tanstack/react-query';
import { send } from '../api/index.ts';
import { useListChange } from '../editing/index.ts';

/** The calls that revoke one credential by its id. */
type RevokeCall = typeof api.token.revoke | typeof api.ingestKey.revoke;

/** Revokes one credential (a token, a key) by its id; its list reloads and a toast says `done`. */
export const useRevokeCredential = <T extends { id: number }>(call: RevokeCall, list: QueryKey, done: string) =>
  useListChange((row: T) => send(call, { body: { id: row.id } }), list, done);
