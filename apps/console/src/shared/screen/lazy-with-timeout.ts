/** How long a screen's code may take to arrive before the screen reports a chunk load error. */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function withTimeout<T>(load: () => Promise<T>, ms = SCREEN_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk failed: the screen did not arrive within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}
