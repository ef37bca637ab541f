import { AUDITED_ENTITIES, api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../lib/permissions.ts';
import { route } from '../../lib/route.ts';
import { auditCsv, listAudit } from './data.ts';
import { historyEntry, restoreVersion } from './restore.ts';

export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const catalogue = new Set<string>(AUDITED_ENTITIES);
  route(app, api.audit.list, async (req, reply) => {
    // One catalogue item's history is a read; the whole log and the staff events are the admins' (`staff`).
    const { entity, entity_id, csv } = req.body;
    if (!(entity && entity_id && catalogue.has(entity))) requirePermission(req.user, 'staff');
    if (!csv) return listAudit(db, req.body);
    const stream = await auditCsv(db, req.body);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="activity_${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
  // A restore needs what changes that kind of item (CALL_PERMISSIONS says `read`: the kind is in the entry).
  route(app, api.audit.restore, async (req) => {
    requirePermission(req.user, (await historyEntry(db, req.body.id)).permission);
    return restoreVersion(db, req.body);
  });
}
