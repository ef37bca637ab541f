import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { listCountries, listLanguages } from './data.ts';

export async function referenceRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.reference.langList, () => listLanguages(db));
  route(app, api.reference.countries, () => listCountries(db));
}
