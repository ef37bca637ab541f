import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { publishSubtitles } from '../subtitles/index.ts';
import { bulkUpdateContent } from './bulk.ts';
import { addContent, getContent, listContent, updateContent } from './data.ts';
import { setNotPlanned } from './not-planned.ts';
import {
  addContentLang,
  attachVideo,
  detachVideo,
  getContentLang,
  listContentLangs,
  updateContentLang,
} from './versions.ts';

export async function contentRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // Thousands of items a brand; content.test.ts checks the answer has exactly the contract's fields.
  route(app, api.content.list, (req) => listContent(db, req.body), { answerValidation: false, kept: true });
  route(app, api.content.get, (req) => getContent(db, req.body.id));
  route(app, api.content.add, (req) => addContent(db, req.body));
  route(app, api.content.update, (req) => updateContent(db, req.body));
  route(app, api.content.bulkUpdate, (req) => bulkUpdateContent(db, req.body));
  route(app, api.content.notPlanned, (req) => setNotPlanned(db, req.body));
  route(app, api.content.langList, (req) => listContentLangs(db, req.body.content_id));
  route(app, api.content.langAdd, (req) => addContentLang(db, req.body));
  route(app, api.content.langUpdate, async (req) => {
    // A version moved to another episode or language takes its subtitles along: both episodes' masters follow.
    const moves = req.body.content_id !== undefined || req.body.lang_id !== undefined;
    const before = moves ? (await getContentLang(db, req.body.id)).content_id : null;
    const version = await updateContentLang(db, req.body);
    if (moves) {
      for (const contentId of new Set([before as number, version.content_id])) {
        await publishSubtitles(db, app.storage, contentId);
      }
    }
    return version;
  });
  // A ready video attached to an episode with subtitles lists them at once (its master written again).
  route(app, api.content.attachVideo, async (req) => {
    const version = await attachVideo(db, req.body);
    await publishSubtitles(db, app.storage, version.content_id);
    return version;
  });
  route(app, api.content.detachVideo, (req) => detachVideo(db, req.query.content_lang_id));
}
