import { createHash, timingSafeEqual } from 'node:crypto';
import { api, INGEST_KEY_HEADER } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { dottedDate } from './csv.ts';
import { ingestViews, viewsReport, viewsReportCsv } from './data.ts';

/** 10,000 events of a few hundred bytes each, with room to spare; the server-wide limit is 1 MB. */
const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the header carries the ingest key. Both sides are hashed first so the comparison takes the same
 * time whatever the length or the first wrong character of a guess.
 */
function isIngestKey(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(sha256(expected), sha256(given));
}

export async function reportRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const ingestKey = app.config.INGEST_KEY;

  // Player apps have no session: the contract marks the call public, and the ingest key stands in for it.
  // Checked on request, before an 8 MB body is read and validated for someone without the key.
  await app.register(async (ingest) => {
    ingest.addHook('onRequest', async (req) => {
      if (!ingestKey) throw new HttpError(401, 'View ingestion is disabled: the server has no INGEST_KEY set');
      if (!isIngestKey(ingestKey, req.headers[INGEST_KEY_HEADER])) {
        throw new HttpError(401, 'Missing or wrong X-Ingest-Key header');
      }
    });
    route(ingest, api.report.views, (req) => ingestViews(db, req.body.events), { bodyLimit: INGEST_BODY_LIMIT });
  });

  route(app, api.report.report, async (req, reply) => {
    const { csv, ...range } = req.body;
    if (!csv) {
      // Sent as text, so not checked against the contract's response schema on the way out: for a year
      // that check costs more than the queries (73,000 by-day entries). viewsReport builds exactly the
      // contract's shape (its type says so), and the tests check every answer against the schema.
      const report = await viewsReport(db, range);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(report));
    }
    const stream = await viewsReportCsv(db, range);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="report_${dottedDate(range.date_from)}-${dottedDate(range.date_to)}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
