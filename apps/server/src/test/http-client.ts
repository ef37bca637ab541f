import http from 'node:http';
import { api, type Call } from '@kids-vod/contract';
import {
  type Answer,
  answerOf,
  type CallArgs,
  callRequest,
  type LooseArgs,
  sessionCookieToken,
} from './contract-call.ts';

/** One answer of the server, read whole. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Wall time from sending to the last byte of the answer. */
  ms: number;
  json<T = unknown>(): T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Sent as it is instead of `body` as JSON. */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** Give up (and reject) after this long; 30 s by default. */
  timeoutMs?: number;
}

/**
 * A small HTTP/1.1 client over node:http for tests against a server on a real port: keep-alive sockets
 * (one per request in flight), network failures rejected as the socket's error (ECONNREFUSED, ECONNRESET…),
 * never turned into a status.
 */
export class HttpClient {
  readonly agent: http.Agent;
  token?: string;

  constructor(
    readonly baseUrl: string,
    options: { keepAlive?: boolean; agent?: http.Agent } = {},
  ) {
    this.agent = options.agent ?? new http.Agent({ keepAlive: options.keepAlive ?? true, maxSockets: Infinity });
  }

  /** Another client of the same server and sockets, signed in with `token`. */
  withToken(token: string): HttpClient {
    const other = new HttpClient(this.baseUrl, { agent: this.agent });
    other.token = token;
    return other;
  }

  request(path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
    const url = new URL(path, this.baseUrl);
    const json = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const payload = options.payload === undefined ? json : Buffer.from(options.payload);
    const headers: Record<string, string> = {
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(payload ? { 'content-length': String(payload.length) } : {}),
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...options.headers,
    };
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        { method: options.method ?? (payload ? 'POST' : 'GET'), headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text,
              ms: performance.now() - started,
              json: <T>() => JSON.parse(text) as T,
            });
          });
        },
      );
      req.setTimeout(options.timeoutMs ?? 30_000, () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  post(path: string, body: unknown = {}, options: Omit<RequestOptions, 'body' | 'method'> = {}) {
    return this.request(path, { ...options, method: 'POST', body });
  }

  get(path: string, options: Omit<RequestOptions, 'body' | 'method'> = {}) {
    return this.request(path, { ...options, method: 'GET' });
  }

  /** Sends a call of the contract and gives the whole answer (network failures reject). */
  send<C extends Call>(c: C, ...args: LooseArgs<C>): Promise<HttpAnswer> {
    const r = callRequest(c, args);
    const client = r.token === undefined ? this : this.withToken(r.token ?? '');
    return client.request(r.url, { method: r.method, body: r.body, payload: r.payload, headers: r.headers });
  }

  /** Sends a call of the contract that must succeed (200, else it throws): its answer, checked against the contract. */
  async call<C extends Call>(c: C, ...args: CallArgs<C>): Promise<Answer<C>> {
    const answer = await this.send(c, ...(args as LooseArgs<C>));
    return answerOf(c, answer.status, answer.text);
  }

  /** Signs in and keeps the session token (its cookie's value) as the bearer token of the following requests. */
  async login(email: string, password: string): Promise<string> {
    const answer = await this.send(api.auth.login, { email, password });
    answerOf(api.auth.login, answer.status, answer.text);
    this.token = sessionCookieToken(answer.headers['set-cookie']);
    return this.token;
  }

  close() {
    this.agent.destroy();
  }
}

/** The error code of a network failure (ECONNRESET, ECONNREFUSED…), or the message. */
export function networkErrorCode(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  return typeof e?.code === 'string' ? e.code : String(e?.message ?? err);
}

/** The q-th quantile (0..1) of `values`, by nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
