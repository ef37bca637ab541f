/**
 * What the server and the workers count for Prometheus (api.md "Operations", decision 078), with prom-client. One
 * registry for the process: the counters are named here, and the modules that know the moment increment them
 * (videos at a job event, catalog at a build, webhooks at a delivery) without knowing how they are scraped. What
 * the database knows (videos by status, the pool) is read at each scrape (`scrapeMetrics`), from the scraping app's
 * own database, so that several apps in one process (tests) each answer their own.
 */
import { timingSafeEqual } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import client from 'prom-client';
import type { Database } from '../db/client.ts';
import { videoFiles } from '../db/schema.ts';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

/** Seconds a request takes, by route (its pattern, not its URL: ids would make a series each) and status. */
export const httpRequestSeconds = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Every video job event (the timeline's), by event: `failed` rising is a video failing. */
export const videoJobEvents = new client.Counter({
  name: 'video_job_events_total',
  help: 'Video job events recorded by this process, by event (queued, started, retried, lease_lost, stopped, failed, ready)',
  labelNames: ['event'] as const,
  registers: [registry],
});

/** One transcode from its claim to its end, by result (`ready`, `failed`, `retried`, `stopped`, `lease_lost`). */
export const transcodeSeconds = new client.Histogram({
  name: 'video_transcode_seconds',
  help: 'Time one attempt at a video took in this process, by result',
  labelNames: ['result'] as const,
  buckets: [5, 15, 30, 60, 120, 300, 600, 1200, 2400, 3600, 7200],
  registers: [registry],
});

/** How long a video was due before a worker claimed it. */
export const queueWaitSeconds = new client.Histogram({
  name: 'video_queue_wait_seconds',
  help: 'Time a due video waited before a worker claimed it',
  buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 300, 900, 3600],
  registers: [registry],
});

/** A catalogue build by a person (`trigger="person"`) or the schedule (`"schedule"`), by result. */
export const catalogueBuilds = new client.Counter({
  name: 'catalogue_builds_total',
  help: 'Catalogue builds, by trigger (person, schedule) and result (published, failed)',
  labelNames: ['trigger', 'result'] as const,
  registers: [registry],
});

/** A scheduled publish (modules/schedule's automatic builds), by result (`published`, `retried`, `failed`). */
export const scheduledPublishes = new client.Counter({
  name: 'catalogue_scheduled_publishes_total',
  help: 'Publishes the schedule ran, by result (published, retried, failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** A webhook delivery attempt, by result (`delivered`, `failed`, `timeout`…): incremented by modules/webhooks. */
export const webhookDeliveries = new client.Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts, by result',
  labelNames: ['result'] as const,
  registers: [registry],
});

const videoJobs = new client.Gauge({
  name: 'video_jobs',
  help: 'Videos not in the bin, by status (queued, processing, ready, failed)',
  labelNames: ['status'] as const,
  registers: [registry],
});

const poolClients = new client.Gauge({
  name: 'db_pool_clients',
  help: 'PostgreSQL pool clients, by state (total, idle, waiting: requests waiting for a client)',
  labelNames: ['state'] as const,
  registers: [registry],
});

const STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;

/** The text Prometheus reads: the counters, with what the database says now. */
export async function scrapeMetrics(database: Pick<Database, 'db' | 'poolStats'>): Promise<string> {
  const rows = await database.db
    .select({ status: videoFiles.status, n: count() })
    .from(videoFiles)
    .where(sql`${videoFiles.deleted_at} is null`)
    .groupBy(videoFiles.status);
  for (const status of STATUSES) videoJobs.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
  const pool = database.poolStats?.();
  if (pool) for (const [state, n] of Object.entries(pool)) poolClients.set({ state }, n);
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;

/**
 * Whether a scrape may read the figures: 404 when METRICS_TOKEN is unset (no metrics here), 401 without the
 * bearer token, else null. Compared in constant time: the token is a secret.
 */
export function metricsRefusal(token: string | undefined, authorization: string | undefined): 404 | 401 | null {
  if (!token) return 404;
  const sent = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b) ? null : 401;
}
