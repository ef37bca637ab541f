import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** A connection with nothing sent either way for this long is closed (uploads that stall included). */
const IDLE_CONNECTION_MS = 120_000;
/**
 * How long a finished request's connection is kept open for the next one: Fastify's default, longer than the
 * 60 s idle timeout of common proxies and load balancers, so that none reuses a connection the server is closing
 * (which answers 502). An idle connection costs a descriptor only; trickling ones are what the limits below end.
 */
const KEEP_ALIVE_MS = 72_000;

/**
 * The server options that end slow connections (issue 15, "slow bodies"). `requestTimeoutMs` is the time a client
 * has for its request's headers (Node's `headersTimeout`, checked every second rather than Node's default 30 s) and,
 * by the hook of `limitBodyTime`, for its body.
 *
 * Node's own `requestTimeout` (the whole request) is left off: it cannot tell a signed-in video upload of
 * gigabytes, which may take an hour, from a stranger trickling a sign-in body one byte at a time.
 */
export function timeLimitOptions(requestTimeoutMs: number): Partial<FastifyServerOptions> {
  return {
    requestTimeout: 0,
    connectionTimeout: IDLE_CONNECTION_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
    http: { headersTimeout: requestTimeoutMs, connectionsCheckingInterval: 1_000 },
  } as Partial<FastifyServerOptions>;
}

/**
 * Every request's body must have arrived `requestTimeoutMs` after its headers, or its connection is closed. Only a
 * request whose session has been checked (`req.user`, set before `preHandler`) and whose body the handler streams
 * itself (a multipart upload) goes on past it, limited by idleness only. A refused request's unread body (a 401
 * upload, a 429 sign-in) stays limited: its timer runs until it fires or the body is complete.
 */
export function limitBodyTime(app: FastifyInstance, requestTimeoutMs: number) {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', async (req) => {
    if (req.raw.complete) return;
    const timer = setTimeout(() => {
      // A request made in-process (`inject`, the tests') has a stand-in socket with nothing to destroy.
      const socket = req.raw.socket as { destroy?: () => void } | undefined;
      if (!req.raw.complete && typeof socket?.destroy === 'function') socket.destroy();
    }, requestTimeoutMs);
    timer.unref();
    timers.set(req.raw, timer);
    req.raw.once('end', () => clearTimeout(timer));
  });
  app.addHook('preHandler', async (req) => {
    if (req.user) clearTimeout(timers.get(req.raw));
  });
}
