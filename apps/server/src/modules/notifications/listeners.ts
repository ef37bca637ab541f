/**
 * Who is told what (api.md "Operations"): the uploader when their video is ready or failed, the person who pressed
 * Build when the build failed. Registered as listeners at the composition root (video-services.ts, catalogue-services.ts), so that
 * videos and catalog never import notifications.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoEvents, videoFiles } from '../../db/schema.ts';
import type { CatalogueFailure } from '../catalog/index.ts';
import { notify } from './data.ts';

/** Where the console shows a video: the Videos screen, opened on it. */
export const videoLink = (id: number) => `/admin/videos?video=${id}`;

/** The video's uploader and name, with its latest event of this kind (what the notification is about, once). */
async function aboutVideo(db: Db, videoId: number, event: 'ready' | 'failed') {
  const [row] = await db
    .select({
      uploaded_by: videoFiles.uploaded_by,
      name: videoFiles.name,
      failure: videoFiles.failure,
      event_id: videoEvents.id,
      at: videoEvents.at,
    })
    .from(videoFiles)
    .innerJoin(videoEvents, and(eq(videoEvents.video_id, videoFiles.id), eq(videoEvents.event, event)))
    .where(eq(videoFiles.id, videoId))
    .orderBy(desc(videoEvents.id))
    .limit(1);
  return row?.uploaded_by ? { ...row, user_id: row.uploaded_by } : undefined;
}

/** A ready video's uploader is told (ready listeners may be told again: the event's key keeps it to one). */
export async function notifyVideoReady(db: Db, _storage: unknown, videoId: number): Promise<void> {
  const video = await aboutVideo(db, videoId, 'ready');
  if (!video) return;
  await notify(db, {
    user_id: video.user_id,
    kind: 'video_ready',
    text: `${video.name} is ready`,
    link: videoLink(videoId),
    key: `video_event:${video.event_id}`,
    at: video.at,
  });
}

/** A failed video's uploader is told, with the failure's sentence. */
export async function notifyVideoFailed(db: Db, videoId: number): Promise<void> {
  const video = await aboutVideo(db, videoId, 'failed');
  if (!video) return;
  await notify(db, {
    user_id: video.user_id,
    kind: 'video_failed',
    text: `${video.name} failed: ${video.failure ?? 'processing failed'}`,
    link: videoLink(videoId),
    key: `video_event:${video.event_id}`,
    at: video.at,
  });
}

/** The person who pressed Build is told when it failed, with a link to the JSON build screen; the schedule's own
 * builds have no such person. */
export async function notifyBuildFailed(db: Db, build: CatalogueFailure): Promise<void> {
  if (build.by === null) return;
  await notify(db, {
    user_id: build.by,
    kind: 'build_failed',
    text: `The ${build.lang} catalogue build failed: ${build.detail}`,
    link: '/admin/json',
    key: `build_failed:${build.key}`,
  });
}
