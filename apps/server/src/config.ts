import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_STEPS, LadderSetting } from './modules/videos/engine/steps.ts';

const Bool01 = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` takes beside addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or `address/bits` (CIDR); IPv4 masks up to 32 bits, IPv6 up to 128. */
function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies' `X-Forwarded-For` (and `-Proto`, `-Host`) the server believes: Fastify's `trustProxy`. `true`
 * trusts every hop (only when nothing but the proxy can reach the server), a whole number that many hops, else
 * a comma-separated list of the proxies' addresses or CIDR ranges. Unset: none, the connection's address is the
 * client's.
 */
const TrustProxy = z.string().transform((value, ctx): true | number | string[] => {
  const v = value.trim();
  if (v === 'true') return true;
  if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (wrong.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be true, a number of hops (1 to 100), or addresses and CIDR ranges separated by commas (not: ${wrong.join(', ')})`,
  });
  return z.NEVER;
});

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count is a function of the hop (Fastify 5 itself takes no number):
 * the first `n` proxies from the server are believed, whatever their addresses.
 */
export function trustProxyOption(
  value: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value ?? false;
}

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    TRUST_PROXY: TrustProxy.optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
    /** Signs device cookies and encrypts two-factor secrets; unset, a random key is kept in DATA_DIR/secret-key. */
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    INGEST_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /** View-ingestion calls per ingest key per minute. */
    INGEST_RATE_LIMIT: z.coerce.number().int().positive().default(120),
    DEMO_DATA: Bool01.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Largest video upload, in bytes (4 GiB by default). */
    MAX_VIDEO_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(4 * 1024 ** 3),
    /** Seconds a client has to send a request's headers and its body (a signed-in upload's body excepted). */
    REQUEST_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(30),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default('auto'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Where the bucket's objects are publicly readable, e.g. https://media.example.com */
    S3_PUBLIC_URL: z.url().optional(),
    S3_FORCE_PATH_STYLE: Bool01.default(false),
    /**
     * How many videos this process transcodes at once; 0 in the server leaves them to `npm run worker`, which needs
     * PostgreSQL (refused on the embedded database: `assertVideosWillBeProcessed`).
     */
    TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
    /**
     * The ladder's steps, `WIDTHxHEIGHT:VIDEO_KBPS:AUDIO_KBPS` separated by commas, smallest first (decision 069);
     * unset, 360p to 1080p as decision 059 chose them.
     */
    VIDEO_LADDER: LadderSetting.default(() => [...DEFAULT_STEPS]),
    /** Other ffmpeg / ffprobe binaries than the ones npm brings (@ffmpeg-installer, @ffprobe-installer). */
    FFMPEG_PATH: z.string().min(1).optional(),
    FFPROBE_PATH: z.string().min(1).optional(),
    /** What a master may be (api.md, "Masters from strangers"; decision 072): a longer, larger one is refused (413). */
    MAX_VIDEO_SECONDS: z.coerce.number().int().positive().default(14_400),
    MAX_VIDEO_WIDTH: z.coerce.number().int().positive().default(4096),
    MAX_VIDEO_HEIGHT: z.coerce.number().int().positive().default(2160),
    MAX_AUDIO_TRACKS: z.coerce.number().int().min(1).max(64).default(16),
    /** Pixels of an uploaded image, read from its header before anything decodes it. */
    MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(40_000_000),
    /** One transcode's address space (`prlimit --as`, MiB; 0: none) and wall time, in seconds. */
    TRANSCODE_MAX_MEMORY_MB: z.coerce.number().int().min(0).default(4096),
    TRANSCODE_MAX_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(6 * 3600),
    /** The bearer token `GET /metrics` asks for (api.md "Operations"); unset, the server has no /metrics (404). */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** A worker (`npm run worker`) serves its own /metrics on this port, behind METRICS_TOKEN; unset, none. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
    /** Unfinished resumable uploads one person may hold. */
    MAX_OPEN_UPLOADS: z.coerce.number().int().positive().default(20),
    /** Webhooks may name loopback, private and link-local addresses (a receiver on this machine, tests): decision 079. */
    WEBHOOK_ALLOW_PRIVATE: Bool01.default(false),
    /** Seconds a webhook receiver has to answer before the delivery counts as failed and is retried. */
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(5),
  })
  .superRefine((c, ctx) => {
    if (c.STORAGE_DRIVER !== 's3') return;
    for (const key of ['S3_BUCKET', 'S3_PUBLIC_URL'] as const) {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STORAGE_DRIVER=s3' });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads the configuration once; an unusable value stops the start, naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/**
 * The server's own check at start: on the embedded database no worker can start (a worker needs PostgreSQL to share
 * the queue), so a server that processes no video itself would leave every upload queued for ever.
 */
export function assertVideosWillBeProcessed(config: Config): void {
  if (config.DATABASE_URL || config.TRANSCODE_CONCURRENCY > 0) return;
  throw new ConfigError(
    'Invalid configuration:\n  TRANSCODE_CONCURRENCY: is 0 on the embedded database, where no worker can start (`npm run worker` needs PostgreSQL: DATABASE_URL), so videos would stay queued for ever. Set it to 1 or more, or set DATABASE_URL and start workers.',
  );
}
