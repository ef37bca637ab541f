/**
 * The part of the contract a browser needs to send calls, without zod: every call's method and path (addresses.ts,
 * where the zod calls take theirs from too), typed with its schemas (types only), constants, and where a brand may
 * be watched. A screen that validates no form then loads no zod; screens with forms import the schemas from
 * `@kids-vod/contract` as before.
 */
import { addresses } from './addresses.ts';
import type { Call } from './common.ts';
import type { api as contractApi } from './index.ts';

export { type Address, callUrl } from './addresses.ts';
export { type Instant, instantMs, nextEdgeMs, type WindowState, windowState } from './availability.ts';
export type { BinPage, BinRow } from './bin.ts';
export * from './brand-rows.ts';
export * from './call-permissions.ts';
export {
  AGE_RATINGS,
  BIN_DAYS,
  BIN_ENTITIES,
  type BinEntityName as BinEntity,
  CONTENT_SORTS,
  DEFAULT_LANG_ID,
  MAX_SEARCH_LENGTH,
} from './constants.ts';
export * from './country-rules.ts';
export { listPage, wholeList } from './lists.ts';
export * from './permission-words.ts';
export * from './permissions.ts';
export * from './sorting.ts';
export * from './subtitles-constants.ts';
export * from './webhook-events.ts';
export * from './where-available.ts';

type Api = typeof contractApi;

/** Where a call is sent; `call` is never set, it carries the call's types to `send`. */
export interface CallAddress<C extends Call = Call> {
  method: C['method'];
  path: string;
  public?: true;
  readonly call?: C;
}

export type ApiAddresses = {
  [D in keyof Api]: { [K in keyof Api[D]]: Api[D][K] extends Call ? CallAddress<Api[D][K]> : never };
};

/**
 * Every call of the API, by domain, as `api` of the contract has them (method and path only). The type names a call
 * of `api` missing here; client.test.ts checks that each call of `api` took its own address.
 */
export const api: ApiAddresses = addresses;
