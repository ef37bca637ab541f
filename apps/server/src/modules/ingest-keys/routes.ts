import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createIngestKey, listIngestKeys, revokeIngestKey, settingsKeyHash } from './data.ts';

/** Ingest keys (admins): list, create, revoke. The check view ingestion runs is the `ingestKeyGuard` plugin. */
export async function ingestKeyRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const settingsHash = settingsKeyHash(app.config.INGEST_KEY);

  route(app, api.ingestKey.list, () => listIngestKeys(db, settingsHash));
  route(app, api.ingestKey.create, (req) => createIngestKey(db, req.body.name));
  route(app, api.ingestKey.revoke, async (req) => {
    await revokeIngestKey(db, req.body.id);
    return { ok: true as const };
  });
}
