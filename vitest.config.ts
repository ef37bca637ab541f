import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = {
  include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
  setupFiles: ['apps/server/src/test/setup.ts'],
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // One module graph per worker, not one per file: loading the app (Fastify, drizzle, PGlite, the contract) cost
  // every file seconds of CI. The files keep no state in modules (no mocks, stubs or environment changes; each
  // builds its own app on its own database), so what one leaves cannot reach the next.
  isolate: false,
};

const e2eTests = {
  include: ['e2e/**/*.test.ts'],
  // Database-independent: runs once, in its own project.
  exclude: [...configDefaults.exclude, 'e2e/bundle-budget.test.ts'],
  globalSetup: ['apps/server/src/test/global-setup.ts', 'e2e/support/global-setup.ts'],
  setupFiles: ['e2e/support/setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll waits for a condition in the page like Playwright's own waits do (support/console.ts: 20 s), not
  // vitest's default 1 s: a slow-hashed sign-in on a loaded machine takes longer than that.
  expect: { poll: { timeout: 20_000 } },
  // A journey drives a real browser against a real server on 2 shared cores; one retry keeps a
  // scheduling hiccup from failing the build, while a broken journey still fails twice and is reported.
  retry: 1,
  // Browsers start once the server tests are done, so the two never fight for the 2 cores.
  sequence: { groupOrder: 1 },
};

// Server tests run on PGlite always, and again on the PostgreSQL server when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Two files at once, every project alike (Vitest asks one value per group): Vitest's default on 2 cores is one.
    // A server test file waits on its database much of the time (the PostgreSQL server, or PGlite's start), so two
    // nearly halve the server tests' part of the run; an e2e file is one browser and one server, two of them what
    // 2 cores take.
    maxWorkers: 2,
    projects: [
      { test: { ...serverTests, name: 'server-pglite', env: { TEST_DB: 'pglite' }, exclude: ['**/*.pg.test.ts'] } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...serverTests,
                include: [...serverTests.include, 'apps/server/src/**/*.pg.test.ts'],
                // The video engine's tests touch no database: run once, in the PGlite project.
                exclude: [...configDefaults.exclude, 'apps/server/src/modules/videos/engine/**'],
                name: 'server-postgres',
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      // The console's pure helpers (URL state, grid model, formatters, …): no browser, no database. A page's globals
      // all the same (happy-dom): a helper's module index brings the module's other files, which may touch `window`
      // as they load (the query client listens for the page coming back from the back-forward cache).
      { test: { name: 'console-unit', include: ['apps/console/src/**/*.test.ts'], environment: 'happy-dom' } },
      // The console's components in the real app (providers, router, screens) against the real server over HTTP:
      // the edit lifecycle's choices, questions and focus, without a browser (happy-dom).
      {
        test: {
          name: 'console-ui',
          include: ['apps/console/src/**/*.test.tsx'],
          environment: 'happy-dom',
          globalSetup: ['e2e/support/api-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The lint config holds the architecture: a probe file breaking a boundary must fail `biome lint`. Each run
      // reads the whole project's imports since noImportCycles is on (about 4 s of CPU, decision 069), so a test of
      // several runs gets longer than 30 s on a loaded machine.
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      { test: { ...e2eTests, name: 'e2e-pglite', env: { TEST_DB: 'pglite' } } },
      // The console's first-load budget (JS and CSS before the brands screen), from a build of its own.
      {
        test: {
          name: 'console-bundle',
          include: ['e2e/bundle-budget.test.ts'],
          testTimeout: 300_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
