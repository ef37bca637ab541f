import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { videoFiles } from '../../../db/schema.ts';
import type { Storage } from '../../../lib/storage/index.ts';

const M3U8 = { contentType: 'application/vnd.apple.mpegurl', immutable: true };

/** The stored key of a ready video's HLS master: its playback URL's last part, in the ladder's folder. */
export function masterKey(row: { output_prefix: string | null; playback_url: string | null }): string | null {
  if (!row.output_prefix || !row.playback_url) return null;
  return `${row.output_prefix}/${row.playback_url.slice(row.playback_url.lastIndexOf('/') + 1)}`;
}

/** The `playback_url` of a ladder just stored: its master as the transcoder wrote it (`master.m3u8`). */
export function firstPlaybackUrl(storage: Storage, prefix: string, master: string): { playback_url: string } {
  return { playback_url: storage.publicUrl(`${prefix}/${master}`) };
}

/**
 * Writes a ready video's HLS master again: `change` gets the master's text as it is now (its audio tracks named
 * again by staff, its subtitles group, decisions 067 and 068) and answers the new text. A new text is stored under a
 * name made from its content (masters are cached as immutable, and published catalogues keep naming the one they
 * were built with) and `playback_url` names it; the same text changes nothing. The one writer of both (issue 36).
 * The video's row is locked for the rewrite: two never start from the same text. Answers false when the video has
 * no master to start from (not ready, or its master missing from storage).
 */
export async function rewriteMaster(
  db: Executor,
  storage: Storage,
  videoId: number,
  change: (master: string) => string | Promise<string>,
): Promise<boolean> {
  const [row] = await db
    .select({ output_prefix: videoFiles.output_prefix, playback_url: videoFiles.playback_url })
    .from(videoFiles)
    .where(eq(videoFiles.id, videoId))
    .for('update');
  const key = row && masterKey(row);
  const body = key && (await storage.read(key));
  if (!row?.output_prefix || !body) return false;
  const before = await text(body);
  const after = await change(before);
  if (after === before) return true;
  const newKey = `${row.output_prefix}/master-${createHash('sha256').update(after).digest('hex').slice(0, 12)}.m3u8`;
  await storage.put(newKey, Buffer.from(after), M3U8);
  await db
    .update(videoFiles)
    .set({ playback_url: storage.publicUrl(newKey) })
    .where(eq(videoFiles.id, videoId));
  return true;
}
