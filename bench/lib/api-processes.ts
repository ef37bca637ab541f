/** The process bench/lib/api-server.ts runs in, for bench/api.ts: compiled (esbuild) or through tsx, signed in. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BENCH_ADMIN, sessionToken } from './app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Servers {
  app: string;
  raw: string;
  noop: string;
  child: ChildProcess;
  token: string;
}

/** The server process, compiled to one ES module (node_modules stay external, the workspace is bundled). */
export async function compileServer(): Promise<string> {
  const outDir = path.join(root, 'node_modules/.cache/kids-vod-bench');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, 'api-server.mjs');
  await build({
    entryPoints: [path.join(root, 'bench/lib/api-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-node-modules',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@kids-vod/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}

/** Starts the servers (`node <args>`), waits for their addresses and signs in to the app. */
export async function startServers(args: string[], env: Record<string, string>): Promise<Servers> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk;
      const end = out.indexOf('\n');
      if (end >= 0) resolve(out.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
  });
  const urls = JSON.parse(line) as Omit<Servers, 'child' | 'token'>;
  const login = await fetch(`${urls.app}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
  return { ...urls, child, token: sessionToken(login) };
}

export async function stop(s: Servers) {
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
}
