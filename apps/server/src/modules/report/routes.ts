import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { dottedDate } from '../../lib/csv.ts';
import { route } from '../../lib/route.ts';
import { ingestViews, viewsReport, viewsReportCsv } from './data.ts';

/** 10,000 events of a few hundred bytes each, with room to spare; the server-wide limit is 1 MB. */
const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

export async function reportRoutes(app: FastifyInstance) {
  const { db } = app.database;

  // Player apps have no session: the contract marks the call public, and an ingest key stands in for it
  // (`ingestKeyGuard`, modules/ingest-keys/guard.ts).
  route(app, api.report.views, (req) => ingestViews(db, req.body.events), {
    bodyLimit: INGEST_BODY_LIMIT,
    ingestKey: true,
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
