import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import {
  CLOUDFLARE_MAX_BYTES,
  FILE_TOO_BIG_MESSAGE,
  type ImageUploadAnswer,
  OTHER_PLATFORM_MAX_BYTES,
  type UPLOAD_PLATFORMS,
  type VideoFile,
  type VideoSource,
} from '@kids-vod/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { PutOptions, Storage } from '../../lib/storage/index.ts';
import {
  addVideoFile,
  type Binaries,
  DEFAULT_VIDEO_LIMITS,
  getVideoFile,
  MediaToolFailed,
  NotAVideo,
  overLimit,
  probeMaster,
  type VideoLimits,
} from '../videos/index.ts';
import { IMAGE_HEADER_BYTES, imageSize } from './image-size.ts';
import { type FileKind, SNIFF_BYTES, sniffImage } from './sniff.ts';
import { ByteMeter, peek } from './streams.ts';

export type Platform = (typeof UPLOAD_PLATFORMS)[number];
type ImageAnswer = z.infer<typeof ImageUploadAnswer>;

const IMAGE_LIMITS: Record<Platform, { bytes: number; message: string }> = {
  other: { bytes: OTHER_PLATFORM_MAX_BYTES, message: FILE_TOO_BIG_MESSAGE },
  cloudflare: { bytes: CLOUDFLARE_MAX_BYTES, message: 'File is bigger than 10MB' },
};

/** "4GB", "512MB", "300KB" or "1000 bytes": the largest unit that divides the limit. */
export function formatLimit(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return `${bytes} bytes`;
}

const noop = () => {};

/**
 * Streams an upload through `meter` into storage under a fresh random key chosen from what its
 * first bytes are. Nothing of the client's (name, declared type) reaches the key. On any failure
 * the partial object is deleted and the most telling error is thrown: the meter's 413, a 400 for
 * a broken upload, otherwise the storage's own error (a 500).
 */
async function store<K extends FileKind>(
  storage: Storage,
  file: Readable,
  meter: ByteMeter,
  folder: string,
  sniff: (head: Buffer) => K | null,
  refusal: string,
  /** Reads more of the head than the sniff needs, and refuses what it finds there (an image's declared size). */
  inspect?: { bytes: number; refuse: (head: Buffer, kind: K) => HttpError | null },
): Promise<{ key: string; kind: K; size: number }> {
  // Premature close is the echo of a failure elsewhere (storage, meter), not the upload's own.
  const ownFailure = (err: (Error & { code?: string }) | null | undefined) =>
    err && err !== meter.failure && err.code !== 'ERR_STREAM_PREMATURE_CLOSE' ? err : null;
  // A body cut short right after the part's headers fails the file stream before this function listens to it.
  let brokenUpload: Error | null = ownFailure(file.errored);
  file.on('error', (err: Error & { code?: string }) => {
    brokenUpload ??= ownFailure(err);
  });
  const explain = (err: unknown) =>
    meter.failure ?? (brokenUpload ? badRequest('The upload was interrupted or is not valid multipart data') : err);

  const metered = pipeline(file, meter, noop);
  let peeked: Awaited<ReturnType<typeof peek>>;
  try {
    peeked = await peek(metered, Math.max(SNIFF_BYTES, inspect?.bytes ?? 0));
  } catch (err) {
    throw explain(err);
  }
  const { head, body } = peeked;
  const kind = head.length === 0 ? null : sniff(head);
  if (!kind) {
    // Refused before anything is stored; the rest of the upload is not read.
    file.destroy();
    throw head.length === 0 ? badRequest('The file is empty') : new HttpError(415, refusal);
  }
  const refused = inspect?.refuse(head, kind);
  if (refused) {
    file.destroy();
    throw refused;
  }
  const key = `${folder}/${randomUUID()}.${kind.ext}`;
  const options: PutOptions = { contentType: kind.contentType, immutable: true };
  try {
    const { size } = await storage.put(key, body, options);
    return { key, kind, size };
  } catch (err) {
    file.destroy();
    // Best effort: the key is random and answered to no one, so a leftover is only dead bytes.
    await storage.delete(key).catch(noop);
    throw explain(err);
  }
}

