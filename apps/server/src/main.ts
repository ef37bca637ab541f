import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { assertVideosWillBeProcessed, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedFirstStart } from './db/seed.ts';
import { loadDemoCatalogue, publishDemoOnceReady } from './demo/demo-catalogue.ts';
import { createStorage } from './lib/storage/index.ts';
import { describeBinaries } from './modules/videos/index.ts';
import { createServerJobs } from './server-jobs.ts';

async function main() {
  const config = loadConfig();
  assertVideosWillBeProcessed(config);
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await database.migrate();
  const first = await seedFirstStart(database.db, config);
  const storage = await createStorage(config);
  // The demo catalogue fills a new embedded database unless DEMO_DATA=0; a server only with DEMO_DATA=1.
  const demo = first.createdAdmin && (config.DEMO_DATA ?? database.kind === 'pglite');
  const demoSummary = demo
    ? await loadDemoCatalogue(database.db, storage, { publicUrl: config.PUBLIC_URL })
    : undefined;

  const app = await buildApp({
    database,
    config,
    storage,
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  });

  const jobs = createServerJobs({
    db: database.db,
    storage,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    videos: { services: app.videos, concurrency: config.TRANSCODE_CONCURRENCY },
    catalogue: app.catalogueListeners,
    webhooks: { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000 },
  });

  // SIGINT/SIGTERM: stop taking connections, finish requests in flight, then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal} received, shutting down`);
    // app.close() stops listening and waits for every connection to end. It closes the idle ones once, but a
    // keep-alive connection whose request was in flight stays open after its answer for as long as the client
    // keeps it (a browser: minutes), so the shutdown ended in the timeout above (exit 1). Close those too as
    // soon as they fall idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
    } finally {
      clearInterval(closeIdle);
    }
    await jobs.stop();
    await database.close();
    app.log.info('requests finished, database closed');
  });

  const generatedLogin = first.generatedPassword
    ? `${first.adminEmail} / ${first.generatedPassword}   (generated: shown only this once)`
    : undefined;
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    // The admin this start made has a password shown only once: a start that fails now (the port taken) still
    // shows it, or the only way in would be a reset from the command line.
    if (generatedLogin) process.stderr.write(`\n  Admin login       ${generatedLogin}\n`);
    throw err;
  }
  // Work that happens by itself; what fell due while the server was down runs now (docs/decisions/016-job-runner.md).
  await jobs.start();
  if (demoSummary) {
    // In the background: the console is usable meanwhile, and its Videos screen shows the demo's videos processing.
    publishDemoOnceReady(database.db, storage, demoSummary.langs, { publicUrl: config.PUBLIC_URL })
      .then((done) => done && app.log.info('demo catalogues published again with their processed videos'))
      .catch((err) => app.log.error({ err }, 'publishing the demo catalogues again failed'));
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  const login =
    generatedLogin ??
    (first.createdAdmin
      ? `${first.adminEmail} / the ADMIN_PASSWORD you set`
      : `${first.adminEmail} (reset a password with: npm run admin -- --email ${first.adminEmail} --password NEW${
          database.kind === 'pglite' ? ', the server stopped' : ''
        })`);
  const tools = describeBinaries(app.videos.bin);
  const videoTools = `${tools.ffmpeg.path} ${tools.ffmpeg.version ?? '(version unknown)'}`;
  process.stdout.write(
    `\n  Kids VOD console  ${url}/admin\n  API docs          ${url}/api/docs\n  Video tools       ${videoTools}\n  Database          ${database.kind === 'pglite' ? `embedded (${path.resolve(config.DATA_DIR)})` : 'PostgreSQL server'}\n  Admin login       ${login}\n${demoSummary ? `  Demo catalogue    ${demoSummary.brands} brands, ${demoSummary.content} episodes, ${demoSummary.videos} videos, 30 days of viewing, published in ${demoSummary.langs.join(', ')}\n` : ''}\n`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  }
  process.exit(1);
});
