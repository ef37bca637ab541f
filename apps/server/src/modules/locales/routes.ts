import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { addLanguage, addLocaleKey, deleteLocale, listLocales, upsertLocale } from './data.ts';

export async function localeRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.locale.list, () => listLocales(db));
  route(app, api.locale.addKey, (req) => addLocaleKey(db, req.body.key));
  route(app, api.locale.upsert, (req) => upsertLocale(db, req.body));
  route(app, api.locale.delete, async (req) => {
    await deleteLocale(db, req.body);
    return { ok: true as const };
  });
  route(app, api.locale.addLanguage, (req) => addLanguage(db, req.body));
}
