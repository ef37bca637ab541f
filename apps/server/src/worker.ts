import { mkdirSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { serveWorkerMetrics } from './lib/metrics-http.ts';
import { createStorage } from './lib/storage/index.ts';
import { createTranscoder, describeBinaries } from './modules/videos/index.ts';
import { videoServices } from './video-services.ts';

/**
 * `npm run worker`: a process that only processes videos, with the server's configuration (DATABASE_URL, the
 * storage settings, TRANSCODE_CONCURRENCY, FFMPEG_PATH). Start as many as the machines allow; they share the
 * queue through PostgreSQL (docs/decisions/060-video-jobs.md).
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      '`npm run worker` needs PostgreSQL: set DATABASE_URL to the server’s database. On the embedded database no worker can start: the server processes its videos itself (TRANSCODE_CONCURRENCY 1 or more).',
    );
  }
  if (config.TRANSCODE_CONCURRENCY === 0)
    throw new ConfigError('TRANSCODE_CONCURRENCY is 0: this worker would do nothing');
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ url: config.DATABASE_URL });
  const storage = await createStorage(config);
  const services = videoServices(config);
  mkdirSync(services.workDir, { recursive: true });
  const transcoder = createTranscoder({
    db: database.db,
    storage,
    ...services,
    concurrency: config.TRANSCODE_CONCURRENCY,
    log,
  });
  // Its own /metrics for Prometheus (decision 078): a worker has no other HTTP server.
  const metrics = config.METRICS_PORT
    ? await serveWorkerMetrics({
        port: config.METRICS_PORT,
        host: config.HOST,
        token: config.METRICS_TOKEN,
        database,
        log,
      })
    : undefined;
  // SIGINT/SIGTERM: ffmpeg is stopped and the videos in hand are queued again at once for another worker.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'worker stopping after an error');
    else log.info(`${signal} received, worker stopping`);
    metrics?.close();
    await transcoder.stop();
    await database.close();
  });
  transcoder.start();
  log.info({ concurrency: config.TRANSCODE_CONCURRENCY, ...describeBinaries(services.bin) }, 'video worker started');
}

main().catch((err) => {
  process.stderr.write(
    err instanceof ConfigError
      ? `${err.message}\n`
      : `Could not start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
