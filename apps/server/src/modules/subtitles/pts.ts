import { text as readText } from 'node:stream/consumers';
import type { Storage } from '../../lib/storage/index.ts';

/** Bytes of the first segment read: enough for its first audio and video packets. */
const HEAD_BYTES = 64 * 1024;
const TS_PACKET = 188;

/** The smallest presentation time (90 kHz) of the PES packets that start in `bytes`, an MPEG-TS stream's head. */
export function firstPtsOf(bytes: Buffer): number | undefined {
  let least: number | undefined;
  for (let at = bytes.indexOf(0x47); at >= 0 && at + TS_PACKET <= bytes.length; at += TS_PACKET) {
    if (bytes[at] !== 0x47) break;
    const unitStart = (bytes[at + 1] & 0x40) !== 0;
    const adaptation = (bytes[at + 3] >> 4) & 0x3;
    if (!unitStart || adaptation === 2) continue;
    const payload = at + 4 + (adaptation === 3 ? bytes[at + 4] + 1 : 0);
    // A PES header (00 00 01, a stream id) with a PTS (flags in its 8th byte); PAT/PMT sections have none.
    if (bytes[payload] !== 0 || bytes[payload + 1] !== 0 || bytes[payload + 2] !== 1) continue;
    if ((bytes[payload + 7] & 0x80) === 0) continue;
    const p = payload + 9;
    const pts =
      (bytes[p] & 0x0e) * 536870912 + // bits 32..30, shifted by 29
      bytes[p + 1] * 4194304 +
      (bytes[p + 2] >> 1) * 32768 +
      bytes[p + 3] * 128 +
      (bytes[p + 4] >> 1);
    least = least === undefined ? pts : Math.min(least, pts);
  }
  return least;
}

/** ffmpeg's MPEG-TS muxer starts at 1.4 s: what is assumed when the first segment cannot be read. */
const FFMPEG_START = 126_000;
const known = new Map<string, number>();

/**
 * The first presentation time of a video's ladder, read from the head of its first rung's first segment (what
 * hls.js and Safari take as the video's start): the subtitles' X-TIMESTAMP-MAP. Kept per ladder: it never changes.
 */
export async function firstPts90k(storage: Storage, prefix: string, master: string): Promise<number> {
  const cached = known.get(prefix);
  if (cached !== undefined) return cached;
  const rung = master.split('\n').find((line) => line && !line.startsWith('#'));
  let pts: number | undefined;
  const playlist = rung && (await storage.read(`${prefix}/${rung}`));
  if (playlist && rung) {
    const segment = (await readText(playlist)).split('\n').find((line) => line && !line.startsWith('#'));
    const folder = rung.includes('/') ? rung.slice(0, rung.lastIndexOf('/') + 1) : '';
    const stream = segment && (await storage.read(`${prefix}/${folder}${segment}`));
    if (stream) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= HEAD_BYTES) break;
      }
      stream.destroy();
      pts = firstPtsOf(Buffer.concat(chunks));
    }
  }
  const value = pts ?? FFMPEG_START;
  if (pts !== undefined) {
    if (known.size > 1000) known.clear();
    known.set(prefix, value);
  }
  return value;
}
