import { Readable, Transform, type TransformCallback } from 'node:stream';
import { HttpError } from '../../lib/errors.ts';

/**
 * Reads the first `n` bytes of a stream (fewer if it ends sooner) without losing them:
 * `body` replays them followed by the rest, still pulled on demand (backpressure kept).
 */
export async function peek(stream: Readable, n: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const seen: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < n) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    seen.push(next.value);
    length += next.value.length;
  }
  async function* replay() {
    yield* seen;
    seen.length = 0;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  // Destroying `body` (a failed store) ends the generator, whose iterator then destroys `stream`.
  const body = Readable.from(replay(), { objectMode: false });
  return { head: Buffer.concat(seen).subarray(0, n), body };
}

/**
 * Counts the bytes passing through and fails with 413 past `limit`, so an upload is refused
 * while it streams instead of after it was stored. `observe` sees every chunk (the MP4 reader).
 */
export class ByteMeter extends Transform {
  bytes = 0;
  /** The 413 this meter raised, if it did; it wins over the errors it causes downstream. */
  failure: HttpError | null = null;

  constructor(
    private readonly limit: number,
    private readonly tooBig: string,
    private readonly observe?: (chunk: Buffer) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      this.failure = new HttpError(413, this.tooBig);
      callback(this.failure);
      return;
    }
    this.observe?.(chunk);
    callback(null, chunk);
  }
}
