import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { catalogueListeners } from './catalogue-services.ts';
import { type Config, trustProxyOption } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAnswers } from './lib/answers.ts';
import { apiAnswers } from './lib/api-answers.ts';
import { answerClientError } from './lib/client-errors.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { registerMetrics } from './lib/metrics-http.ts';
import { cacheControl, createStorage, type Storage } from './lib/storage/index.ts';
import { LocalStorage } from './lib/storage/local.ts';
import { limitBodyTime, timeLimitOptions } from './lib/time-limits.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { sessionGuard } from './modules/auth/index.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { binRoutes } from './modules/bin/routes.ts';
import { brandRoutes } from './modules/brands/routes.ts';
import type { CatalogueListeners } from './modules/catalog/index.ts';
import { catalogueRoutes } from './modules/catalog/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { ingestKeyGuard } from './modules/ingest-keys/guard.ts';
import { ingestKeyRoutes } from './modules/ingest-keys/routes.ts';
import { intakeRoutes } from './modules/intake/routes.ts';
import { linkRoutes } from './modules/links/routes.ts';
import { localeRoutes } from './modules/locales/routes.ts';
import { metadataRoutes } from './modules/metadata/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { promoCodeRoutes } from './modules/promo-codes/routes.ts';
import { promoRoutes } from './modules/promos/routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { reportRoutes } from './modules/report/routes.ts';
import { scheduleRoutes } from './modules/schedule/routes.ts';
import { streamRoutes } from './modules/streams/routes.ts';
import { subtitlesRoutes } from './modules/subtitles/routes.ts';
import { tokenRoutes } from './modules/tokens/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { describeBinaries, type VideoServices, videoRoutes } from './modules/videos/index.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { videoServices } from './video-services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: Config;
    storage: Storage;
    /** What the video calls need of processing: ffmpeg, a working folder, and a way to say a video was queued. */
    videos: VideoServices;
    /** Who is told of catalogue builds published or failed (decision 079): webhooks. */
    catalogueListeners: CatalogueListeners;
  }
}

export interface AppOptions {
  database: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the driver the configuration names. */
  storage?: Storage;
  /** The built console; served at /admin when the folder exists. */
  consoleDir?: string;
}

/**
 * What the media folder may serve: the names storage keys get (uploads/sniff.ts, catalog/publish.ts, the video
 * ladders of modules/videos: renditions `r0/`, audio tracks `a0/`, masters written again `master-<hex>.m3u8`; their
 * subtitles: modules/subtitles). Masters (`masters/`, and `videos/` from before the ladders) are never served.
 */
const MEDIA_FILE =
  /^\/(images\/[\w-]+\.(png|jpg|gif|webp)|hls\/[\w-]+\/([\w-]+\.jpg|master(-[\da-f]+)?\.m3u8|[ar]\d+\/(index\.m3u8|[\w-]+\.ts)|subs\/[\w-]+\.(m3u8|vtt))|subtitles\/[\w-]+\.vtt|catalog\/[\w-]+\.json)$/;

const defaultConsoleDir = fileURLToPath(new URL('../../console/dist', import.meta.url));

