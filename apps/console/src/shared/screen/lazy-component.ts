import { type ComponentType, lazy, useEffect, useState } from 'react';

/**
 * A component whose code is loaded on first use, so it stays out of the screen's first chunk (a modal, say).
 * `preload()` fetches it ahead of time; screens call it once idle, so opening it later does not wait.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((Component) => ({ default: Component }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** Runs `work` when the browser has nothing else to do (after a timeout where requestIdleCallback is missing). */
export function whenIdle(work: () => unknown): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(() => work(), 200);
  return () => window.clearTimeout(id);
}

/**
 * False until the browser is first idle after mounting. A screen mounts its lazy parts (closed modals, the
 * sidebar) from then on, as it mounted them at once before: their code loads after the screen shows.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
