import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { addContent, getContent, listContent, updateContent } from './data.ts';
import { addContentLang, attachVideo, detachVideo, listContentLangs, updateContentLang } from './versions.ts';

export async function contentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // Thousands of items a brand; content.test.ts checks the answer has exactly the contract's fields.
  route(app, api.content.list, (req) => listContent(db, req.body), { answerValidation: false, kept: true });
  route(app, api.content.get, (req) => getContent(db, req.body.id));
  route(app, api.content.add, (req) => addContent(db, req.body));
  route(app, api.content.update, (req) => updateContent(db, req.body));
  route(app, api.content.langList, (req) => listContentLangs(db, req.body.content_id));
  route(app, api.content.langAdd, (req) => addContentLang(db, req.body));
  route(app, api.content.langUpdate, (req) => updateContentLang(db, req.body));
  route(app, api.content.attachVideo, (req) => attachVideo(db, req.body));
  route(app, api.content.detachVideo, (req) => detachVideo(db, req.query.content_lang_id));
}
