import fastifyMultipart from '@fastify/multipart';
import { api, TUS_UPLOADS_PATH } from '@kids-vod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import { asActor } from '../../lib/actor.ts';
import { filePart } from '../../lib/file-part.ts';
import { requirePermission } from '../../lib/permissions.ts';
import { route } from '../../lib/route.ts';
import { logJobEvent } from '../videos/index.ts';
import { saveImage, saveVideo } from './data.ts';
import { createTusUploads } from './tus.ts';

const NOT_MULTIPART = 'Send the file as multipart/form-data in the field "file"';

export async function uploadRoutes(app: FastifyInstance) {
  const { db } = app.database;
  // Scoped: multipart bodies are accepted by this call only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // Size limits depend on type, platform and MAX_VIDEO_BYTES and are enforced while streaming
      // (ByteMeter, with the texts the spec fixes), so busboy gets no limit of its own on file size.
      limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1, fields: 20, parts: 30, fieldSize: 64 * 1024 },
    });
    // Any other body reaches the handler unread, so it gets the 400 below rather than a 415 for its type.
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    // A refused upload leaves the rest of its body unread (up to MAX_VIDEO_BYTES); closing the connection
    // after the answer stops the client sending it, where keep-alive would leave the socket stuck.
    scope.addHook('onError', async (_req, reply) => {
      reply.header('connection', 'close');
    });

    // The call needs `images` (checked with the session); a video is part of the catalogue (CALL_PERMISSIONS'
    // comment), refused before its body is read. The session hook ran first: it is the parent scope's.
    scope.addHook('onRequest', async (req) => {
      if ((req.query as { type?: unknown }).type === 'video') requirePermission(req.user, 'catalogue');
    });
    route(
      scope,
      api.upload.upload,
      async (req) => {
        const part = await filePart(req, NOT_MULTIPART);
        if (req.query.type === 'image')
          return saveImage(app.storage, part.file, req.query.platform, app.config.MAX_IMAGE_PIXELS);
        const video = await saveVideo(db, app.storage, part.file, part.filename, {
          maxBytes: app.config.MAX_VIDEO_BYTES,
          workDir: app.videos.workDir,
          bin: app.videos.bin,
          limits: app.videos.limits,
        });
        logJobEvent(app.log, 'queued', { video: video.id, attempt: 0, reason: 'uploaded' });
        app.videos.queued();
        return video;
      },
      { changes: 'own-transactions' },
    );
  });

  await tusRoutes(app);
}

/**
 * Resumable video uploads (tus 1.0.0 at TUS_UPLOADS_PATH, decision 063): not calls of the contract, but routes of the
 * API all the same, so the session guard runs first (signed in, the cross-site check of unsafe methods, permission
 * `catalogue` like a video upload) and the answers get the API's headers. The library answers; its body is read by
 * it straight from the request, streamed to disk.
 */
async function tusRoutes(app: FastifyInstance) {
  const tus = createTusUploads({
    db: app.database.db,
    storage: app.storage,
    workDir: app.videos.workDir,
    bin: app.videos.bin,
    limits: app.videos.limits,
    maxOpen: app.config.MAX_OPEN_UPLOADS,
    maxBytes: app.config.MAX_VIDEO_BYTES,
    queued: (video) => {
      logJobEvent(app.log, 'queued', { video, attempt: 0, reason: 'uploaded' });
      app.videos.queued();
    },
    logError: (err) => app.log.error({ err }, 'resumable upload failed'),
  });
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    // The guard has set the user (the route is not public).
    const user = req.user;
    if (!user) throw new Error('A tus request reached its handler unsigned');
    // On the uploader's behalf, as route() does for calls: the audit log says who uploaded the video it becomes.
    const response = await asActor(
      { user_id: user.id, user_email: user.email, call: `${req.method} ${TUS_UPLOADS_PATH}` },
      () => tus.handle(new NodeRequest({ req: req.raw, res: reply.raw }), user.id),
    );
    reply.code(response.status);
    for (const [name, value] of response.headers) if (name !== 'content-length') reply.header(name, value);
    const body = await response.text();
    if (response.status >= 400) reply.type('application/json; charset=utf-8');
    return reply.send(body === '' ? undefined : body);
  };
  await app.register(async (scope) => {
    // The bytes of a PATCH (or of a creation with upload) are left unread for the library; so is any other body.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    for (const url of [TUS_UPLOADS_PATH, `${TUS_UPLOADS_PATH}/:id`]) {
      scope.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
        url,
        schema: { hide: true },
        config: { permission: 'catalogue' },
        handler,
      });
    }
  });
}
