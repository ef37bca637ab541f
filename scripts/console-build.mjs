// Builds the console when its sources (or the contract) are newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const consoleDir = path.join(root, 'apps/console');
/** Where the console is built; e2e runs may build elsewhere (CONSOLE_DIST) so that two runs never share one folder. */
export const consoleDist = path.resolve(process.env.CONSOLE_DIST ?? path.join(consoleDir, 'dist'));
const built = path.join(consoleDist, 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function buildConsoleIfStale() {
  const sources = Math.max(newestMtime(consoleDir), newestMtime(path.join(root, 'packages/contract/src')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  process.stdout.write('Building the console...\n');
  // NODE_ENV may be 'test' here (vitest); the console is always built for production.
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', 'apps/console', '--', '--outDir', consoleDist, '--emptyOutDir'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('The console build failed');
}
