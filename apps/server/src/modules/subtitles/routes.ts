import fastifyMultipart from '@fastify/multipart';
import { api, SUBTITLES_MAX_BYTES } from '@kids-vod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { smallFile } from '../../lib/file-part.ts';
import { route } from '../../lib/route.ts';
import { getContentLang } from '../content/index.ts';
import { addSubtitles, deleteSubtitles, getSubtitles, shiftSubtitles } from './data.ts';

const NOT_MULTIPART = 'Send the subtitles file as multipart/form-data in the field "file"';
const TOO_BIG = `The file is bigger than ${SUBTITLES_MAX_BYTES / 1024 / 1024} MB: subtitles are text, a whole film's a few hundred kilobytes. Is it the right file?`;

const uploadedFile = (req: FastifyRequest) => smallFile(req, NOT_MULTIPART, TOO_BIG);

export async function subtitlesRoutes(app: FastifyInstance) {
  const deps = { db: app.database.db, storage: app.storage };
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: SUBTITLES_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 64 * 1024 },
    });
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    // A refused upload leaves the rest of its body unread: the connection is closed after the answer.
    scope.addHook('onError', async (_req, reply) => {
      reply.header('connection', 'close');
    });
    route(
      scope,
      api.subtitles.upload,
      async (req) => {
        const file = await uploadedFile(req as unknown as FastifyRequest);
        // An unknown version is a 404 before the file is read.
        await getContentLang(deps.db, req.query.content_lang_id);
        const versionId = await addSubtitles(deps, {
          contentLangId: req.query.content_lang_id,
          kind: req.query.kind,
          filename: file.filename,
          bytes: file.bytes,
        });
        return getContentLang(deps.db, versionId);
      },
      { changes: 'own-transactions' },
    );
  });
  route(app, api.subtitles.get, (req) => getSubtitles(deps, req.body.id));
  // Each answers the language version the subtitles belong to, as content answers it.
  route(app, api.subtitles.shift, async (req) => getContentLang(deps.db, await shiftSubtitles(deps, req.body)));
  route(app, api.subtitles.delete, async (req) => getContentLang(deps.db, await deleteSubtitles(deps, req.body.id)));
}
