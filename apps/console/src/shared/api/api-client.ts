import type { Call } from '@kids-vod/contract';
import { callUrl as addressUrl, type CallAddress } from '@kids-vod/contract/client';
import type { z } from 'zod';

/** Shown when an answer carries no usable status or message (network down, a proxy's HTML page). */
export const NETWORK_ERROR_MESSAGE = 'Ошибка сети или сервера';
/**
 * Where the login answer's `token` is kept, as the specification says. It is a handle of the session, not a
 * credential: the session is the HttpOnly cookie, which page scripts cannot read (docs/decisions/014).
 */
export const TOKEN_KEY = 'token';

/** A refused call: `message` is the server's `detail`. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: { path: string; message: string }[] = [],
    /** The answer's other fields (`totp_required` of a sign-in that needs the two-factor code). */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a failed call says to the person: the server's `{detail}`, else the network sentence. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : NETWORK_ERROR_MESSAGE;
}

type Input<T> = [NonNullable<T>] extends [never] ? undefined : z.input<NonNullable<T> & z.ZodType>;
export interface SendInput<C extends Call> {
  body?: Input<C['body']>;
  query?: Input<C['query']>;
  params?: Input<C['params']>;
  /** Multipart uploads go through XMLHttpRequest for progress; see upload.ts. */
  signal?: AbortSignal;
}

/** A call of the contract, or only its address (`@kids-vod/contract/client`: no zod in the screen's code). */
export type Sendable<C extends Call> = C | CallAddress<C>;

export function callUrl<C extends Call>(c: Sendable<C>, input: Pick<SendInput<C>, 'query' | 'params'> = {}): string {
  return addressUrl(c, input);
}

/** Turns an answer that is not 2xx into an ApiError carrying the server's `detail`. */
export async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { detail?: unknown; errors?: ApiError['errors'] } | null;
  if (typeof body?.detail === 'string' && body.detail) {
    return new ApiError(body.detail, res.status, body.errors, body as Record<string, unknown>);
  }
  return new ApiError(NETWORK_ERROR_MESSAGE, res.status);
}

/** Sends one call of the contract; the session cookie signs it in. */
export async function send<C extends Call>(c: Sendable<C>, input: SendInput<C> = {}): Promise<z.output<C['response']>> {
  let res: Response;
  try {
    res = await fetch(callUrl(c, input), {
      method: c.method,
      credentials: 'same-origin',
      headers: input.body !== undefined ? { 'content-type': 'application/json' } : {},
      body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as z.output<C['response']>;
}
