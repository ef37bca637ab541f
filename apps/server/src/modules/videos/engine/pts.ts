/**
 * The first presentation time of a ladder (90 kHz), read from the head of its first rendition's first segment: what
 * hls.js and Safari take as the video's start, and so the subtitles' X-TIMESTAMP-MAP (decision 067). Read once, when
 * the ladder is made, and kept with the video (issue 36).
 */
import { open } from 'node:fs/promises';

/** Bytes of the first segment read: enough for its first audio and video packets. */
export const HEAD_BYTES = 64 * 1024;
const TS_PACKET = 188;

/** ffmpeg's MPEG-TS muxer starts at 1.4 s: what is assumed when the first segment cannot be read. */
export const FFMPEG_START_PTS = 126_000;

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

/** The first presentation time of a local segment file; ffmpeg's start when it holds none that can be read. */
export async function firstPtsOfFile(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return firstPtsOf(head.subarray(0, bytesRead)) ?? FFMPEG_START_PTS;
  } finally {
    await file.close();
  }
}
