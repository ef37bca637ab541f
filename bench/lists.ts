/**
 * Large lists in the browser: the time from navigation to the rows shown, for the brands table with 500 brands
 * (50 a page) and the content table of a brand with 2,000 episodes (100 a page), on the real server on the
 * embedded database (PGlite), in Debian's Chromium through playwright-core. Also: scrolling the page through the
 * rows (frame times), moving to the next page, and a search that finds one row (from the first key typed).
 *
 *   node --import tsx bench/lists.ts     BENCH_RUNS=5, CHROMIUM_PATH=/usr/bin/chromium, BENCH_CATALOGUE=default|large
 *
 * Baselines in the same run: the shell alone (an unknown /admin page: header, no list) for the brands screen, and
 * the content of a brand with 10 episodes for the content screen. Target: rows shown within 1 s.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { type CatalogueShape, catalogueSql, pickCatalogue } from './lib/catalogue-seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startConsoleServer } from './lib/console-server.ts';
import { fmt } from './lib/database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1000;
const DEFAULT_SHAPE: CatalogueShape = {
  brands: 500,
  brandLangs: 3,
  bigBrandEpisodes: 2_000,
  episodesPerBrand: 10,
  promoCodes: 0,
};
// BENCH_CATALOGUE=large: issue 19's catalogue, without its promo codes (no screen here shows them; a million rows
// would only lengthen PGlite's seed).
const SHAPE: CatalogueShape = { ...pickCatalogue(DEFAULT_SHAPE).shape, promoCodes: 0 };

interface Screen {
  name: string;
  path: string;
  /** Shown when this many elements match. */
  selector: string;
  count: number;
  /** A search typed into the screen's box that finds one row: its label and what is typed. */
  search?: { label: string; term: string };
}

