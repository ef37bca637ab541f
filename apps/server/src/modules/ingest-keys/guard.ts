import { INGEST_KEY_HEADER } from '@kids-vod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { HttpError } from '../../lib/errors.ts';
import { hashToken } from '../auth/index.ts';
import { anyLiveKey, findIngestKey, keepSettingsKey, touchIngestKey } from './data.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public call that an ingest key stands in for a session on (route()'s `ingestKey`): view ingestion. */
    ingestKey?: boolean;
  }
}

const WINDOW_MS = 60_000;
/** `last_used_at` is written at most once a minute per key, not on every batch. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Player apps have no session: on the calls marked `ingestKey` (view ingestion) a live `X-Ingest-Key` stands in
 * for one, checked on request, before an 8 MB body is read and validated for someone without one, and limited to
 * INGEST_RATE_LIMIT calls a minute per key and per instance (a fixed window; docs/decisions/014).
 */
export const ingestKeyGuard = fastifyPlugin(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const settingsHash = await keepSettingsKey(db, app.config.INGEST_KEY);
    const windows = new Map<number, { start: number; count: number }>();
    const limit = app.config.INGEST_RATE_LIMIT;

    /** The key of each request in flight, to record its use once the request succeeded. */
    const keyOf = new WeakMap<FastifyRequest, { id: number; last_used_at: string | null }>();

    /** Refuses a view-ingestion request without a live key (401) or over its key's limit (429). */
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.routeOptions.config.ingestKey) return;
      const given = req.headers[INGEST_KEY_HEADER];
      const key = typeof given === 'string' && given ? await findIngestKey(db, hashToken(given), settingsHash) : null;
      if (!key) {
        if (!settingsHash && !(await anyLiveKey(db))) {
          throw new HttpError(
            401,
            'View ingestion is disabled: no ingest key exists and the server has no INGEST_KEY set',
          );
        }
        throw new HttpError(401, 'Missing or wrong X-Ingest-Key header');
      }
      const now = Date.now();
      let window = windows.get(key.id);
      if (!window || now - window.start >= WINDOW_MS) {
        window = { start: now, count: 0 };
        windows.set(key.id, window);
      }
      window.count += 1;
      if (window.count > limit) {
        reply.header('retry-after', String(Math.ceil((window.start + WINDOW_MS - now) / 1000)));
        throw new HttpError(429, `Too many view reports with this key: at most ${limit} calls a minute`);
      }
      keyOf.set(req, key);
    });

    /** A key's `last_used_at` is its last accepted report (a refused one changes nothing). */
    app.addHook('onSend', async (req, reply, payload) => {
      const key = keyOf.get(req);
      const stale = key && (!key.last_used_at || Date.now() - Date.parse(key.last_used_at) > TOUCH_INTERVAL_MS);
      if (key && stale && reply.statusCode < 400) await touchIngestKey(db, key.id);
      return payload;
    });
  },
  { name: 'ingest-key-guard' },
);
