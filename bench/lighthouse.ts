/**
 * Lighthouse (desktop preset, performance and accessibility) on the signed-in brands and content screens of the
 * real server on a fresh embedded database with the demo catalogue, driving Debian's Chromium.
 *
 *   node --import tsx bench/lighthouse.ts      BENCH_RUNS=3 (median of), CHROMIUM_PATH=/usr/bin/chromium,
 *                                              LIGHTHOUSE_DIR=/tmp/lh/node_modules/lighthouse, CONSOLE_DIST
 *
 * Lighthouse is not a dependency of the repository (its third-party-web@latest breaks `npm ci` whenever that tag
 * moves): it is installed outside it, `mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm i lighthouse`, and
 * loaded from LIGHTHOUSE_DIR at run time, typed by the few local interfaces below.
 *
 * Signed in through Lighthouse's extraHeaders (`Cookie: session=…`, which the server accepts like the login
 * cookie). Baseline, in the same run: a static one-heading page served by node:http on this machine, so the
 * figures can be read against what the machine's load alone costs. Targets: performance ≥ 95, accessibility 100.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { count, desc } from 'drizzle-orm';
import { content } from '../apps/server/src/db/schema.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startConsoleServer } from './lib/console-server.ts';
import { fmt } from './lib/database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIGHTHOUSE_DIR = path.resolve(process.env.LIGHTHOUSE_DIR ?? '/tmp/lh/node_modules/lighthouse');

/** What this script reads of a Lighthouse result (the package is installed on demand, see bench/README.md). */
interface Audit {
  id: string;
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  displayValue?: string;
  details?: unknown;
}
interface Lhr {
  runtimeError?: { message: string };
  audits: Record<string, Audit | undefined>;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  environment: { benchmarkIndex: number };
}
type RunLighthouse = (url: string, flags: object, config: object) => Promise<{ lhr: Lhr } | undefined>;

/** Lighthouse and its desktop preset, loaded at run time from LIGHTHOUSE_DIR: the package is not a dependency. */
async function loadLighthouse(): Promise<{ lighthouse: RunLighthouse; desktopConfig: object; version: string }> {
  const manifest = path.join(LIGHTHOUSE_DIR, 'package.json');
  if (!existsSync(manifest)) {
    throw new Error(
      `Lighthouse is not installed in ${LIGHTHOUSE_DIR}. Install it outside the repository (it must not become a ` +
        'dependency): mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm i lighthouse; or set LIGHTHOUSE_DIR to ' +
        'the folder of an installed lighthouse package. See bench/README.md.',
    );
  }
  const { main = 'core/index.js', version = '?' } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    main?: string;
    version?: string;
  };
  const load = (file: string) => import(pathToFileURL(path.join(LIGHTHOUSE_DIR, file)).href);
  const [lib, desktop] = await Promise.all([load(main), load('core/config/desktop-config.js')]);
  return {
    lighthouse: lib.default as RunLighthouse,
    desktopConfig: desktop.default as object,
    version,
  };
}

interface Scores {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failedA11y: string[];
  /** Performance audits that failed, with what Lighthouse estimates they cost. */
  hints: string[];
}

