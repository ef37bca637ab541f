import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type Db, openDatabase } from '../../apps/server/src/db/client.ts';
import { seedFirstStart } from '../../apps/server/src/db/seed.ts';
import { loadDemoCatalogue } from '../../apps/server/src/demo/demo-catalogue.ts';
import { createStorage } from '../../apps/server/src/lib/storage/index.ts';
// @ts-expect-error: a plain .mjs script shared with npm start
import { buildConsoleIfStale, consoleDist } from '../../scripts/console-build.mjs';
import { BENCH_ADMIN, sessionToken } from './app.ts';

export interface ConsoleServer {
  base: string;
  /** Session cookie value of the signed-in admin, also accepted as a bearer token. */
  token: string;
  db: Db;
  close(): Promise<void>;
}

/**
 * The real server as `npm start` runs it on the embedded database: a fresh PGlite in a temporary DATA_DIR, the
 * built console (built first when its sources changed; CONSOLE_DIST is honoured), listening on a free port.
 */
export async function startConsoleServer(
  options: { demo?: boolean; seed?: (db: Db) => Promise<void> } = {},
): Promise<ConsoleServer> {
  buildConsoleIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kids-vod-bench-console-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await seedFirstStart(database.db, config);
  const storage = await createStorage(config);
  if (options.demo) await loadDemoCatalogue(database.db, storage);
  await options.seed?.(database.db);
  const app = await buildApp({ database, config, storage, consoleDir: consoleDist as string });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`bench login failed: ${await login.text()}`);
  const token = sessionToken(login);
  return {
    base,
    token,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium with the flags the e2e journeys use. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
