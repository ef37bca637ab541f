// The first step of `npm test`: the e2e journeys drive Debian's Chromium (playwright-core downloads no browser), so a
// fresh Debian machine gets it here when we may install it (root), and anyone else is told what to do.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where the journeys look for the browser (e2e/support/console.ts reads the same variable). */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Debian itself, by /etc/os-release: its `chromium` package is the browser (Ubuntu's is a snap wrapper). */
export function isDebian(osRelease) {
  return /^ID="?debian"?$/m.test(osRelease ?? '');
}

/**
 * What to do, from the facts: nothing when the browser is there, install Debian's package when we are root on
 * Debian and the default path is the one missing, else stop with a message saying how to get one.
 * @param {{ chromiumPath?: string, exists: (path: string) => boolean, uid?: number, osRelease?: string }} facts
 * @returns {{ action: 'none' } | { action: 'install', commands: [string, string[]][] } | { action: 'fail', message: string }}
 */
export function plan({ chromiumPath, exists, uid, osRelease }) {
  const path = chromiumPath || DEFAULT_CHROMIUM;
  if (exists(path)) return { action: 'none' };
  if (chromiumPath) {
    return { action: 'fail', message: `CHROMIUM_PATH is ${chromiumPath}, and there is no file there.` };
  }
  if (!isDebian(osRelease)) {
    return {
      action: 'fail',
      message: `The e2e journeys need Chromium at ${DEFAULT_CHROMIUM}: install it, or set CHROMIUM_PATH to a Chromium or Chrome.`,
    };
  }
  if (uid !== 0) {
    return {
      action: 'fail',
      message: `The e2e journeys need Chromium at ${DEFAULT_CHROMIUM}: run \`sudo apt-get install chromium\` (or npm test as root, which installs it), or set CHROMIUM_PATH.`,
    };
  }
  return {
    action: 'install',
    commands: [
      ['apt-get', ['update']],
      // With its recommended packages, as a desktop gets it: the fonts the journeys' layouts are measured in.
      ['apt-get', ['install', '-y', 'chromium']],
    ],
  };
}

/** Runs one command with its output shown; resolves with its exit code. */
function run([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    child.on('error', (err) => {
      process.stderr.write(`${command}: ${err.message}\n`);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function readOsRelease() {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return '';
  }
}

export async function main() {
  const step = plan({
    chromiumPath: process.env.CHROMIUM_PATH,
    exists: existsSync,
    uid: process.getuid?.(),
    osRelease: readOsRelease(),
  });
  if (step.action === 'none') return 0;
  if (step.action === 'fail') {
    process.stderr.write(`${step.message}\n`);
    return 1;
  }
  process.stdout.write(`Chromium is missing: installing Debian's package (${DEFAULT_CHROMIUM}).\n`);
  for (const command of step.commands) {
    const code = await run(command);
    if (code !== 0) {
      process.stderr.write(
        `Could not install Chromium: \`${command[0]} ${command[1].join(' ')}\` exited with ${code}.\n`,
      );
      return code;
    }
  }
  if (!existsSync(DEFAULT_CHROMIUM)) {
    process.stderr.write(`apt-get installed chromium, yet there is nothing at ${DEFAULT_CHROMIUM}.\n`);
    return 1;
  }
  return 0;
}

// Run as a script (`node scripts/ensure-chromium.mjs`), not when a test imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
