import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { seedFirstStart } from '../../apps/server/src/db/seed.ts';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

export interface BenchApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> of the listening server. */
  base: string;
  /** Session token of the signed-in admin (its cookie's value), also accepted as a bearer token. */
  token: string;
  close(): Promise<void>;
}

/** The real server (buildApp, as main.ts starts it) listening on a free port, with an admin signed in. */
export async function startBenchApp(database: Database, env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kids-vod-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'silent',
    ...env,
  });
  await seedFirstStart(database.db, config);
  const app = await buildApp({ database, config, consoleDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`bench login failed: ${await login.text()}`);
  const token = sessionToken(login);
  return {
    app,
    base,
    token,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session token a login answer sets in its HttpOnly cookie (its body's `token` is only a handle of it). */
export function sessionToken(login: Response): string {
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('session='));
  const token = cookie && /^session=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error('bench login set no session cookie');
  return token;
}
