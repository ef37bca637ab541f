import type { UPLOAD_IMAGE_TYPES } from '@kids-vod/contract';

/** What a file is, decided by its first bytes: a name or a declared mimetype is only a claim. */
export interface FileKind {
  ext: string;
  contentType: string;
}

/** Enough bytes for every signature below (ftyp needs 12). */
export const SNIFF_BYTES = 16;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(head: Buffer, start: number, end: number): string {
  return head.length >= end ? head.toString('latin1', start, end) : '';
}

/**
 * PNG, JPEG, GIF or WebP (the contract's UPLOAD_IMAGE_TYPES, which the console offers); null for anything else (SVG
 * and HTML included: they could carry scripts).
 */
export function sniffImage(head: Buffer): (FileKind & { contentType: (typeof UPLOAD_IMAGE_TYPES)[number] }) | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG)) return { ext: 'png', contentType: 'image/png' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { ext: 'jpg', contentType: 'image/jpeg' };
  }
  const gif = ascii(head, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return { ext: 'gif', contentType: 'image/gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { ext: 'webp', contentType: 'image/webp' };
  return null;
}
