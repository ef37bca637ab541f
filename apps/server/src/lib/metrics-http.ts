import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { httpRequestSeconds, METRICS_CONTENT_TYPE, metricsRefusal, scrapeMetrics } from './metrics.ts';

const REFUSALS = {
  404: 'Not found',
  401: 'Metrics need the bearer token METRICS_TOKEN sets (Authorization: Bearer …)',
} as const;

/**
 * `GET /metrics` (api.md "Operations") and each request's time by route and status. Only with METRICS_TOKEN: without
 * it the not-found handler answers 404, as for any other unknown address, and requests are not timed (no one reads
 * the figures, so they cost nothing: bench/metrics.ts measures what they cost with it).
 */
export function registerMetrics(app: FastifyInstance, database: Database, token: string | undefined): void {
  if (!token) return;
  app.addHook('onResponse', async (req, reply) => {
    httpRequestSeconds.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const refusal = metricsRefusal(token, req.headers.authorization);
    if (refusal) return reply.code(refusal).header('www-authenticate', 'Bearer').send({ detail: REFUSALS[refusal] });
    return reply
      .header('content-type', METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await scrapeMetrics(database));
  });
}

/** A worker's own `/metrics` on METRICS_PORT (it has no HTTP server otherwise), with the server's rules. */
export function serveWorkerMetrics(options: {
  port: number;
  host: string;
  token: string | undefined;
  database: Database;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const refusal =
      path === '/metrics' && req.method === 'GET' ? metricsRefusal(options.token, req.headers.authorization) : 404;
    if (refusal) {
      res.writeHead(refusal, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: REFUSALS[refusal] }));
      return;
    }
    scrapeMetrics(options.database).then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
      (err) => {
        options.log.warn({ err }, 'metrics scrape failed');
        res
          .writeHead(503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ detail: 'Metrics could not be read' }));
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      options.log.info({ port: options.port }, 'worker metrics listening');
      resolve(server);
    });
  });
}
