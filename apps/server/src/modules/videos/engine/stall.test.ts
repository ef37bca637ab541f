/**
 * The stall watchdog (issue 37's new user): a process that writes no line for a while but works (its CPU time grows)
 * is no stall; one that waits on nothing is killed. Real processes, no ffmpeg needed for the first.
 */
import { describe, expect, it } from 'vitest';
import { cpuTicks, runTool } from './process.ts';

// Busy for 2.5 s without a line, then one line: a ladder waiting for its poster's moment, in small.
const BUSY_THEN_LINE = 'const end = Date.now() + 2500; while (Date.now() < end) {} console.log("done")';

describe('the stall watchdog', () => {
  it('lets a process that works without writing run on, and reads its CPU time', async () => {
    const result = await runTool(process.execPath, ['-e', BUSY_THEN_LINE], { stallMs: 700, collectStdout: true });
    expect(result.killedFor).toBeNull();
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('done');
    expect(cpuTicks(process.pid)).toBeGreaterThan(0);
  });

  it('kills a process that neither writes nor works', async () => {
    const started = Date.now();
    const result = await runTool('sleep', ['30'], { stallMs: 700 });
    expect(result.killedFor).toBe('stall');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
