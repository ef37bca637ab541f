import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { VideoFile } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { videoFiles } from '../../db/schema.ts';
import { conflict, fieldError, itemNotFound } from '../../lib/errors.ts';
import { getVideoFile } from './data.ts';
import { parseMediaPlaylist, takePoster } from './engine/index.ts';

/** The segment of a media playlist that holds moment `atSec`, and where in it that moment is. */
export function segmentAt(playlist: string, atSec: number): { uri: string; offset: number } | undefined {
  let start = 0;
  const segments = parseMediaPlaylist(playlist);
  for (const { uri, seconds } of segments) {
    if (atSec < start + seconds) return { uri, offset: atSec - start };
    start += seconds;
  }
  // Past the last segment's end by rounding: its last frame.
  const last = segments.at(-1);
  return last && { uri: last.uri, offset: Math.max(0, last.seconds - 0.1) };
}

/**
 * The poster taken again at `atSec`: from the one segment of the largest rendition that holds that moment (a few
 * megabytes, whatever the master's size, and read the same way from a bucket or the local folder), stored under a
 * new name (posters are cached for a year); the old one stays for the catalogues that name it.
 */
export async function takePosterAt(app: FastifyInstance, id: number, atSec: number): Promise<VideoFile> {
  const { db } = app.database;
  const [row] = await db.select().from(videoFiles).where(eq(videoFiles.id, id));
  if (!row || row.deleted_at) throw itemNotFound('Video file', id);
  if (row.status !== 'ready' || !row.output_prefix) {
    throw conflict('The video is not ready yet: its poster can be chosen once it is processed');
  }
  const duration = row.source?.duration_sec ?? row.duration_sec ?? 0;
  if (atSec > duration) throw fieldError('at_sec', `The video is ${Math.floor(duration)} seconds long`);
  const top = row.renditions.at(-1) as { playlist?: string } | undefined;
  if (!top?.playlist) throw conflict('The video has no rendition to take a poster from');
  const playlistKey = `${row.output_prefix}/${top.playlist}`;
  const body = await app.storage.read(playlistKey);
  const segment = body && segmentAt(await text(body), atSec);
  if (!segment) throw conflict('The video has no rendition to take a poster from');

  await mkdir(app.videos.workDir, { recursive: true });
  const dir = await mkdtemp(path.join(app.videos.workDir, `poster-${id}-`));
  try {
    const segmentKey = path.posix.join(path.posix.dirname(playlistKey), segment.uri);
    const input = await app.storage.localPath(segmentKey, dir);
    const out = path.join(dir, 'poster.jpg');
    await takePoster(app.videos.bin, { input, out, atSec: segment.offset });
    const key = `${row.output_prefix}/poster-${randomUUID().slice(0, 8)}.jpg`;
    await app.storage.moveIn(key, out, { contentType: 'image/jpeg', immutable: true });
    // The old poster is kept: catalogues already published name it until the next build. Every poster is in the
    // ladder's folder, which goes whole when the video is purged.
    await db
      .update(videoFiles)
      .set({ poster_key: key, thumbnail_url: app.storage.publicUrl(key) })
      .where(eq(videoFiles.id, id));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return getVideoFile(db, id);
}
