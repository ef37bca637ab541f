import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { listAutomaticBuilds, listEdges } from './data.ts';

export async function scheduleRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // A year's edges can be 10,000 objects: sent as listEdges makes them (exactly the contract's fields; the tests
  // check each answer against it), not copied through the schema (bench/README.md, "Schedule").
  route(app, api.schedule.list, (req) => listEdges(db, req.body), { answerValidation: false });
  route(app, api.schedule.jobs, (req) => listAutomaticBuilds(db, req.body));
}
