import { AUDITED_ENTITIES, api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../lib/permissions.ts';
import { route } from '../../lib/route.ts';
import { listAudit } from './data.ts';

export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const catalogue = new Set<string>(AUDITED_ENTITIES);
  route(app, api.audit.list, (req) => {
    // One catalogue item's history is a read; the whole log and the staff events are the admins' (`staff`).
    const { entity, entity_id } = req.body;
    if (!(entity && entity_id && catalogue.has(entity))) requirePermission(req.user, 'staff');
    return listAudit(db, req.body);
  });
}
