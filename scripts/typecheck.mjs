// `npm run typecheck`: the four TypeScript projects checked side by side (tsc is one thread each; one after the other
// they took a minute and more of every CI run). Each project's output is printed whole, after it ends; any failure
// fails the whole.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = ['packages/contract', 'apps/server', 'apps/console', 'e2e'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const results = await Promise.all(
  PROJECTS.map(
    (project) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.on('close', (code) => resolve({ project, code, output }));
      }),
  ),
);
for (const { project, code, output } of results) {
  if (output) process.stdout.write(output);
  if (code !== 0) console.error(`tsc -p ${project}: exit ${code}`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
