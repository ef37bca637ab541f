import { text as readText } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videoFiles } from '../../db/schema.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { FFMPEG_START_PTS, firstPtsOf, HEAD_BYTES } from './engine/pts.ts';
import { masterKey } from './hls/index.ts';

/**
 * A ready video's first presentation time (90 kHz, engine/pts.ts), as its row keeps it since the ladder was made. A
 * video made before the column (issue 36) has it read once from its stored first segment, and kept: no process reads
 * a segment for it again.
 */
export async function firstPtsOfVideo(db: Executor, storage: Storage, videoId: number): Promise<number> {
  const [row] = await db
    .select({
      first_pts_90k: videoFiles.first_pts_90k,
      output_prefix: videoFiles.output_prefix,
      playback_url: videoFiles.playback_url,
    })
    .from(videoFiles)
    .where(eq(videoFiles.id, videoId));
  if (!row) return FFMPEG_START_PTS;
  if (row.first_pts_90k !== null) return row.first_pts_90k;
  const pts = row.output_prefix ? await readFirstPts(storage, row.output_prefix, masterKey(row)) : undefined;
  // Only what was read is kept: a segment missing now (storage unreachable) is looked for again next time.
  if (pts === undefined) return FFMPEG_START_PTS;
  await db.update(videoFiles).set({ first_pts_90k: pts }).where(eq(videoFiles.id, videoId));
  return pts;
}

/** Read from storage: the master's first variant, its playlist's first segment, that segment's head. */
async function readFirstPts(storage: Storage, prefix: string, master: string | null): Promise<number | undefined> {
  const masterBody = await storage.read(master ?? `${prefix}/master.m3u8`);
  if (!masterBody) return undefined;
  const firstLine = (text: string) => text.split('\n').find((line) => line && !line.startsWith('#'));
  const variant = firstLine(await readText(masterBody));
  const playlist = variant && (await storage.read(`${prefix}/${variant}`));
  if (!variant || !playlist) return undefined;
  const segment = firstLine(await readText(playlist));
  const folder = variant.includes('/') ? variant.slice(0, variant.lastIndexOf('/') + 1) : '';
  const stream = segment && (await storage.read(`${prefix}/${folder}${segment}`));
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= HEAD_BYTES) break;
  }
  stream.destroy();
  return firstPtsOf(Buffer.concat(chunks));
}
