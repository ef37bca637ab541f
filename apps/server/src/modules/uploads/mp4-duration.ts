/**
 * Reads the duration of an MP4/QuickTime file while it streams past, without holding it:
 * walks the top-level boxes (skipping their payloads), descends into moov only, and reads
 * mvhd's timescale and duration. moov may come first (fast start) or after mdat at the end;
 * either way only a few dozen bytes are ever kept.
 */
export class Mp4DurationReader {
  private mode: 'header' | 'skip' | 'mvhd' | 'done' = 'header';
  /** Bytes collected of the box header (8, or 16 with a 64-bit size) or of mvhd's start. */
  private readonly pending = Buffer.alloc(32);
  private filled = 0;
  private need = 8;
  private skipLeft = 0;
  /** Bytes of moov's payload not yet consumed, while inside moov (Infinity: moov runs to the end). */
  private moovLeft: number | null = null;
  private duration: number | null = null;

  /** Whole seconds (rounded), or null: no moov/mvhd seen (yet), a malformed box, or an unknown duration. */
  get durationSec(): number | null {
    return this.duration;
  }

  /** True once nothing more will be learnt from further bytes. */
  get done(): boolean {
    return this.mode === 'done';
  }

  push(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length && this.mode !== 'done') {
      if (this.mode === 'skip') {
        const n = Math.min(this.skipLeft, chunk.length - i);
        this.skipLeft -= n;
        i += n;
        this.consume(n);
        if (this.skipLeft === 0) this.nextBox();
        continue;
      }
      const n = Math.min(this.need - this.filled, chunk.length - i);
      chunk.copy(this.pending, this.filled, i, i + n);
      this.filled += n;
      i += n;
      this.consume(n);
      if (this.filled < this.need) continue;
      if (this.mode === 'header') this.onHeader();
      else this.onMvhd();
    }
  }

  private consume(n: number) {
    if (this.moovLeft !== null) this.moovLeft -= n;
  }

  /** Ready for the next box header; the end of moov without an mvhd ends the search. */
  private nextBox() {
    this.mode = 'header';
    this.filled = 0;
    this.need = 8;
    if (this.moovLeft !== null && this.moovLeft < 8) this.mode = 'done';
  }

  private onHeader() {
    const size32 = this.pending.readUInt32BE(0);
    if (size32 === 1 && this.need === 8) {
      this.need = 16; // a 64-bit size follows the type
      return;
    }
    const headerLen = this.need;
    const type = this.pending.toString('latin1', 4, 8);
    let size: number;
    if (size32 === 1) {
      const big = this.pending.readBigUInt64BE(8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) return this.giveUp();
      size = Number(big);
    } else if (size32 === 0) {
      // Size 0: the box runs to the end of the file (or of its parent).
      size = this.moovLeft ?? Number.POSITIVE_INFINITY;
      if (this.moovLeft !== null) size += headerLen;
    } else {
      size = size32;
    }
    if (size < headerLen) return this.giveUp();
    const payload = size - headerLen;
    if (this.moovLeft === null) {
      if (type === 'moov') {
        this.moovLeft = payload;
        return this.nextBox();
      }
      // Nothing can follow a box that runs to the end of the file.
      if (payload === Number.POSITIVE_INFINITY) return this.giveUp();
      return this.skip(payload);
    }
    if (payload > this.moovLeft) return this.giveUp();
    if (type === 'mvhd') {
      // version+flags, creation, modification, timescale, duration: 20 bytes (v0) or 32 (v1).
      this.mode = 'mvhd';
      this.filled = 0;
      this.need = Math.min(payload, 32);
      if (this.need < 20) this.giveUp();
      return;
    }
    this.skip(payload);
  }

  private skip(n: number) {
    if (n === 0) return this.nextBox();
    this.mode = 'skip';
    this.skipLeft = n;
  }

  private onMvhd() {
    const b = this.pending;
    const version = b[0];
    let timescale: number;
    let duration: number;
    if (version === 1) {
      if (this.need < 32) return this.giveUp();
      timescale = b.readUInt32BE(20);
      const d = b.readBigUInt64BE(24);
      // All ones: the duration is unknown.
      duration = d === 0xffff_ffff_ffff_ffffn ? Number.NaN : Number(d);
    } else if (version === 0) {
      timescale = b.readUInt32BE(12);
      const d = b.readUInt32BE(16);
      duration = d === 0xffff_ffff ? Number.NaN : d;
    } else {
      return this.giveUp();
    }
    // Fragmented MP4s leave mvhd's duration at 0 and keep the real one in the fragments: unknown, not 0 s.
    // Past the column's int range (68 years) is a broken header, not a video: unknown, rather than a refused upload.
    const seconds = timescale > 0 && duration > 0 ? Math.round(duration / timescale) : Number.NaN;
    if (seconds <= 2_147_483_647) this.duration = seconds;
    this.mode = 'done';
  }

  private giveUp() {
    this.duration = null;
    this.mode = 'done';
  }
}
