import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { addPromoCode, deletePromoCode, getPromoCode, listPromoCodes, updatePromoCode } from './data.ts';

export async function promoCodeRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.promoCode.list, (req) => listPromoCodes(db, req.body), { kept: true });
  route(app, api.promoCode.get, (req) => getPromoCode(db, req.params.id));
  route(app, api.promoCode.add, (req) => addPromoCode(db, req.body));
  route(app, api.promoCode.update, (req) => updatePromoCode(db, req.params.id, req.body));
  route(app, api.promoCode.delete, async (req) => {
    await deletePromoCode(db, req.params.id);
    return { ok: true as const };
  });
}
