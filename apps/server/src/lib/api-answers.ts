import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/**
 * Two rules for every answer of the API (docs/decisions/049-api-answers-no-store.md, api.md's third wave):
 *
 * - `Cache-Control: no-store` unless the call set its own: answers carry sessions, secrets shown once (an API token,
 *   an ingest key, an invite link, a two-factor secret) and people's data, none of which a browser or a proxy
 *   may keep. The GET reads every role may make (languages, countries, video files) are the exception: their
 *   ETag is revalidated (`private, no-cache`, lib/answers.ts), and they hold no secret.
 * - A call that takes no body accepts an empty one whatever its `Content-Type`: a client library that sends
 *   `Content-Type: application/json` on every request gets the answer, not 400 "The body is empty".
 */
export const apiAnswers = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (req) => {
      const { schema, url } = req.routeOptions;
      if (url === undefined || schema?.body !== undefined || !('content-type' in req.headers)) return;
      const empty = req.headers['content-length'] === '0' || req.headers['content-length'] === undefined;
      // Nothing to parse: without a type, Fastify reads no body, so the call runs as if none was sent.
      if (empty && req.headers['transfer-encoding'] === undefined) delete req.raw.headers['content-type'];
    });
    app.addHook('onSend', async (req, reply, payload) => {
      const url = req.routeOptions.url ?? req.url;
      if (!url.startsWith('/api') || url.startsWith('/api/docs') || reply.hasHeader('cache-control')) return payload;
      const revalidated =
        req.method === 'GET' && reply.statusCode < 300 && req.routeOptions.config.permission === 'read';
      if (!revalidated) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'api-answers' },
);
