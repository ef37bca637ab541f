import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { listAudit } from './data.ts';

export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.audit.list, (req) => listAudit(db, req.body));
}
