import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { setAudioLanguages } from './audio.ts';
import { deleteVideoFile, getVideoFileDetail, listVideoFiles, RETRIED_BY_A_PERSON, retryVideoFile } from './data.ts';
import { logJobEvent } from './job-log.ts';
import { takePosterAt } from './poster.ts';

export async function videoRoutes(app: FastifyInstance) {
  const { db } = app.database;
  route(app, api.content.files, (req) => listVideoFiles(db, req.query));
  route(app, api.content.fileGet, (req) => getVideoFileDetail(db, req.body.id));
  // Committed before the transcoder is told, or it would look before the video is queued again.
  route(
    app,
    api.content.fileRetry,
    async (req) => {
      const file = await db.transaction((tx) => retryVideoFile(tx, req.body.id));
      logJobEvent(app.log, 'queued', { video: file.id, attempt: 0, reason: RETRIED_BY_A_PERSON });
      app.videos.queued();
      return file;
    },
    { changes: 'own-transactions' },
  );
  route(app, api.content.filePoster, (req) => takePosterAt(app, req.body.id, req.body.at_sec), {
    changes: 'own-transactions',
  });
  route(app, api.content.fileAudio, (req) => setAudioLanguages(app, req.body), { changes: 'own-transactions' });
  route(app, api.content.fileDelete, async (req) => {
    await deleteVideoFile(db, req.body.id);
    return { ok: true as const };
  });
}
