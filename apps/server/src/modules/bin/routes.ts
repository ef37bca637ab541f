import { api, type BinEntity, type Call } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contentLangs } from '../../db/schema.ts';
import { requirePermission } from '../../lib/permissions.ts';
import { route } from '../../lib/route.ts';
import { publishSubtitles } from '../subtitles/index.ts';
import { BIN, listBin, moveToBin, purgeFromBin, restoreFromBin } from './data.ts';

const ok = { ok: true as const };

export async function binRoutes(app: FastifyInstance) {
  const { db } = app.database;
  /**
   * A language version going to the bin or coming back changes the subtitles its episode's videos offer (every
   * version's files are one SUBTITLES group): their masters are written again, in the same transaction.
   */
  const afterVersionMoved = async (entity: BinEntity, id: number) => {
    if (entity !== 'content_langs') return;
    const [version] = await db
      .select({ content_id: contentLangs.content_id })
      .from(contentLangs)
      .where(eq(contentLangs.id, id));
    if (version) await publishSubtitles(db, app.storage, version.content_id);
  };
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
      await afterVersionMoved(entity, req.body.id);
      return ok;
    });
  }
  route(app, api.bin.list, (req) => listBin(db, req.body));
  // A restore needs what changes that kind of item (CALL_PERMISSIONS says `read`: the kind is in the body).
  route(app, api.bin.restore, async (req) => {
    requirePermission(req.user, BIN[req.body.entity].permission);
    await restoreFromBin(db, req.body.entity, req.body.id);
    await afterVersionMoved(req.body.entity, req.body.id);
    return ok;
  });
  route(app, api.bin.purge, async (req) => {
    await purgeFromBin(db, req.body.entity, req.body.id);
    return ok;
  });
}
