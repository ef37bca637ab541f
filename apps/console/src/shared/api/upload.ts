import type { ContentLang, ImageUploadAnswer, MetadataImportAnswer, VideoFile } from '@kids-vod/contract';
import { api, type SubtitlesKind } from '@kids-vod/contract/client';
import { ApiError, callUrl, NETWORK_ERROR_MESSAGE } from './api-client.ts';

export interface UploadOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
function upload<T>(url: string, file: File, { onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { detail?: unknown; errors?: ApiError['errors'] } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const detail = typeof body?.detail === 'string' && body.detail ? body.detail : NETWORK_ERROR_MESSAGE;
      reject(new ApiError(detail, xhr.status, body?.errors));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export type UploadPlatform = 'cloudflare' | 'other';

/**
 * Uploads an image and resolves to its public URL. The specification's answer "has cloudflare_url"; this server
 * sends `url` beside it: the first one given is taken.
 */
export async function uploadImage(file: File, platform: UploadPlatform, options: UploadOptions = {}): Promise<string> {
  const answer = await upload<Partial<ImageUploadAnswer>>(
    callUrl(api.upload.upload, { query: { type: 'image', platform } }),
    file,
    options,
  );
  const url = answer.cloudflare_url || answer.url;
  if (!url) throw new ApiError(NETWORK_ERROR_MESSAGE, 200);
  return url;
}

export function uploadVideo(file: File, options: UploadOptions = {}) {
  return upload<VideoFile>(callUrl(api.upload.upload, { query: { type: 'video' } }), file, options);
}

/** Adds a subtitles file (WebVTT or SRT) to a language version; answers the version with its subtitles. */
export function uploadSubtitles(file: File, contentLangId: number, kind: SubtitlesKind, options: UploadOptions = {}) {
  return upload<ContentLang>(
    callUrl(api.subtitles.upload, { query: { content_lang_id: contentLangId, kind } }),
    file,
    options,
  );
}

/**
 * Reads a metadata sheet (XLSX or CSV) against a brand's episodes: `dryRun` answers every change and mistake and
 * writes nothing; without it the changes are written in one transaction (a sheet with mistakes is refused whole).
 */
export function importSheet(file: File, brandId: number, dryRun: boolean, options: UploadOptions = {}) {
  return upload<MetadataImportAnswer>(
    callUrl(api.metadata.import, { query: { brand_id: brandId, dry_run: dryRun ? '1' : '0' } }),
    file,
    options,
  );
}
