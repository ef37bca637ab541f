import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { addStream, getStream, listStreams, updateStream } from './data.ts';

export async function streamRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.stream.list, (req) => listStreams(db, req.body.lang_id));
  route(app, api.stream.get, (req) => getStream(db, req.body.id));
  route(app, api.stream.add, (req) => addStream(db, req.body));
  route(app, api.stream.update, (req) => updateStream(db, req.body));
}
