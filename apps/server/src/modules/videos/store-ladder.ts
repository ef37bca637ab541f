import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../../lib/storage/index.ts';
import type { LadderResult } from './engine/index.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
};

/**
 * Stores a ladder under the attempt's own prefix (transcoder.ts): nothing of it is answered until the row says ready.
 * Answers the poster's key, named afresh so that a poster taken again later never reuses a cached address.
 */
export async function storeLadder(
  storage: Storage,
  outDir: string,
  ladder: LadderResult,
  prefix: string,
  signal: AbortSignal,
): Promise<string> {
  const posterKey = `${prefix}/poster-${randomUUID().slice(0, 8)}.jpg`;
  for (const file of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const full = path.join(file.parentPath, file.name);
    const relative = path.relative(outDir, full).split(path.sep).join('/');
    const key = relative === ladder.poster ? posterKey : `${prefix}/${relative}`;
    if (signal.aborted) throw new Error('Processing was stopped');
    await storage.moveIn(key, full, {
      contentType: CONTENT_TYPES[path.extname(file.name)] ?? 'application/octet-stream',
      immutable: true,
    });
  }
  return posterKey;
}
