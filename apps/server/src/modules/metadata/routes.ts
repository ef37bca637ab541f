import fastifyMultipart from '@fastify/multipart';
import { api, METADATA_MAX_BYTES } from '@kids-vod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { smallFile } from '../../lib/file-part.ts';
import { route } from '../../lib/route.ts';
import { csvSheet, SHEET_TYPES, sheetRows, xlsxSheet } from './export.ts';
import { importSheet } from './sheet.ts';

const NOT_MULTIPART = 'Send the sheet (.xlsx or .csv) as multipart/form-data in the field "file"';
const TOO_BIG = `The file is bigger than ${METADATA_MAX_BYTES / 1024 / 1024} MB, the most a sheet may be: split it`;

const uploadedSheet = (req: FastifyRequest) => smallFile(req, NOT_MULTIPART, TOO_BIG);

export async function metadataRoutes(app: FastifyInstance) {
  const { db } = app.database;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: METADATA_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 64 * 1024 },
    });
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    // A refused upload leaves the rest of its body unread: the connection is closed after the answer.
    scope.addHook('onError', async (_req, reply) => {
      reply.header('connection', 'close');
    });
    // One transaction (the route's): every change of the sheet or none.
    route(scope, api.metadata.import, async (req) => {
      const file = await uploadedSheet(req as unknown as FastifyRequest);
      return importSheet(db, { brandId: req.query.brand_id, dryRun: req.query.dry_run, ...file });
    });
  });
  route(app, api.metadata.export, async (req, reply) => {
    const { slug, rows } = await sheetRows(db, req.body);
    const { format } = req.body;
    const file = format === 'xlsx' ? await xlsxSheet(rows) : csvSheet(rows);
    return reply
      .type(SHEET_TYPES[format])
      .header('content-disposition', `attachment; filename="${slug}_metadata.${format}"`)
      .header('cache-control', 'no-store')
      .send(file);
  });
}
