import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';

export interface MultipartPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body framed by hand, for `app.inject` (no form-data package needed). */
export function multipartBody(parts: MultipartPart[], boundary = `----test${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ?? (part.filename === undefined ? undefined : 'application/octet-stream');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A POST of one file in the multipart field `file` (or `field`), ready for TestApp.request. */
export function fileUpload(
  url: string,
  file: { data: Buffer | string; filename?: string; contentType?: string },
  field = 'file',
): InjectOptions {
  const { payload, headers } = multipartBody([
    { name: field, filename: file.filename ?? 'upload.bin', contentType: file.contentType, data: file.data },
  ]);
  return { method: 'POST', url, payload, headers };
}

/**
 * The smallest MP4 the upload accepts and reads a duration from: ftyp, then mdat, then moov/mvhd
 * at the end (as a camera writes it). `version` 1 uses 64-bit times; `largeMdat` gives mdat a 64-bit size.
 */
export function syntheticMp4(opts: {
  timescale: number;
  duration: number | bigint;
  version?: 0 | 1;
  mdatBytes?: number;
  largeMdat?: boolean;
  moovFirst?: boolean;
}): Buffer {
  const box = (type: string, payload: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + payload.length, 0);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, payload]);
  };
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
  const mediaData = Buffer.alloc(opts.mdatBytes ?? 64, 0x5a);
  let mdat: Buffer;
  if (opts.largeMdat) {
    const header = Buffer.alloc(16);
    header.writeUInt32BE(1, 0);
    header.write('mdat', 4, 'latin1');
    header.writeBigUInt64BE(BigInt(16 + mediaData.length), 8);
    mdat = Buffer.concat([header, mediaData]);
  } else {
    mdat = box('mdat', mediaData);
  }
  let mvhd: Buffer;
  if (opts.version === 1) {
    mvhd = Buffer.alloc(112);
    mvhd.writeUInt8(1, 0);
    mvhd.writeUInt32BE(opts.timescale, 20);
    mvhd.writeBigUInt64BE(BigInt(opts.duration), 24);
  } else {
    mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(opts.timescale, 12);
    mvhd.writeUInt32BE(Number(opts.duration), 16);
  }
  // A track box before mvhd would be unusual; a `udta` after it is common: mvhd is found either way.
  const moov = box('moov', Buffer.concat([box('mvhd', mvhd), box('udta', Buffer.alloc(12))]));
  return Buffer.concat(opts.moovFirst ? [ftyp, moov, mdat] : [ftyp, mdat, moov]);
}

/** A valid 1x1 PNG (one red pixel), built with zlib so no binary fixture is needed. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  const scanline = Buffer.from([0, 0xff, 0, 0]); // filter byte, then one RGB pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(scanline)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