/** Records (in the page) when `count` elements match `selector`, at the frame after they were inserted. */
const rowsShownScript = (selector: string, count: number) => `(() => {
  const check = () => {
    if (window.__shownAt !== undefined || document.querySelectorAll(${JSON.stringify(selector)}).length < ${count}) return;
    window.__shownAt = null;
    requestAnimationFrame(() => { window.__shownAt = performance.now(); });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

async function shownAt(page: Page): Promise<number> {
  await page.waitForFunction('typeof window.__shownAt === "number"', undefined, { timeout: 30_000 });
  return (await page.evaluate('window.__shownAt')) as number;
}

/** Scrolls the page to the bottom and back in 40 px steps, one a frame; answers the frame times. */
const scrollScript = `new Promise((resolve) => {
  const deltas = [];
  let last = performance.now();
  let y = 0;
  let down = true;
  const max = document.documentElement.scrollHeight - innerHeight;
  const step = (now) => {
    deltas.push(now - last);
    last = now;
    y += down ? 40 : -40;
    if (y >= max) down = false;
    window.scrollTo(0, Math.max(0, Math.min(y, max)));
    if (!down && y <= 0) resolve({ deltas, height: max + innerHeight });
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

interface Measure {
  cold: number;
  warm: number;
  /** The warm load's API calls: name, when it started and how long it took (ms from navigation). */
  calls: string;
}

const apiCallsScript = `performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('/api/'))
  .map((e) => e.name.split('/api/')[1] + ' ' + Math.round(e.startTime) + '+' + Math.round(e.duration))
  .join(', ')`;

async function measure(context: BrowserContext, base: string, screen: Screen): Promise<Measure> {
  const page = await context.newPage();
  await page.addInitScript(rowsShownScript(screen.selector, screen.count));
  await page.goto(base + screen.path);
  const cold = await shownAt(page);
  await page.reload();
  const warm = await shownAt(page);
  const calls = (await page.evaluate(apiCallsScript)) as string;
  await page.close();
  return { cold, warm, calls };
}

/**
 * The page's own time from an event (`click`, `input`) to the frame in which `shown` holds: what a person waits,
 * without the automation's own steps before the event (scrolling into view, waiting for the target to be stable).
 */
async function timedInPage(page: Page, event: string, act: () => Promise<void>, shown: string): Promise<number> {
  await page.evaluate(`window.__actedAt = undefined;
    document.addEventListener(${JSON.stringify(event)}, () => { window.__actedAt ??= performance.now(); }, { capture: true, once: true });`);
  await act();
  await page.waitForFunction(
    `(() => { if (window.__actedAt === undefined || !(${shown})) return false; window.__shownAfter = performance.now() - window.__actedAt; return true; })()`,
    undefined,
    { polling: 'raf' },
  );
  return (await page.evaluate('window.__shownAfter')) as number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  process.stdout.write(`load avg at the start ${loads()}\n`);
  const server = await startConsoleServer({
    seed: async (db) => {
      for (const statement of catalogueSql(SHAPE)) await db.execute(sql.raw(statement));
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const newContext = async () => {
    // bypassCSP: the timing probes are evaluated from strings, which the console's policy (rightly) forbids.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: server.base,
      bypassCSP: true,
    });
    await context.addCookies([{ name: 'session', value: server.token, url: server.base }]);
    return context;
  };
  try {
    const pairs: [Screen, Screen][] = [
      [
        {
          name: `brands, ${SHAPE.brands} (50 a page)`,
          path: '/admin/brands',
          selector: 'tbody tr[data-testid^="brand-row-"]',
          count: 50,
          search: { label: 'Search brands', term: `Brand ${String(Math.ceil(SHAPE.brands * 0.77)).padStart(4, '0')}` },
        },
        { name: 'baseline: the shell alone', path: '/admin/no-such-screen', selector: 'main h2', count: 1 },
      ],
      [
        {
          name: `content, ${fmt(SHAPE.bigBrandEpisodes)} episodes (100 a page)`,
          path: '/admin/content?brand=1',
          selector: 'tbody tr[data-testid^="content-row-"]',
          count: 100,
          search: { label: 'Search', term: 'S2E7' },
        },
        {
          name: `baseline: content, ${SHAPE.episodesPerBrand} episodes`,
          path: '/admin/content?brand=2',
          selector: 'tbody tr[data-testid^="content-row-"]',
          count: SHAPE.episodesPerBrand,
        },
      ],
    ];
    const results = new Map<string, Measure[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const pair of pairs) {
        // Turn about: the list, then its baseline, each in a fresh context (cold cache), then reloaded (warm).
        for (const screen of pair) {
          const context = await newContext();
          const m = await measure(context, server.base, screen);
          await context.close();
          results.set(screen.name, [...(results.get(screen.name) ?? []), m]);
          process.stdout.write(
            `  run ${run + 1} ${screen.name}: rows shown ${fmt(m.cold)} ms cold, ${fmt(m.warm)} ms warm; warm calls ${m.calls} (load avg ${loadavg()[0].toFixed(1)})\n`,
          );
        }
      }
    }

    // Scrolling through a page of rows, and paging, on the large lists.
    const context = await newContext();
    const page = await context.newPage();
    const scrolling: string[] = [];
    for (const [screen] of pairs) {
      await page.goto(screen.path);
      await page
        .locator(screen.selector)
        .nth(screen.count - 1)
        .waitFor();
      const { deltas, height } = (await page.evaluate(scrollScript)) as { deltas: number[]; height: number };
      const frames = deltas.slice(1);
      const first = await page.locator(screen.selector).first().getAttribute('data-testid');
      const paging = await timedInPage(
        page,
        'click',
        () => page.getByRole('button', { name: /^next page$/i }).click(),
        `document.querySelector(${JSON.stringify(screen.selector)})?.getAttribute('data-testid') !== ${JSON.stringify(first)}`,
      );
      // A search, from the first key to the one row it finds shown (the box waits 200 ms for typing to pause).
      const search = screen.search;
      const searched = search
        ? await timedInPage(
            page,
            'input',
            () => page.getByRole('textbox', { name: search.label, exact: true }).fill(search.term),
            `document.querySelectorAll(${JSON.stringify(screen.selector)}).length === 1`,
          )
        : Number.NaN;
      scrolling.push(
        `| ${screen.name} | ${fmt(height)} px | ${frames.length} | ${fmt(median(frames), 1)} ms | ${fmt(p95(frames), 1)} ms | ${fmt(
          Math.max(...frames),
          1,
        )} ms | ${frames.filter((d) => d > 50).length} | ${fmt(paging)} ms | ${fmt(searched)} ms |`,
      );
    }
    await context.close();

    const lines = [
      `\nRows shown after navigation, median of ${RUNS} (target ≤ ${fmt(TARGET_MS)} ms)`,
      '| screen | cold (new context) | warm (reload) | baseline cold | baseline warm | ratio cold / warm |',
      '|---|---|---|---|---|---|',
    ];
    for (const [screen, baseline] of pairs) {
      const m = results.get(screen.name) ?? [];
      const b = results.get(baseline.name) ?? [];
      const [cold, warm, bCold, bWarm] = [
        m.map((x) => x.cold),
        m.map((x) => x.warm),
        b.map((x) => x.cold),
        b.map((x) => x.warm),
      ].map(median);
      lines.push(
        `| ${screen.name} (baseline: ${baseline.name.replace('baseline: ', '')}) | ${fmt(cold)} ms | ${fmt(warm)} ms | ${fmt(bCold)} ms | ${fmt(
          bWarm,
        )} ms | ${(cold / bCold).toFixed(2)} / ${(warm / bWarm).toFixed(2)} |`,
      );
    }
    lines.push(
      '\nScrolling the page to the bottom and back, 40 px a frame; then the next page; then a search finding one row',
      '| screen | page height | frames | median frame | p95 frame | longest | frames > 50 ms | next page | search (≤ 300 ms) |',
      '|---|---|---|---|---|---|---|---|---|',
      ...scrolling,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser.close();
    await server.close();
  }
  process.stdout.write(`load avg at the end ${loads()}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
