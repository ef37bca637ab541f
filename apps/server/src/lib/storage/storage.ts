/** What every storage driver is (local.ts, s3.ts): apart from index.ts, which picks one, so neither imports it. */
import type { Readable } from 'node:stream';

export interface PutOptions {
  contentType: string;
  /** Immutable objects (random names) are cached for a year; others must be revalidated. */
  immutable: boolean;
}

/** Where uploaded media and published catalogues live: a local folder or an S3-compatible bucket. */
export interface Storage {
  /** Streams `body` to `key` and answers how many bytes were written. */
  put(key: string, body: Readable | Buffer, options: PutOptions): Promise<{ size: number }>;
  /** The public URL of `key` (a path on this server for the local folder). */
  publicUrl(key: string): string;
  delete(key: string): Promise<void>;
  /** Streams what is stored under `key` (a catalogue build to compare with or make live again); undefined if nothing is. */
  read(key: string): Promise<Readable | undefined>;
  /** Moves a local file (a master, a rendition) in under `key`: the file is gone afterwards, stored or not. */
  moveIn(key: string, file: string, options: PutOptions): Promise<{ size: number }>;
  /**
   * A local path to what is stored under `key`, for ffmpeg to read: the stored file itself for local storage, else a
   * copy downloaded into the folder `dir` (the caller removes the folder).
   */
  localPath(key: string, dir: string): Promise<string>;
  /** Deletes every object under `prefix/` (an HLS ladder); nothing there is no error. */
  deleteFolder(prefix: string): Promise<void>;
}

/** The Cache-Control of an object: random names never change, anything else is revalidated. */
export function cacheControl(immutable: boolean): string {
  return immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Object keys are made by the server (folder/random-name.ext); nothing a user sends becomes a path. */
const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;
export function assertSafeKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}
