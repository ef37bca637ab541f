import { randomUUID } from 'node:crypto';
import type { CatalogueBuildRecord, WebhookEvent } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { videoFiles } from '../../db/schema.ts';
import type { CatalogueFailure } from '../catalog/index.ts';
import { storeEvent, type WebhookEventInput } from './data.ts';
import { wakeSenders } from './sender.ts';

/**
 * The listeners webhooks gives the composition root (video-services.ts, catalogue-services.ts): each stores the
 * event for the webhooks that want it and wakes this process's sender. Storing is one insert, so the job that
 * caused the event (a transcode, a build) waits for nothing else; the sending happens in the sender's own time.
 */
async function tell(db: Executor, event: WebhookEventInput & { type: WebhookEvent }): Promise<void> {
  const stored = await storeEvent(db, event);
  if (stored.length > 0) wakeSenders();
}

async function videoData(db: Executor, videoId: number) {
  const [video] = await db
    .select({
      id: videoFiles.id,
      ext_id: videoFiles.ext_id,
      name: videoFiles.name,
      status: videoFiles.status,
      duration_sec: videoFiles.duration_sec,
      playback_url: videoFiles.playback_url,
      thumbnail_url: videoFiles.thumbnail_url,
      failure: videoFiles.failure,
      output_prefix: videoFiles.output_prefix,
      started_at: videoFiles.started_at,
    })
    .from(videoFiles)
    .where(eq(videoFiles.id, videoId));
  return video;
}

/** "A video became ready" (decision 069): `video.ready`, once per ladder however often the listeners are told. */
export async function videoReadyWebhooks(db: Db, _storage: unknown, videoId: number): Promise<void> {
  const video = await videoData(db, videoId);
  if (video?.status !== 'ready') return;
  const { output_prefix, started_at, failure: _, ...data } = video;
  await tell(db, { type: 'video.ready', key: `${videoId}:${output_prefix}`, data });
}

/** A video failed for good: `video.failed` with its sentence, once per failed try. */
export async function videoFailedWebhooks(db: Db, videoId: number): Promise<void> {
  const video = await videoData(db, videoId);
  if (video?.status !== 'failed') return;
  const { output_prefix, started_at, playback_url: _, thumbnail_url: __, ...data } = video;
  await tell(db, { type: 'video.failed', key: `${videoId}:${started_at}`, data });
}

/** A catalogue build (or a rollback) went live: `catalogue.published`. */
export async function cataloguePublishedWebhooks(db: Db, build: CatalogueBuildRecord): Promise<void> {
  const data = {
    build_id: build.id,
    lang: build.lang_code,
    url: build.url,
    versioned_url: build.versioned_url,
    sha256: build.sha256,
    automatic: build.automatic,
    rollback_of: build.rollback_of?.id ?? null,
    created_at: build.created_at,
    created_by: build.created_by,
  };
  await tell(db, { type: 'catalogue.published', key: `build:${build.id}`, data });
}

/** A catalogue build failed: `catalogue.publish_failed`, each failure its own event. */
export async function catalogueFailedWebhooks(db: Db, failure: CatalogueFailure): Promise<void> {
  const data = { lang: failure.lang, automatic: failure.automatic, detail: failure.detail };
  await tell(db, { type: 'catalogue.publish_failed', key: `build_failed:${failure.key}`, data });
}
