import type { Call } from '@kids-vod/contract';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { type Sendable, type SendInput, send } from './api-client.ts';

/**
 * A read of the contract as query options: the key it is cached under and the call that fills it. Every screen's
 * reads are this one shape, so they are written once; a read with more options spreads this and adds them.
 */
export const callQuery = <C extends Call, K extends QueryKey>(
  queryKey: K,
  call: Sendable<C>,
  body?: SendInput<C>['body'],
) => queryOptions({ queryKey, queryFn: () => send(call, { body }) });
