import type { TestProject } from 'vitest/node';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  preparePgliteTemplate,
} from '../../apps/server/src/test/harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real API server the console's component tests talk to (`http://127.0.0.1:<port>`), and its admin. */
    apiServer: { url: string; email: string; password: string };
  }
}

/**
 * Vitest global setup of the console's component tests (project `console-ui`): the real server on a fresh migrated
 * database, listening on a free port, as e2e journeys have it but without a browser or a built console. The
 * components under test call it over HTTP from happy-dom, so nothing between the screen and the database is faked.
 */
export default async function setup(project: TestProject) {
  const removeTemplate = await preparePgliteTemplate();
  const t = await createTestApp({ DEMO_DATA: '0' });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  project.provide('apiServer', { url, email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  return async () => {
    await t.close();
    removeTemplate();
  };
}
