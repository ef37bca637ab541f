/**
 * An image's size as its header declares it, read before anything decodes the image (issue 37: a 389 KB PNG
 * declaring 20000 × 20000 is 1.6 GB of pixels to whatever shows it). PNG, GIF, WebP and JPEG, the kinds `sniffImage`
 * lets in; null when the header is not in the bytes given.
 */
export function imageSize(head: Buffer, ext: string): { width: number; height: number } | null {
  if (ext === 'png') return head.length >= 24 ? { width: head.readUInt32BE(16), height: head.readUInt32BE(20) } : null;
  if (ext === 'gif') return head.length >= 10 ? { width: head.readUInt16LE(6), height: head.readUInt16LE(8) } : null;
  if (ext === 'webp') return webpSize(head);
  if (ext === 'jpg') return jpegSize(head);
  return null;
}

function webpSize(head: Buffer): { width: number; height: number } | null {
  if (head.length < 30) return null;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  return null;
}

/** The first start-of-frame segment's size: SOF0 to SOF15, except DHT (C4), JPG (C8) and DAC (CC). */
function jpegSize(head: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 <= head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker >= 0xd0 && marker <= 0xd9) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: head.readUInt16BE(at + 7), height: head.readUInt16BE(at + 5) };
    at += 2 + head.readUInt16BE(at + 2);
  }
  return null;
}

/** Bytes read for the header: a JPEG's start of frame comes after its EXIF and colour profile segments. */
export const IMAGE_HEADER_BYTES = 256 * 1024;
