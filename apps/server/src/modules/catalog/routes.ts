import { api } from '@kids-vod/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { findBuild, leftOutOf, listBuilds } from './builds.ts';
import { diffCatalogue } from './diff.ts';
import { previewCatalogue } from './preview.ts';
import { publishCatalogue, rollBackTo } from './publish.ts';
import { brandReadiness } from './readiness.ts';
import { readinessList } from './readiness-list.ts';

export async function catalogueRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const publicUrl = app.config.PUBLIC_URL;
  // The answer is the build record; the contract's response schema keeps only what catalog.publish promises.
  // Its own REPEATABLE READ transaction, with the files written while it is open (publish.ts).
  const listeners = app.catalogueListeners;
  route(
    app,
    api.catalog.publish,
    (req) => publishCatalogue(db, app.storage, req.query.lang, publicUrl, { listeners, by: req.user?.id }),
    { changes: 'own-transactions' },
  );
  route(app, api.catalog.builds, (req) => listBuilds(db, req.body));
  // A whole catalogue: sent as the data function made it, not copied object by object through the schema (the
  // tests check the answer against the contract).
  route(app, api.catalog.preview, (req) => previewCatalogue(db, req.body, publicUrl), { answerValidation: false });
  route(app, api.catalog.diff, (req) => diffCatalogue(db, app.storage, req.body.lang, publicUrl), {
    answerValidation: false,
  });
  // Waits on the builds' lock inside its own transaction (publish.ts), like a build.
  route(app, api.catalog.publishBuild, (req) => rollBackTo(db, app.storage, req.body, publicUrl, listeners), {
    changes: 'own-transactions',
  });
  // Counted with the catalogue's rules, so it lives beside them (decision 064).
  // Sent as made (tens of thousands of problems for a big brand missing a language), like the preview.
  route(app, api.brand.readiness, (req) => brandReadiness(db, req.body.brand_id), { answerValidation: false });
  route(app, api.brand.readinessList, (req) => readinessList(db, req.body));
  route(app, api.catalog.leftOut, async (req) => {
    const build = await findBuild(db, req.body.id);
    if (!build) throw notFound(`Build ${req.body.id}`);
    return { build, hidden: await leftOutOf(db, build) };
  });
}
