import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { addPromo, getPromo, listPromos, updatePromo } from './data.ts';

export async function promoRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.promo.list, () => listPromos(db));
  route(app, api.promo.get, (req) => getPromo(db, req.body.id));
  route(app, api.promo.add, (req) => addPromo(db, req.body));
  route(app, api.promo.update, (req) => updatePromo(db, req.body));
}
