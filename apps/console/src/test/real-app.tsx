import { configure, render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { inject } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { createRouter } from '../app/router.tsx';

// A screen's code is transformed on its first load, and the server shares 2 cores: the default second is short.
configure({ asyncUtilTimeout: 15_000 });

declare module 'vitest' {
  export interface ProvidedContext {
    /** As e2e/support/api-server.ts provides it. */
    apiServer: { url: string; email: string; password: string };
  }
}

declare global {
  interface Window {
    /** happy-dom's own controls of the page (the environment of the `console-ui` project). */
    happyDOM: { setURL(url: string): void };
  }
}

/** The real API server the global setup started (e2e/support/api-server.ts). */
export const apiServer = inject('apiServer');

/** Puts the page at `path` of the server's origin: the console's calls are then same-origin, with its cookie. */
export function openAt(path: string) {
  window.happyDOM.setURL(`${apiServer.url}${path}`);
}

/**
 * The console as main.tsx mounts it (Mantine's provider and theme, the query client, the router with every screen)
 * at `path` of the real server's origin, so its calls reach the server over HTTP with the session cookie.
 */
export function renderApp(path: string) {
  openAt(path);
  const router = createRouter();
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
