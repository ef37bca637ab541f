import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import {
  addBrand,
  addBrandLang,
  addCountryRule,
  deleteCountryRule,
  getBrand,
  listBrandLangs,
  listBrands,
  listCountryRules,
  updateBrand,
  updateBrandLang,
} from './data.ts';

export async function brandRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // The hottest call of the console; brands.test.ts checks its answer has exactly the contract's fields. Its pages,
  // searches and sorts are cut from the table read once per change. Sorted by "Where available", its order depends
  // on the clock (a licence begins): that answer is worked out on every call.
  route(app, api.brand.list, (req) => listBrands(db, req.body, req.keptRead), {
    answerValidation: false,
    kept: (body) => body.sort !== 'where',
  });
  route(app, api.brand.get, (req) => getBrand(db, req.body.id));
  route(app, api.brand.add, (req) => addBrand(db, req.body));
  route(app, api.brand.update, (req) => updateBrand(db, req.body));
  route(app, api.brand.langList, (req) => listBrandLangs(db, req.body.brand_id));
  route(app, api.brand.langAdd, (req) => addBrandLang(db, req.body));
  route(app, api.brand.langUpdate, (req) => updateBrandLang(db, req.body));
  route(app, api.brand.addCountryRule, (req) => addCountryRule(db, req.body));
  route(app, api.brand.delCountryRule, async (req) => {
    await deleteCountryRule(db, req.body.id);
    return { ok: true as const };
  });
  route(app, api.brand.listCountryRule, (req) => listCountryRules(db, req.body.brand_id));
}