/** The 413 (or 415) of an image whose header declares more than `maxPixels`, or whose size it does not say. */
function pixelsRefusal(maxPixels: number) {
  return (head: Buffer, kind: FileKind): HttpError | null => {
    const size = imageSize(head, kind.ext);
    if (!size || size.width === 0 || size.height === 0)
      return new HttpError(415, 'The image’s size cannot be read from its header: save it again as PNG or JPEG');
    if (size.width * size.height <= maxPixels) return null;
    return new HttpError(
      413,
      `The image is ${size.width} × ${size.height} pixels, more than ${maxPixels.toLocaleString('en')} (MAX_IMAGE_PIXELS): make it smaller`,
    );
  };
}

/**
 * An image upload: PNG, JPEG, GIF or WebP by its bytes, within the platform's size limit, and of at most `maxPixels`
 * as its header says (checked before anything decodes it, decision 072).
 */
export async function saveImage(
  storage: Storage,
  file: Readable,
  platform: Platform,
  maxPixels = 40_000_000,
): Promise<ImageAnswer> {
  const limit = IMAGE_LIMITS[platform];
  const meter = new ByteMeter(limit.bytes, limit.message);
  const { key } = await store(storage, file, meter, 'images', sniffImage, 'Only PNG, JPEG, WebP or GIF images', {
    bytes: IMAGE_HEADER_BYTES,
    refuse: pixelsRefusal(maxPixels),
  });
  const url = storage.publicUrl(key);
  return { cloudflare_url: url, url };
}

/** A label from the client's file name: printable, at most 200 characters; never used as a path. */
export function labelFromName(filename: string | undefined, fallback: string): string {
  const printable = (filename ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return Array.from(printable).slice(0, 200).join('').trim() || fallback;
}

/**
 * A video upload: streamed to a file of its own in `workDir` (never held whole), then kept by `keepVideo` like a
 * resumable upload's finished file. Whatever goes wrong leaves nothing behind: the temporary file is removed.
 */
export async function saveVideo(
  db: Executor,
  storage: Storage,
  file: Readable,
  filename: string | undefined,
  options: { maxBytes: number; workDir: string; bin: Binaries; limits?: VideoLimits },
): Promise<VideoFile> {
  const meter = new ByteMeter(options.maxBytes, `File is bigger than ${formatLimit(options.maxBytes)}`);
  await mkdir(options.workDir, { recursive: true });
  const temporary = path.join(options.workDir, `upload-${randomUUID()}`);
  try {
    try {
      await pipelineAsync(file, meter, createWriteStream(temporary));
    } catch (err) {
      if (meter.failure) throw meter.failure;
      if ((err as NodeJS.ErrnoException).code === 'ENOSPC') {
        throw new HttpError(507, 'The server has no room for this upload now: try again later, or tell an admin');
      }
      // The disk's own failure (EIO) carries the system call; anything else is the upload's.
      if ((err as NodeJS.ErrnoException).syscall) throw err;
      throw badRequest('The upload was interrupted or is not valid multipart data');
    }
    return await keepVideo(db, storage, temporary, filename, options.bin, options.limits);
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * A whole upload in a local file (a multipart upload streamed to disk, or a resumable upload's last byte received)
 * becomes a `VideoFile`: probed there, moved into storage as a private master only when the probe finds a video in
 * it, and queued for processing (modules/videos). Refused (415, 413) with the probe's sentence otherwise; the caller
 * removes the file whatever happens (after a success it is no longer there). A master stored before a failed insert
 * is deleted.
 */
export async function keepVideo(
  db: Executor,
  storage: Storage,
  file: string,
  filename: string | undefined,
  bin: Binaries,
  limits: VideoLimits = DEFAULT_VIDEO_LIMITS,
): Promise<VideoFile> {
  if ((await stat(file)).size === 0) throw new HttpError(415, 'The file is empty: a video was expected');
  let source: VideoSource;
  try {
    source = await probeMaster(bin, file);
  } catch (err) {
    // The probe's own sentence: not a video, or a file it could not read to the end (a timeout, a crash).
    if (err instanceof NotAVideo || err instanceof MediaToolFailed) throw new HttpError(415, err.message);
    throw err;
  }
  const over = overLimit(source, limits);
  if (over) throw new HttpError(413, over);
  const key = `masters/${randomUUID()}`;
  const { size } = await storage.moveIn(key, file, { contentType: 'application/octet-stream', immutable: true });
  let id: number;
  try {
    id = await addVideoFile(db, { name: labelFromName(filename, 'video'), storage_key: key, size_bytes: size, source });
  } catch (err) {
    await storage.delete(key).catch(noop);
    throw err;
  }
  // Recorded: from here the master is the row's, whatever happens to this answer.
  return getVideoFile(db, id);
}
