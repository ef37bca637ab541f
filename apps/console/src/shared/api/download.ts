import type { Call } from '@kids-vod/contract';
import { ApiError, callUrl, NETWORK_ERROR_MESSAGE, type Sendable, toApiError } from './api-client.ts';

/** Saves a blob under a file name: an object URL behind a temporary download link. */
function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled; the URL is only memory now.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * Sends a call whose answer is a file (a CSV), not JSON, so not through `send`, and saves it as `fileName`; a
 * refusal throws the same ApiError as `send` does.
 */
export async function downloadCall<C extends Call>(c: Sendable<C>, body: unknown, fileName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(callUrl(c), {
      method: c.method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (!res.ok) throw await toApiError(res);
  saveFile(await res.blob(), fileName);
}