/** A configured server that never listens: main.ts, tests and benchmarks all start from here. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Whose X-Forwarded-For names the client (TRUST_PROXY, README "Behind a load balancer"): nobody's by default.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // What Node refuses before Fastify sees a request (431, 408, not HTTP) answers {detail} too.
    clientErrorHandler: answerClientError,
    ...timeLimitOptions(config.REQUEST_TIMEOUT * 1000),
    // A path Fastify cannot route (a param over maxParamLength, bad percent-encoding) is refused before any hook
    // runs, in Fastify's own shape: answered here in the contract's {detail} like every other refusal.
    frameworkErrors: (err, _req, reply) => {
      const status = typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 400;
      const detail = status === 414 ? 'The address is too long' : 'The address is not valid';
      void (reply as FastifyReply).code(status).send({ detail });
    },
  });
  app.decorate('database', options.database);
  app.decorate('config', config);
  const storage = options.storage ?? (await createStorage(config));
  app.decorate('storage', storage);
  app.decorate('videos', videoServices(config));
  app.decorate('catalogueListeners', catalogueListeners(app.log));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  limitBodyTime(app, config.REQUEST_TIMEOUT * 1000);
  // The API speaks JSON only (and multipart for uploads): a text body is refused with 415, not guessed at.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // hls.js gives the video an empty text track (`data:,WEBVTT`) while it switches subtitles.
        mediaSrc: ["'self'", 'blob:', 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The player fetches playlists and segments (hls.js): from this server, or from the bucket's public address.
        connectSrc: ["'self'", ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // One frame policy: CSP frame-ancestors 'none' (X-Frame-Options SAMEORIGIN beside it said something else).
    xFrameOptions: false,
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kids VOD console API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Prometheus's figures behind METRICS_TOKEN (decision 078), and every request timed by route and status.
  registerMetrics(app, options.database, config.METRICS_TOKEN);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await options.database.db.execute('select 1');
    // Which ffmpeg runs (issue 37): the system's or the bundled one, with its version.
    return { status: 'ok', ...describeBinaries(app.videos.bin) };
  });

  await app.register(async (api) => {
    // The guards every call passes, in the order they run: who calls and may they (a session, an API token, a
    // role), then an ingest key for view ingestion; and the API's answer rules (no-store, empty bodies).
    await api.register(sessionGuard);
    await api.register(ingestKeyGuard);
    await api.register(apiAnswers);
    await registerAnswers(api, options.database);
    await authRoutes(api);
    await userRoutes(api);
    await tokenRoutes(api);
    await referenceRoutes(api);
    await brandRoutes(api);
    await contentRoutes(api);
    await linkRoutes(api);
    await promoRoutes(api);
    await streamRoutes(api);
    await promoCodeRoutes(api);
    await uploadRoutes(api);
    await intakeRoutes(api);
    await videoRoutes(api);
    await subtitlesRoutes(api);
    await ingestKeyRoutes(api);
    await reportRoutes(api);
    await catalogueRoutes(api);
    await localeRoutes(api);
    await auditRoutes(api);
    await binRoutes(api);
    await scheduleRoutes(api);
    await metadataRoutes(api);
    await webhookRoutes(api);
    await notificationRoutes(api);
  });

  if (storage instanceof LocalStorage) {
    // Created on the first start, before anything is uploaded: the file server wants its root to exist.
    mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // Only the kinds the server writes (sniffed images and videos, catalogues): a file that got into the folder
      // some other way is never served, so nothing there can be sent as HTML or SVG with scripts in this origin.
      allowedPath: (pathName) => MEDIA_FILE.test(pathName),
      // Uploads have random names and never change; a catalogue's stable name (catalog/en.json) does.
      setHeaders: (res, filePath) => {
        const stable = /\/catalog\/[a-z]{2,3}(-[a-z0-9]{2,8})?\.json$/.test(filePath);
        res.header('cache-control', cacheControl(!stable));
        // Opened on its own, a media file is a sandboxed document that may load nothing.
        res.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
        // Public without a session, and read by apps from other origins (TV apps are web pages): a web player may
        // fetch the catalogue and show the images and videos, as from any CDN. No credentials are ever allowed.
        res.header('cross-origin-resource-policy', 'cross-origin');
        res.header('access-control-allow-origin', '*');
      },
    });
  }

  const consoleDir = options.consoleDir ?? defaultConsoleDir;
  const hasConsole = existsSync(`${consoleDir}/index.html`);
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/admin/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz copies (apps/console/vite.config.ts): sent to browsers that take them.
      preCompressed: true,
      // Source maps are not built for serving (vite.config.ts); one left in the folder is not served either.
      allowedPath: (pathName) => !/\.map$/i.test(pathName),
      // Vite names built assets by content hash, so they never change under one name.
      setHeaders: (res, filePath) => {
        if (filePath.includes('/assets/')) res.header('cache-control', cacheControl(true));
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api') {
      return reply.code(404).send({ detail: `No such call: ${req.method} ${path}` });
    }
    // The console routes itself: every other page address gets its index.html.
    if (hasConsole && req.method === 'GET' && !path.startsWith('/media/') && !/\.\w+$/.test(path)) {
      return reply.header('cache-control', cacheControl(false)).sendFile('index.html', consoleDir);
    }
    return reply.code(404).send({ detail: 'Not found' });
  });

  return app;
}
