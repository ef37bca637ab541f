import { describe, expect, it } from 'vitest';
import { syntheticMp4 } from '../../test/multipart.ts';
import { Mp4DurationReader } from './mp4-duration.ts';
import { sniffImage, sniffVideo } from './sniff.ts';

function read(bytes: Buffer, chunkSize = bytes.length): number | null {
  const reader = new Mp4DurationReader();
  for (let i = 0; i < bytes.length; i += chunkSize) reader.push(bytes.subarray(i, i + chunkSize));
  return reader.durationSec;
}

function box(type: string, payload: Buffer, size = 8 + payload.length): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

describe('MP4 duration', () => {
  const cases = {
    'version 0, moov at the end': syntheticMp4({ timescale: 1000, duration: 12_345 }),
    'version 1, moov at the end': syntheticMp4({ timescale: 90_000, duration: 90_000n * 3_600n, version: 1 }),
    'version 0, moov first': syntheticMp4({ timescale: 600, duration: 600 * 42, moovFirst: true }),
    '64-bit mdat size': syntheticMp4({ timescale: 1000, duration: 7_600, largeMdat: true, mdatBytes: 5000 }),
  };
  const expected: Record<keyof typeof cases, number> = {
    'version 0, moov at the end': 12,
    'version 1, moov at the end': 3600,
    'version 0, moov first': 42,
    '64-bit mdat size': 8,
  };

  for (const [name, bytes] of Object.entries(cases) as [keyof typeof cases, Buffer][]) {
    it(`reads ${name}, whole and on every chunk boundary`, () => {
      expect(read(bytes)).toBe(expected[name]);
      expect(read(bytes, 1)).toBe(expected[name]);
      for (const size of [2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 100])
        expect(read(bytes, size), `chunks of ${size}`).toBe(expected[name]);
    });
  }

  it('stops reading once it has the duration and ignores what follows', () => {
    const reader = new Mp4DurationReader();
    reader.push(syntheticMp4({ timescale: 1, duration: 5, moovFirst: true }));
    expect(reader.done).toBe(true);
    reader.push(Buffer.from('garbage that is not a box'));
    expect(reader.durationSec).toBe(5);
  });

  it('finds mvhd after other children of moov and in a moov that runs to the end (size 0)', () => {
    const mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(10, 12);
    mvhd.writeUInt32BE(305, 16);
    const moov = box('moov', Buffer.concat([box('trak', Buffer.alloc(40)), box('mvhd', mvhd)]), 0);
    const file = Buffer.concat([box('ftyp', Buffer.from('isom0000')), box('free', Buffer.alloc(3)), moov]);
    expect(read(file, 5)).toBe(31);
  });

  it('answers null when the duration is unknown or the file is not what it claims', () => {
    const ftyp = box('ftyp', Buffer.from('isom0000'));
    expect(read(Buffer.concat([ftyp, box('mdat', Buffer.alloc(50))]))).toBeNull(); // no moov (yet)
    expect(read(syntheticMp4({ timescale: 0, duration: 10 }))).toBeNull();
    expect(read(syntheticMp4({ timescale: 1000, duration: 0 }))).toBeNull(); // fragmented
    expect(read(syntheticMp4({ timescale: 1000, duration: 0xffff_ffff }))).toBeNull();
    expect(read(syntheticMp4({ timescale: 1000, duration: 0xffff_ffff_ffff_ffffn, version: 1 }))).toBeNull();
    expect(read(syntheticMp4({ timescale: 1, duration: 0xffff_fffe }))).toBeNull(); // 136 years
    expect(read(syntheticMp4({ timescale: 1, duration: 0xffff_ffff_ffff_fffen, version: 1 }))).toBeNull();
    expect(read(Buffer.concat([ftyp, box('moov', box('trak', Buffer.alloc(20)))]))).toBeNull(); // moov without mvhd
    expect(read(Buffer.concat([ftyp, box('bad!', Buffer.alloc(0), 3)]))).toBeNull(); // size below its header
    expect(read(Buffer.concat([ftyp, box('mdat', Buffer.alloc(4), 0), box('moov', Buffer.alloc(0))]))).toBeNull();
    const shortMvhd = box('moov', box('mvhd', Buffer.alloc(10)));
    expect(read(Buffer.concat([ftyp, shortMvhd]))).toBeNull();
    expect(read(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4, 5, 6, 7, 8]))).toBeNull(); // WebM
  });
});

describe('sniffing', () => {
  it('knows images by their bytes only', () => {
    expect(sniffImage(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'))?.ext).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a..'))?.ext).toBe('gif');
    expect(sniffImage(Buffer.from('GIF87a..'))?.ext).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'))?.ext).toBe('webp');
    expect(sniffImage(Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(Buffer.from('<!doctype html>'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('knows videos by ftyp or an EBML header, and not HEIF/AVIF pictures or audio', () => {
    const ftyp = (brand: string) => Buffer.from(`\0\0\0\x18ftyp${brand}\0\0\0\0`, 'latin1');
    expect(sniffVideo(ftyp('isom'))).toMatchObject({ ext: 'mp4', container: 'mp4' });
    expect(sniffVideo(ftyp('qt  '))).toMatchObject({ ext: 'mp4', container: 'mp4' });
    expect(sniffVideo(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toMatchObject({
      ext: 'webm',
      contentType: 'video/webm',
    });
    expect(sniffVideo(ftyp('avif'))).toBeNull();
    expect(sniffVideo(ftyp('heic'))).toBeNull();
    expect(sniffVideo(ftyp('M4A '))).toBeNull();
    expect(sniffVideo(Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1'))).toBeNull();
    expect(sniffVideo(Buffer.from('\0\0\0\x18ftyp'))).not.toBeNull(); // brand cut short: still the MP4 family
  });
});
