import { api, type BinEntity, type Call } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../lib/permissions.ts';
import { route } from '../../lib/route.ts';
import { BIN, listBin, moveToBin, purgeFromBin, restoreFromBin } from './data.ts';

const ok = { ok: true as const };

export async function binRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const deletes: [Call<typeof api.brand.delete.body>, BinEntity][] = [
    [api.brand.delete, 'brands'],
    [api.content.delete, 'content'],
    [api.brand.langDelete, 'brand_langs'],
    [api.content.langDelete, 'content_langs'],
    [api.promo.delete, 'promos'],
    [api.stream.delete, 'streams'],
  ];
  for (const [c, entity] of deletes) {
    route(app, c as typeof api.brand.delete, async (req) => {
      await moveToBin(db, entity, req.body.id);
      return ok;
    });
  }
  route(app, api.bin.list, (req) => listBin(db, req.body));
  // A restore needs what changes that kind of item (CALL_PERMISSIONS says `read`: the kind is in the body).
  route(app, api.bin.restore, async (req) => {
    requirePermission(req.user, BIN[req.body.entity].permission);
    await restoreFromBin(db, req.body.entity, req.body.id);
    return ok;
  });
  route(app, api.bin.purge, async (req) => {
    await purgeFromBin(db, req.body.entity, req.body.id);
    return ok;
  });
}
