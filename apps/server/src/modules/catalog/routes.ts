import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { listBuilds } from './data.ts';
import { publishCatalogue } from './publish.ts';

export async function catalogRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // The answer is the build record; the contract's response schema keeps only what uploadJson promises.
  // Its own REPEATABLE READ transaction, with the files written while it is open (publish.ts).
  route(app, api.upload.uploadJson, (req) => publishCatalogue(db, app.storage, req.query.lang, app.config.PUBLIC_URL), {
    changes: 'own-transactions',
  });
  route(app, api.upload.catalogBuilds, (req) => listBuilds(db, req.body));
}