/** Chromium with a DevTools port for Lighthouse to drive. */
async function launchChromium(): Promise<{ port: number; process: ChildProcess; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'kids-vod-lighthouse-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err}`)));
  });
  return {
    port,
    process: child,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function audit(
  lh: Awaited<ReturnType<typeof loadLighthouse>>,
  port: number,
  url: string,
  headers: Record<string, string>,
  attempt = 1,
): Promise<Scores> {
  const { lighthouse, desktopConfig } = lh;
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: headers,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // Now and then the trace misses the navigation (NO_NAVSTART) on this loaded machine: that run is redone.
    if (attempt < 3) return audit(lh, port, url, headers, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] })?.items ?? [];
  // Signed in: the screen's list call was answered 200 (not the sign-in form measured instead).
  const apiCalls = items('network-requests').filter((r) => String(r.url).includes('/api/'));
  if (
    url.includes('/admin/') &&
    !apiCalls.some((r) => /\/api\/(brand|content)\/list/.test(String(r.url)) && r.statusCode === 200)
  ) {
    throw new Error(
      `${url}: no list call answered 200 (${apiCalls.map((r) => `${r.url} ${r.statusCode}`).join(', ')}): not signed in?`,
    );
  }
  // A failed accessibility audit, with the elements it names (selector and HTML snippet).
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => {
      const nodes = items(ref.id)
        .map((item) => item.node as { selector?: string; snippet?: string } | undefined)
        .filter((node) => node !== undefined)
        .slice(0, 5)
        .map((node) => `${node.selector} ${node.snippet}`);
      return `${ref.id}${nodes.length ? ` [${nodes.join(' ; ')}]` : ''}`;
    });
  // Where the main thread's time went: the long tasks (what TBT counts) and the scripts' evaluation.
  const longTasks = items('long-tasks').map((t) => Math.round(Number(t.duration)));
  const breakdown = items('mainthread-work-breakdown')
    .slice(0, 4)
    .map((t) => `${t.groupLabel} ${Math.round(Number(t.duration))} ms`);
  const hints = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a): a is Audit => a !== undefined && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative',
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const scripts = items('bootup-time')
    .slice(0, 6)
    .map((t) => `${String(t.url).split('/').pop()} ${Math.round(Number(t.scripting))} ms`);
  hints.push(
    `long tasks ${longTasks.join(', ') || 'none'} ms; main thread: ${breakdown.join(', ')}; scripts: ${scripts.join(', ')}; ` +
      `benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
  );
  return {
    hints,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failedA11y,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function summarise(runs: Scores[]): Scores {
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
    hints: [...new Set(runs.flatMap((r) => r.hints))],
  };
}

async function main() {
  const lh = await loadLighthouse();
  process.stdout.write(
    `Lighthouse ${lh.version} from ${LIGHTHOUSE_DIR}; load avg ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  const server = await startConsoleServer({ demo: true });
  const baseline = createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
          '<title>Baseline</title></head><body><main><h1>Baseline</h1><p>A static page.</p></main></body></html>',
      );
  });
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const chromium = await launchChromium();
  try {
    // The demo brand with the most episodes.
    const [biggest] = await server.db
      .select({ brand_id: content.brand_id })
      .from(content)
      .groupBy(content.brand_id)
      .orderBy(desc(count()))
      .limit(1);
    const screens = [
      { name: 'baseline: static page', url: `http://127.0.0.1:${(baseline.address() as AddressInfo).port}/` },
      { name: 'brands', url: `${server.base}/admin/brands` },
      { name: 'content', url: `${server.base}/admin/content?brand=${biggest.brand_id}` },
    ];
    const headers = { Cookie: `session=${server.token}` };
    const results = new Map<string, Scores[]>(screens.map((s) => [s.name, []]));
    // Turn about, so every screen and the baseline see the same load.
    for (let run = 0; run < RUNS; run++) {
      for (const s of screens) {
        const scores = await audit(lh, chromium.port, s.url, headers);
        results.get(s.name)?.push(scores);
        process.stdout.write(
          `  run ${run + 1} ${s.name}: performance ${scores.performance}, accessibility ${scores.accessibility}, ` +
            `LCP ${fmt(scores.lcp)} ms, TBT ${fmt(scores.tbt)} ms  (load avg ${loadavg()[0].toFixed(1)})\n` +
            (scores.hints.length ? `    failed performance audits: ${scores.hints.join('; ')}\n` : '') +
            (scores.failedA11y.length ? `    failed accessibility audits: ${scores.failedA11y.join('; ')}\n` : ''),
        );
      }
    }
    const base = summarise(results.get(screens[0].name) ?? []);
    process.stdout.write(
      `\nLighthouse ${RUNS} runs, medians (desktop preset)\n| page | performance | accessibility | FCP | LCP | TBT | CLS | LCP / baseline |\n|---|---|---|---|---|---|---|---|\n`,
    );
    for (const s of screens) {
      const m = summarise(results.get(s.name) ?? []);
      process.stdout.write(
        `| ${s.name} | ${m.performance} | ${m.accessibility} | ${fmt(m.fcp)} ms | ${fmt(m.lcp)} ms | ${fmt(m.tbt)} ms | ${m.cls.toFixed(
          3,
        )} | ${(m.lcp / base.lcp).toFixed(1)} |${m.failedA11y.length ? ` failed: ${[...new Set(m.failedA11y.map((f) => f.split(' [')[0]))].join(', ')}` : ''}\n`,
      );
    }
  } finally {
    await chromium.close();
    baseline.close();
    await server.close();
  }
  process.stdout.write(
    `load avg at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
