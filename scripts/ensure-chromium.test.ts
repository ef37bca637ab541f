/**
 * `npm test` starts with scripts/ensure-chromium.mjs: these check what it decides on each kind of machine, from the
 * facts it reads (without uninstalling anything), and that the script run as `npm test` runs it does nothing when
 * the browser is there.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM, isDebian, plan } from './ensure-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const nothing = () => false;

describe('ensure-chromium', () => {
  it('does nothing when the browser is where the journeys look', () => {
    expect(plan({ exists: (p) => p === DEFAULT_CHROMIUM, uid: 1000, osRelease: UBUNTU })).toEqual({ action: 'none' });
    expect(plan({ chromiumPath: '/opt/chrome/chrome', exists: (p) => p === '/opt/chrome/chrome' })).toEqual({
      action: 'none',
    });
  });

  it("installs Debian's package, as argument arrays, when root on Debian lacks it", () => {
    expect(plan({ exists: nothing, uid: 0, osRelease: DEBIAN })).toEqual({
      action: 'install',
      commands: [
        ['apt-get', ['update']],
        ['apt-get', ['install', '-y', 'chromium']],
      ],
    });
  });

  it('says what to do, installing nothing, when it may not or cannot install', () => {
    const notRoot = plan({ exists: nothing, uid: 1000, osRelease: DEBIAN });
    expect(notRoot).toEqual({ action: 'fail', message: expect.stringContaining('sudo apt-get install chromium') });
    const notDebian = plan({ exists: nothing, uid: 0, osRelease: UBUNTU });
    expect(notDebian).toEqual({ action: 'fail', message: expect.stringContaining('set CHROMIUM_PATH') });
    // A browser named on purpose and missing is a mistake to report, not a reason to install another.
    const named = plan({ chromiumPath: '/opt/chrome/chrome', exists: nothing, uid: 0, osRelease: DEBIAN });
    expect(named).toEqual({
      action: 'fail',
      message: 'CHROMIUM_PATH is /opt/chrome/chrome, and there is no file there.',
    });
  });

  it('tells Debian from its derivatives by ID, not ID_LIKE', () => {
    expect(isDebian(DEBIAN)).toBe(true);
    expect(isDebian('ID="debian"\n')).toBe(true);
    expect(isDebian(UBUNTU)).toBe(false);
    expect(isDebian('')).toBe(false);
  });

  it('exits 0 without a word when the browser is there', () => {
    // Any file there will do: the script only looks.
    const run = spawnSync(process.execPath, ['scripts/ensure-chromium.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: process.execPath },
    });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('exits 1 with the message when a named browser is missing', () => {
    const run = spawnSync(process.execPath, ['scripts/ensure-chromium.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 1,
      stderr: 'CHROMIUM_PATH is /nonexistent/chromium, and there is no file there.\n',
    });
  });
});
