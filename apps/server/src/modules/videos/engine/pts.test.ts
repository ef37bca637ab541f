import { describe, expect, it } from 'vitest';
import { firstPtsOf } from './pts.ts';

describe('the first presentation time of a segment', () => {
  it('is read from the PTS of the first PES packets', () => {
    const packet = (pts: number) => {
      const p = Buffer.alloc(188, 0xff);
      p.set([0x47, 0x41, 0x00, 0x10, 0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5]);
      p.set(
        [
          0x21 | (Math.floor(pts / 2 ** 30) << 1),
          (pts >> 22) & 0xff,
          (((pts >> 15) & 0x7f) << 1) | 1,
          (pts >> 7) & 0xff,
          ((pts & 0x7f) << 1) | 1,
        ],
        13,
      );
      return p;
    };
    expect(firstPtsOf(Buffer.concat([packet(129_003), packet(126_000)]))).toBe(126_000);
    expect(firstPtsOf(Buffer.alloc(188))).toBeUndefined();
  });
});
