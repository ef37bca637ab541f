// npm start: build the console when its sources changed, then run the server.
import { spawn } from 'node:child_process';
import { buildConsoleIfStale, root } from './console-build.mjs';

try {
  buildConsoleIfStale();
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
