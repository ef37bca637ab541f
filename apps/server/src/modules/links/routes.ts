import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { addLink, deleteLink, listLinks } from './data.ts';

export async function linkRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.link.list, (req) => listLinks(db, req.body));
  route(app, api.link.add, (req) => addLink(db, req.body));
  route(app, api.link.delete, async (req) => {
    await deleteLink(db, req.body.id);
    return { ok: true as const };
  });
}
