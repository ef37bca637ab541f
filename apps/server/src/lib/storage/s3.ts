import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable, Transform } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config.ts';
import { assertSafeKey, cacheControl, type PutOptions, type Storage } from './storage.ts';

/** S3-compatible object storage (Cloudflare R2, AWS S3, MinIO), chosen with STORAGE_DRIVER=s3. */
export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicBase: string;

  constructor(config: Config) {
    if (!config.S3_BUCKET || !config.S3_PUBLIC_URL) throw new Error('S3_BUCKET and S3_PUBLIC_URL are required');
    this.bucket = config.S3_BUCKET;
    this.publicBase = config.S3_PUBLIC_URL.replace(/\/+$/, '');
    this.client = new S3Client({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      // Without both keys the SDK's own chain applies (environment, instance role).
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      // The SDK's default adds CRC checksums (aws-chunked bodies with trailers) that several
      // S3-compatible servers do not understand; checksums only where the API demands them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions): Promise<{ size: number }> {
    assertSafeKey(key);
    let size = 0;
    let source: Readable | Buffer = body;
    let bodyError: Error | null = null;
    if (!Buffer.isBuffer(body)) {
      // Counted in transform() rather than by a 'data' listener, which would start the flow before
      // Upload reads and lose chunks; pipeline() carries a failure of `body` into what Upload reads.
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      source = pipeline(body, counter, (err) => {
        if (err) bodyError ??= err;
      });
    } else {
      size = body.length;
    }
    // Multipart in 5 MB parts for large bodies, one PutObject for small ones; at most
    // queueSize parts are held in memory. A failed upload is aborted (leavePartsOnError false).
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: source,
        ContentType: options.contentType,
        CacheControl: cacheControl(options.immutable),
      },
      queueSize: 4,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // Stop reading whatever is left, and report the body's own failure: a failing abort of the
      // multipart upload would otherwise replace it (Upload throws the abort's error instead).
      if (!Buffer.isBuffer(source)) source.destroy();
      throw bodyError ?? err;
    }
    return { size };
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key}`;
  }

  async read(key: string): Promise<Readable | undefined> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      // In Node.js the SDK's body is an IncomingMessage: a Readable.
      return answer.Body as Readable | undefined;
    } catch (err) {
      if (err instanceof NoSuchKey) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async moveIn(key: string, file: string, options: PutOptions): Promise<{ size: number }> {
    try {
      return await this.put(key, createReadStream(file), options);
    } finally {
      await rm(file, { force: true });
    }
  }

  async localPath(key: string, dir: string): Promise<string> {
    const body = await this.read(key);
    if (!body) throw new Error(`Nothing is stored under ${key}`);
    const file = path.join(dir, path.basename(key));
    await pipelineAsync(body, createWriteStream(file));
    return file;
  }

  async deleteFolder(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    // A page lists at most 1,000 keys, and DeleteObjects takes as many: one delete a page until none is left.
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, MaxKeys: 1000 }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return;
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      // Quiet still answers the keys it could not delete (access denied, object lock): listing them again would loop.
      if (answer.Errors?.length) {
        throw new Error(
          `${answer.Errors.length} objects under ${prefix}/ could not be deleted: ${answer.Errors[0].Code}`,
        );
      }
    }
  }
}
