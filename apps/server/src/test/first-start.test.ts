/**
 * The first start of `npm start` on a new machine: the admin is made with a generated password, shown once. When the
 * start then fails (the port is taken by something else), that password must still be shown, or the only way in is
 * a reset from the command line. The real server (`node --import tsx src/main.ts`) on an empty DATA_DIR.
 */
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEnv, startServer, tempDataDir } from './child-server.ts';
import { ADMIN_EMAIL } from './harness.ts';

const dataDir = tempDataDir();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('first start', () => {
  it('shows the generated admin password when the port is taken, and it signs in on the next start', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { ADMIN_PASSWORD: _, ...env } = serverEnv(dataDir, { PORT: String(port) });
    let failed: Awaited<ReturnType<typeof startServer>> | undefined;
    const refused = await startServer(env).then(
      (server) => {
        failed = server;
        return '';
      },
      (err: Error) => err.message,
    );
    taken.close();
    failed?.kill();
    expect(refused).toMatch(/Could not start: .*EADDRINUSE/);
    const shown = new RegExp(`${ADMIN_EMAIL} / (\\S+)\\s+\\(generated: shown only this once\\)`).exec(refused);
    expect(shown, refused).not.toBeNull();

    const server = await startServer({ ...env, PORT: '0' });
    try {
      const login = await fetch(`${server.url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: shown?.[1] }),
      });
      expect(login.status).toBe(200);
    } finally {
      server.kill();
      await server.exited;
    }
  }, 120_000);
});
