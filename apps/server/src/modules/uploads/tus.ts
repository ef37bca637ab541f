import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { TUS_UPLOADS_PATH, VIDEO_FILE_ID_HEADER } from '@kids-vod/contract';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, Upload } from '@tus/server';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage/index.ts';
import type { Binaries, VideoLimits } from '../videos/index.ts';
import { formatLimit, keepVideo } from './data.ts';

/** An upload with no byte received for this long is removed (issue 30: "uploads older than a day without progress"). */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Where resumable uploads are received: the video work folder, never served (only DATA_DIR/media is). */
export const tusFolder = (workDir: string) => path.join(workDir, 'tus');

/** The metadata key holding the uploader's user id, set by the server at creation whatever the client sent. */
const OWNER = 'owner';
/** The metadata key holding the id of the VideoFile a finished upload became. */
const FINISHED_AS = 'video_file_id';

/**
 * The library's file store, where an upload's age is counted from its last progress rather than its creation: the
 * upload's `creation_date` is reported as its data file's last change, so the library's own expiry (a PATCH or HEAD
 * answers 410 after it, and `Upload-Expires` moves on with each part) means "a day without progress", and
 * `deleteExpired` removes exactly those, by a clock the periodic jobs (and the tests) give.
 */
export class UploadStore extends FileStore {
  constructor(
    directory: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    super({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
  }

  override async getUpload(id: string): Promise<Upload> {
    // Finished: its bytes are in storage now. The library reads the upload again after its last byte (a creation with
    // upload of the whole file), and a request that lost the race for that byte reads it next: both find it whole.
    const info = await this.configstore.get(id).catch(() => undefined);
    if (info?.metadata?.[FINISHED_AS] && !existsSync(path.join(this.directory, id)))
      return new Upload({ ...info, id, offset: info.size ?? 0 });
    const upload = await super.getUpload(id);
    const { mtime } = await stat(path.join(this.directory, id));
    upload.creation_date = mtime.toISOString();
    return upload;
  }

  /**
   * The VideoFile a finished upload of `owner` became, with its size: kept (its info file) until it expires, so a
   * client whose last PATCH's answer was lost learns it from a HEAD rather than sending the whole file again.
   */
  async finishedAs(id: string, owner: number): Promise<{ videoFileId: string; size: number } | undefined> {
    const info = await this.configstore.get(id).catch(() => undefined);
    const videoFileId = info?.metadata?.[FINISHED_AS];
    if (!info || !videoFileId || info.metadata?.[OWNER] !== String(owner)) return undefined;
    return { videoFileId, size: info.size ?? 0 };
  }

  /** Records what the upload became; its data file is gone by then (moved into storage). */
  async markFinished(id: string, videoFileId: number): Promise<void> {
    const info = await this.configstore.get(id);
    if (!info) return;
    info.metadata = { ...info.metadata, [FINISHED_AS]: String(videoFileId) };
    await this.configstore.set(id, info);
  }

  /** The uploader's user id of an upload, or undefined for an upload that does not exist (any more). */
  async ownerOf(id: string): Promise<string | undefined> {
    const info = await this.configstore.get(id).catch(() => undefined);
    return info?.metadata?.[OWNER] ?? undefined;
  }

  /** How many uploads of `owner` are unfinished (their bytes still arriving). */
  async openUploadsOf(owner: number): Promise<number> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    let open = 0;
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const info = await this.configstore.get(name.slice(0, -'.json'.length)).catch(() => undefined);
      if (info?.metadata?.[OWNER] === String(owner) && !info.metadata?.[FINISHED_AS]) open += 1;
    }
    return open;
  }

  /** Removes an upload's data and info files; nothing there is no error. */
  async discard(id: string): Promise<void> {
    await rm(path.join(this.directory, id), { force: true });
    await this.configstore.delete(id).catch(() => {});
  }

  override async deleteExpired(): Promise<number> {
    const now = this.clock().getTime();
    // Read from the folder, not the info store's list (which names only uploads with both files): a finished upload
    // keeps its info alone, and a crash may leave either file without the other.
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
    let removed = 0;
    for (const id of ids) {
      const lastChange = (file: string) => stat(path.join(this.directory, file)).then((s) => s.mtime.getTime());
      const changed = await lastChange(id).catch(() => lastChange(`${id}.json`).catch(() => 0));
      if (now - changed > TUS_EXPIRY_MS) {
        await this.discard(id);
        removed++;
      }
    }
    return removed;
  }
}

/** Removes the resumable uploads with no progress for a day, by the jobs' clock: answers how many. */
export async function cleanUpExpiredUploads(workDir: string, now: Date): Promise<number> {
  // No folder: no resumable upload was ever made here (the store would create it).
  if (!existsSync(tusFolder(workDir))) return 0;
  return new UploadStore(tusFolder(workDir), () => now).deleteExpired();
}

/** MAX_OPEN_UPLOADS' default: unfinished resumable uploads one person may hold. */
export const MAX_OPEN_UPLOADS = 20;

