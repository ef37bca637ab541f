import type { Content, VideoFile } from '@kids-vod/contract';
import { TUS_UPLOADS_PATH, VIDEO_FILE_ID_HEADER } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE, send } from '../../../shared/api/index.ts';
import { isUnderWay, LIVE_EVERY_MS } from '../../../shared/videos/index.ts';
import type { VersionMakers } from './intake-makers.ts';
import type { IntakeFile, VersionPlan } from './intake-rows.ts';

/** How many files are sent at once: enough to fill a studio's uplink, few enough that each one's bar moves. */
export const UPLOADS_AT_ONCE = 3;
/**
 * Waits between tries after a lost connection (tus resumes at the server's offset each time): about two minutes in
 * all, a server restart or a short network cut; past them the row fails and choosing the file again resumes it.
 */
export const RETRY_DELAYS_MS = [1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

/** Where a row stands once the intake is confirmed. */
export type RowProgress =
  | { stage: 'waiting' }
  | { stage: 'uploading'; percent: number; retrying: boolean }
  | { stage: 'attaching' }
  /** Uploaded and attached, waiting for a worker (the server's `queued`). */
  | { stage: 'queued' }
  | { stage: 'processing'; percent: number }
  /** Uploaded, attached and (a master) processed; `note` says what else was done or not done for it. */
  | { stage: 'ready'; note: string | null }
  /** `done`: what was created for the row before it failed (nothing half-created silently). */
  | { stage: 'failed'; sentence: string; done: string[] };

/** A file under way on the server: waiting for a worker, or processed at a percentage. */
const processingStage = (file: VideoFile): RowProgress =>
  file.status === 'queued' ? { stage: 'queued' } : { stage: 'processing', percent: file.progress };

type Upload = import('tus-js-client').Upload;
type DetailedError = import('tus-js-client').DetailedError;

/** The server's `{detail}` of a refused tus request, else the network sentence. */
function tusSentence(err: Error | DetailedError): string {
  const res = 'originalResponse' in err ? err.originalResponse : null;
  if (!res) return NETWORK_ERROR_MESSAGE;
  try {
    const detail = (JSON.parse(res.getBody()) as { detail?: unknown }).detail;
    if (typeof detail === 'string' && detail) return detail;
  } catch {
    // Not JSON: a proxy's page.
  }
  return `${NETWORK_ERROR_MESSAGE} (${res.getStatus()})`;
}

/** A lost connection, a server away (5xx) or a stale offset (409: the HEAD that follows finds the right one). */
const worthRetrying = (err: DetailedError) => {
  const status = err.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
};

/**
 * Sends one file by tus 1.0 to the server's uploads address and resolves to the new VideoFile's id. The session
 * cookie signs each request (same origin; the console's other calls add no header either). The file's fingerprint
 * is kept in the browser until it has arrived whole: the same file chosen again after a closed tab resumes where
 * its bytes stopped.
 */
export async function uploadResumable(
  file: File,
  on: { progress: (percent: number) => void; retrying: () => void },
  signal: AbortSignal,
): Promise<number> {
  const tus = await import('tus-js-client');
  return new Promise<number>((resolve, reject) => {
    let fileId: number | null = null;
    const upload: Upload = new tus.Upload(file, {
      endpoint: TUS_UPLOADS_PATH,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      onProgress: (sent, total) => on.progress(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onShouldRetry: (err) => {
        const retry = worthRetrying(err);
        if (retry) on.retrying();
        return retry;
      },
      // The last PATCH (or, for a file that had arrived whole already, its HEAD) names the VideoFile.
      onAfterResponse: (_req, res) => {
        const id = Number(res.getHeader(VIDEO_FILE_ID_HEADER));
        if (id > 0) fileId = id;
      },
      onSuccess: () =>
        fileId ? resolve(fileId) : reject(new ApiError(`The server did not say which video ${file.name} became`, 200)),
      onError: (err) => reject(new ApiError(tusSentence(err), 0)),
    });
    signal.addEventListener('abort', () => {
      // Kept on the server (no terminate): choosing the file again resumes it.
      void upload.abort(false);
      reject(new DOMException('Upload stopped', 'AbortError'));
    });
    void upload.findPreviousUploads().then((previous) => {
      const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  });
}

/** At most `n` of the tasks run at once. */
export function limiter(n: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((go) => queue.push(go));
    running++;
    try {
      return await task();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      done();
    });
  });

export interface IntakeRun {
  rows: { row: IntakeFile; plan: VersionPlan }[];
  /** What creates the episodes and versions the rows need, shared with the delivery's other files. */
  makers: VersionMakers;
  langName: (langId: number) => string;
  onRow: (key: string, progress: RowProgress) => void;
  /**
   * What else a row's master does once attached (a master in two languages lent to the second version), and once
   * ready (that lending checked against its audio tracks); the note is shown in the row.
   */
  more?: {
    attached: (row: IntakeFile, plan: VersionPlan, item: Content, done: string[]) => Promise<void>;
    ready: (row: IntakeFile, file: VideoFile) => Promise<string | null>;
  };
  signal: AbortSignal;
}

/**
 * Runs a confirmed intake. Each row: its file is uploaded first (at most UPLOADS_AT_ONCE at a time), then its
 * episode and language version are created where missing (once for the rows that share them), the file attached,
 * and its processing followed to ready or failed. A file that does not arrive creates nothing; a row that fails
 * later says what was created for it. Resolves when every row is ready or failed.
 */
export async function runIntake({ rows, makers, langName, onRow, more, signal }: IntakeRun): Promise<void> {
  const slot = limiter(UPLOADS_AT_ONCE);

  await Promise.all(
    rows.map(async ({ row, plan }) => {
      const done: string[] = [];
      onRow(row.key, { stage: 'waiting' });
      try {
        let percent = 0;
        const fileId = await slot(() => {
          if (signal.aborted) throw new DOMException('Upload stopped', 'AbortError');
          onRow(row.key, { stage: 'uploading', percent: 0, retrying: false });
          return uploadResumable(
            row.file,
            {
              progress: (p) => {
                percent = p;
                onRow(row.key, { stage: 'uploading', percent: p, retrying: false });
              },
              retrying: () => onRow(row.key, { stage: 'uploading', percent, retrying: true }),
            },
            signal,
          );
        });
        done.push('uploaded');
        onRow(row.key, { stage: 'attaching' });
        const item = await makers.episode(plan);
        if (!plan.existing) done.push(`S${plan.season}E${plan.episode} created`);
        await makers.version(item, plan.langId);
        if (plan.versionTitle === null) done.push(`${langName(plan.langId)} version created`);
        const uploaded = await send(api.content.fileGet, { body: { id: fileId } });
        await send(api.content.attachVideo, {
          body: { ext_id: uploaded.ext_id, content_id: item.id, lang_id: plan.langId },
        });
        done.push('attached');
        await more?.attached(row, plan, item, done);
        let file = uploaded;
        while (isUnderWay(file) && !signal.aborted) {
          onRow(row.key, processingStage(file));
          await wait(LIVE_EVERY_MS, signal);
          // The file is uploaded and attached: a server away for a while (restarted, unreachable) is waited out, as
          // the processing goes on without this page.
          file = await send(api.content.fileGet, { body: { id: fileId } }).catch((err: unknown) => {
            if (err instanceof ApiError && (err.status === 0 || err.status >= 500)) return file;
            throw err;
          });
        }
        if (file.status === 'failed') {
          onRow(row.key, { stage: 'failed', sentence: file.failure ?? 'Processing failed', done });
        } else if (file.status === 'ready') {
          onRow(row.key, { stage: 'ready', note: (await more?.ready(row, file)) ?? null });
        }
      } catch (err) {
        const stopped = (err as Error).name === 'AbortError';
        onRow(row.key, { stage: 'failed', sentence: stopped ? 'Stopped' : errorMessage(err), done });
      }
    }),
  );
}
