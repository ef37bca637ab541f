import { ApiError, type Call } from '@kids-vod/contract';
import { callUrl } from '@kids-vod/contract/client';
import type { z } from 'zod';

type Has<T> = [NonNullable<T>] extends [never] ? false : true;
type Input<T> = z.input<NonNullable<T> & z.ZodType>;

/** A call's answer, as the contract types it. */
export type Answer<C extends Call> = z.output<C['response']>;

/** How a call is sent beyond its body: who sends it and with what headers. */
export interface Sender {
  headers?: Record<string, string>;
  /** null: sent without a session; by default the test's signed-in admin. */
  token?: string | null;
  /** Sent as it is instead of the JSON body (a multipart upload); give its content-type in `headers`. */
  payload?: string | Buffer;
}

/** Where a call goes: the params of its path and its query, typed, when it has them. */
export type Where<C extends Call> = Sender &
  (Has<C['params']> extends true ? { params: Input<C['params']> } : { params?: undefined }) &
  (Has<C['query']> extends true ? { query: Input<C['query']> } : { query?: undefined });

/** The same, loose: for a call meant to be refused, params and query may be wrong or missing. */
export type LooseWhere = Sender & { params?: Record<string, unknown>; query?: Record<string, unknown> };

/** Where may be left out when nothing in it is required (a query of optional fields only). */
type WhereArgs<C extends Call, W> =
  Has<C['params']> extends true
    ? [where: W]
    : Has<C['query']> extends true
      ? // biome-ignore lint/complexity/noBannedTypes: "a query with no required field" is spelled `{} extends` in TypeScript
        {} extends Input<C['query']>
        ? [where?: W]
        : [where: W]
      : [where?: W];

/** A call's arguments: its body (typed) when it has one, then where it goes. */
export type CallArgs<C extends Call> =
  Has<C['body']> extends true ? [body: Input<C['body']>, ...WhereArgs<C, Where<C>>] : WhereArgs<C, Where<C>>;

/** The arguments of a call that may be refused: any body (it may be the wrong one), loose params and query. */
export type LooseArgs<C extends Call> =
  Has<C['body']> extends true ? [body?: unknown, where?: LooseWhere] : [where?: LooseWhere];

/** A refused call: the status and the contract's error body. */
export type Refusal = ApiError & { status: number };

/** Method, URL, JSON body (a POST without one sends `{}`) and sender of a call, from its arguments. */
export function callRequest(c: Call, args: unknown[]) {
  const [body, where = {}] = (c.body ? args : [undefined, args[0]]) as [unknown, LooseWhere | undefined];
  return {
    method: c.method,
    url: callUrl(c, where),
    body: c.method === 'POST' ? (body ?? {}) : undefined,
    payload: where.payload,
    headers: where.headers,
    token: where.token,
  };
}

/**
 * The session token of a login answer: its HttpOnly `session` cookie, which is what signs a browser in (the body's
 * `token` is only a handle of it, decision 014); tests send it as a bearer token or as the cookie.
 */
export function sessionCookieToken(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const token = cookies.map((c) => /^session=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!token) throw new Error(`the login answer set no session cookie: ${cookies.join(' | ')}`);
  return token;
}

/** The answer of a call that must succeed: 200 and the shape of the contract's response. */
export function answerOf<C extends Call>(c: C, status: number, text: string): Answer<C> {
  if (status !== 200) throw new Error(`${c.method} ${c.path} answered ${status}: ${text}`);
  const json: unknown = JSON.parse(text);
  const parsed = c.response.safeParse(json);
  if (!parsed.success) throw new Error(`${c.method} ${c.path} answered outside the contract: ${parsed.error.message}`);
  // The answer as sent (fields the schema would strip stay visible to the test), now known to fit the type.
  return json as Answer<C>;
}

/** The refusal of a call that must be refused: any status but 200, and the contract's error body. */
export function refusalOf(c: Call, status: number, text: string): Refusal {
  if (status === 200) throw new Error(`${c.method} ${c.path} was not refused: ${text}`);
  const parsed = ApiError.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${c.method} ${c.path} refused (${status}) outside the contract: ${text}`);
  return { status, ...parsed.data };
}
