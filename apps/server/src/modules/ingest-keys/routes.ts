import { api, INGEST_KEY_HEADER } from '@kids-vod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { hashToken } from '../auth/index.ts';
import {
  anyLiveKey,
  createIngestKey,
  findIngestKey,
  keepSettingsKey,
  listIngestKeys,
  revokeIngestKey,
  touchIngestKey,
} from './data.ts';

const WINDOW_MS = 60_000;
/** `last_used_at` is written at most once a minute per key, not on every batch. */
const TOUCH_INTERVAL_MS = 60_000;

/** Ingest keys (admins): list, create, revoke. Answers the check view ingestion runs on each request. */
export async function ingestKeyRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const settingsHash = await keepSettingsKey(db, app.config.INGEST_KEY);

  route(app, api.ingestKey.list, () => listIngestKeys(db, settingsHash));
  route(app, api.ingestKey.create, (req) => createIngestKey(db, req.body.name));
  route(app, api.ingestKey.revoke, async (req) => {
    await revokeIngestKey(db, req.body.id);
    return { ok: true as const };
  });

  // Per key and per instance: a fixed one-minute window of INGEST_RATE_LIMIT calls (docs/decisions/014).
  const windows = new Map<number, { start: number; count: number }>();
  const limit = app.config.INGEST_RATE_LIMIT;

  /** The key of each request in flight, to record its use once the request succeeded. */
  const keyOf = new WeakMap<FastifyRequest, { id: number; last_used_at: string | null }>();

  /** Refuses a view-ingestion request without a live key (401) or over its key's limit (429). */
  const check = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
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
  };
  /** A key's `last_used_at` is its last accepted report (a refused one changes nothing). */
  const recordUse = async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const key = keyOf.get(req);
    const stale = key && (!key.last_used_at || Date.now() - Date.parse(key.last_used_at) > TOUCH_INTERVAL_MS);
    if (key && stale && reply.statusCode < 400) await touchIngestKey(db, key.id);
    return payload;
  };
  return { check, recordUse };
}