/** Extensions of tus this server does not offer (Tus-Extension lists those it does). */
const NOT_OFFERED: Array<[header: string, name: string]> = [
  ['upload-concat', 'concatenation (Upload-Concat)'],
  ['upload-defer-length', 'creation-defer-length (Upload-Defer-Length)'],
];

const answer = (status: number, detail: string) =>
  new Response(JSON.stringify({ detail }), {
    status,
    headers: { 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/json; charset=utf-8' },
  });

/**
 * What is refused before the library sees it (issue 37): an extension not offered is a 400 with `{detail}` (the
 * library answers 500 or 501), and a creation past `maxOpen` unfinished uploads of the person a 429.
 */
async function refusedBeforeTheLibrary(
  request: Request,
  userId: number,
  store: UploadStore,
  maxOpen: number,
): Promise<Response | null> {
  for (const [header, name] of NOT_OFFERED)
    if (request.headers.has(header))
      return answer(400, `The tus extension ${name} is not offered here: send the file as one upload`);
  if (request.method === 'POST' && (await store.openUploadsOf(userId)) >= maxOpen)
    return answer(
      429,
      `You have ${maxOpen} unfinished uploads (MAX_OPEN_UPLOADS): finish or cancel one before starting another`,
    );
  return null;
}

/** What a tus client is told, as the API tells every refusal: a sentence, in place of the library's own bodies. */
function sentenceOf(body: string, maxBytes: number): string {
  switch (body) {
    case ERRORS.FILE_NOT_FOUND.body:
      return 'No such upload: it was finished, removed after a day without progress, or is not yours';
    case ERRORS.FILE_NO_LONGER_EXISTS.body:
      return 'This upload was removed after a day without progress: start it again';
    case ERRORS.INVALID_OFFSET.body:
      return 'Upload-Offset is not the number of bytes received: ask for it (HEAD) and resume from there';
    case ERRORS.ERR_MAX_SIZE_EXCEEDED.body:
      return `File is bigger than ${formatLimit(maxBytes)}`;
    case ERRORS.ERR_SIZE_EXCEEDED.body:
      return 'The bytes sent go past the Upload-Length given when the upload was created';
    case ERRORS.INVALID_LENGTH.body:
      return 'Send Upload-Length, the file size in bytes, to create an upload';
    case ERRORS.MISSING_OFFSET.body:
      return 'Send Upload-Offset, the number of bytes already received, with each PATCH';
    case ERRORS.INVALID_CONTENT_TYPE.body:
      return 'Send the bytes as Content-Type: application/offset+octet-stream';
    case ERRORS.INVALID_METADATA.body:
      return 'Upload-Metadata is not valid: comma-separated pairs of a key and a base64 value';
    default:
      return body.trim() || 'The upload was refused';
  }
}

export interface TusUploads {
  /** Answers one tus request (creation, HEAD, PATCH, DELETE, OPTIONS) of the signed-in `userId`. */
  handle(request: Request, userId: number): Promise<Response>;
}

/**
 * Resumable video uploads (tus 1.0.0, docs/decisions/063-episode-intake-server.md) with the protocol's own server
 * library: each upload is its uploader's (another user's is "not found"), at most `maxBytes`, received into a file
 * under the work folder; its last byte makes it a `VideoFile` as a multipart upload does (`keepVideo`), whose id the
 * last PATCH answers in `Video-File-Id`.
 */
export function createTusUploads(options: {
  db: Executor;
  storage: Storage;
  workDir: string;
  bin: Binaries;
  limits?: VideoLimits;
  maxBytes: number;
  /** Unfinished uploads one person may hold (MAX_OPEN_UPLOADS). */
  maxOpen?: number;
  /** A video was queued: wakes the transcoder. */
  queued: (videoId: number) => void;
  /** An error the client is told only "something went wrong" about. */
  logError: (err: unknown) => void;
}): TusUploads {
  // Made at the first request: the store creates its folder, which a server that never takes a resumable upload
  // does not need.
  let server: Server | undefined;
  let store: UploadStore | undefined;
  // Who sends each request: the hooks get the library's request object, the one handed to `handle`.
  const users = new WeakMap<Request, number>();
  // An upload whose last byte is being kept: a second PATCH at its end meanwhile would keep it twice.
  const finishing = new Set<string>();

  const refuse = (status: number, detail: string) => ({ status_code: status, body: JSON.stringify({ detail }) });

  const make = (store: UploadStore) =>
    new Server({
      path: TUS_UPLOADS_PATH,
      datastore: store,
      maxSize: options.maxBytes,
      relativeLocation: true,
      // Same origin only: no Access-Control-Allow-Origin at all.
      allowedOrigins: [],
      async onIncomingRequest(req, id) {
        if (req.method === 'POST' || req.method === 'OPTIONS') return;
        // Another user's upload is answered as one that does not exist: its id says nothing to them.
        if ((await store.ownerOf(id)) !== String(users.get(req))) throw ERRORS.FILE_NOT_FOUND;
        // Its last byte is being kept (the library has let go of its lock): a DELETE would pull the file from under
        // it, a HEAD would find it whole with no video yet. The client asks again (423 is retried).
        if (finishing.has(id)) throw new HttpError(423, 'This upload is being finished: ask again in a moment');
      },
      async onUploadCreate(req, upload) {
        return { metadata: { ...upload.metadata, [OWNER]: String(users.get(req)) } };
      },
      async onUploadFinish(_req, upload) {
        if (finishing.has(upload.id)) throw new HttpError(409, 'This upload is being finished already');
        finishing.add(upload.id);
        const file = path.join(store.directory, upload.id);
        try {
          const video = await keepVideo(
            options.db,
            options.storage,
            file,
            upload.metadata?.filename ?? undefined,
            options.bin,
            options.limits,
          );
          await store.markFinished(upload.id, video.id);
          options.queued(video.id);
          return { headers: { [VIDEO_FILE_ID_HEADER]: String(video.id) } };
        } catch (err) {
          // Refused as a video, or its bytes gone (moving into storage takes the file, whatever happens next):
          // nothing to finish again. Any other failure keeps them, so the client can finish again (a PATCH of no
          // bytes at the end).
          if (err instanceof HttpError || !existsSync(file)) await store.discard(upload.id);
          throw err;
        } finally {
          finishing.delete(upload.id);
        }
      },
      onResponseError(req, err) {
        if (err instanceof HttpError) return refuse(err.status, err.message);
        // A request that lost the race for the last byte finds the bytes moved away from under it: not a fault.
        const id = new URL(req.url).pathname.split('/').pop() ?? '';
        if (finishing.has(id)) return refuse(423, 'This upload is being finished: ask again in a moment');
        if ('status_code' in err && err.status_code < 500) {
          return refuse(err.status_code, sentenceOf(err.body, options.maxBytes));
        }
        // A connection cut mid-PATCH (the client resumes from the bytes kept) is no server fault to report.
        if (err !== ERRORS.FILE_WRITE_ERROR) options.logError(err);
        return refuse(500, 'Something went wrong receiving the upload: ask for its offset (HEAD) and resume');
      },
    });

  /**
   * A HEAD the library answered "whole" with no video: the library lets go of its lock before it calls
   * onUploadFinish, and a HEAD that took the lock in between read the upload with no video yet (the client would call
   * it done without one). By the time that answer is here the finishing has begun (423) or ended (the video); null
   * when it failed and kept the bytes (the client finishes again with a PATCH of none).
   */
  async function wholeWithoutVideo(id: string, userId: number, store: UploadStore): Promise<Response | null> {
    if (finishing.has(id)) return answer(423, 'This upload is being finished: ask again in a moment');
    const finished = await store.finishedAs(id, userId);
    return finished ? finishedAnswer('HEAD', finished) : null;
  }

  return {
    async handle(request, userId) {
      users.set(request, userId);
      if (!store) {
        // Made here, awaited: the library's own making of its folder is not, and would fail outside any request.
        await mkdir(tusFolder(options.workDir), { recursive: true });
        store = new UploadStore(tusFolder(options.workDir));
        server = make(store);
      }
      // A finished upload answers HEAD and PATCH with the video it became: the answer of its last PATCH may have
      // been lost, and the client resumes by asking (tus-js-client then calls it done without a PATCH).
      const id = decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
      if (request.method === 'HEAD' || request.method === 'PATCH') {
        const finished = await store.finishedAs(id, userId);
        if (finished) return finishedAnswer(request.method, finished);
      }
      const refused = await refusedBeforeTheLibrary(request, userId, store, options.maxOpen ?? MAX_OPEN_UPLOADS);
      if (refused) return refused;
      const response = await (server as Server).handleWeb(request);
      if (request.method === 'HEAD' && response.status === 200 && isWhole(response.headers))
        return (await wholeWithoutVideo(id, userId, store)) ?? response;
      if (response.status < 400) return response;
      // The library's own refusals outside its error path (412 without Tus-Resumable, 400 for a bad header) are
      // plain text: they get the API's shape too.
      const body = await response.text();
      if (body.startsWith('{')) return new Response(body, response);
      // The route drops the library's content-length, which was the plain text's.
      return new Response(JSON.stringify({ detail: sentenceOf(body, options.maxBytes) }), response);
    },
  };
}

/** A whole upload, by the library's answer: every byte is here (a video may not be made of it yet). */
const isWhole = (headers: Headers) =>
  headers.get('upload-length') !== null && headers.get('upload-offset') === headers.get('upload-length');

/** What HEAD and PATCH of a finished upload answer: its whole length, and the video it became. */
function finishedAnswer(method: string, finished: { videoFileId: string; size: number }): Response {
  return new Response(null, {
    status: method === 'HEAD' ? 200 : 204,
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(finished.size),
      'Upload-Length': String(finished.size),
      'Cache-Control': 'no-store',
      [VIDEO_FILE_ID_HEADER]: finished.videoFileId,
    },
  });
}
