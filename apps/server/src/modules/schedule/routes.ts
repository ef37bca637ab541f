import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { listAutomaticBuilds, listEdges } from './data.ts';

export async function scheduleRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.schedule.list, (req) => listEdges(db, req.body));
  route(app, api.schedule.jobs, (req) => listAutomaticBuilds(db, req.body));
}
