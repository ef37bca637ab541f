import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type PutOptions, type Storage } from './storage.ts';

/** Files under DATA_DIR/media, served by the app at /media/<key>. */
export class LocalStorage implements Storage {
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Readable | Buffer, _options: PutOptions): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    // The body may fail (a client going away) while the folder is made, before the pipeline listens:
    // keep that error for the caller rather than letting it escape as an uncaught exception.
    let early: Error | undefined;
    const onEarlyError = (err: Error) => {
      early = err;
    };
    source.once('error', onEarlyError);
    try {
      await mkdir(path.dirname(target), { recursive: true });
    } finally {
      source.off('error', onEarlyError);
    }
    if (early) throw early;
    // Written beside the target and renamed, so a reader never sees half a file (the stable catalogue URL).
    // The random part keeps two writers of one key (two catalogue builds) off each other's partial file.
    const partial = `${target}.${randomUUID()}.partial`;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(partial));
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { size };
  }

  publicUrl(key: string): string {
    return `/media/${key}`;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async read(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      // Opened before answering, so a missing file is `undefined` here rather than an error on the first read.
      const handle = await open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async moveIn(key: string, file: string, _options: PutOptions): Promise<{ size: number }> {
    try {
      // Inside the try: a refused key is a failure to store too, and the file is removed all the same.
      const target = this.pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const { size } = await stat(file);
      try {
        // A temporary file in DATA_DIR is on the same disk: renamed, a 4 GB master is not copied.
        await rename(file, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        const partial = `${target}.${randomUUID()}.partial`;
        await copyFile(file, partial);
        await rename(partial, target);
      }
      return { size };
    } finally {
      await rm(file, { force: true });
    }
  }

  async localPath(key: string, _dir: string): Promise<string> {
    return this.pathOf(key);
  }

  async deleteFolder(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  /** The file of a key; the key pattern already rules out `..`, the prefix check is a second lock. */
  private pathOf(key: string): string {
    assertSafeKey(key);
    const target = path.resolve(this.root, key);
    if (!target.startsWith(this.root + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return target;
  }
}
