import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { matchNames } from './data.ts';

export async function intakeRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.intake.match, async (req) => ({ rows: await matchNames(db, req.body.brand_id, req.body.names) }));
}
