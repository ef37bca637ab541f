import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Route } from 'playwright-core';
import { expect } from 'vitest';
import { createServerJobs } from '../../apps/server/src/server-jobs.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../apps/server/src/test/harness.ts';
// @ts-expect-error: a plain .mjs script shared with npm start
import { consoleDist } from '../../scripts/console-build.mjs';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A US-English browser, whose own date order is mm/dd/yyyy: the console shows and takes dates en-GB all the same.
  '--lang=en-US',
];

export interface ConsoleUnderTest {
  t: TestApp;
  baseUrl: string;
  browser: Browser;
  /** A new browser context (own storage), 1280×800 unless said otherwise. */
  newPage(options?: {
    width?: number;
    height?: number;
    colorMode?: 'light' | 'dark';
    /** The browser's time zone, the staff member's ("Europe/Paris"); the machine's when not given. */
    timezoneId?: string;
  }): Promise<Page>;
  /** Signs in through the login page (as the admin unless told whom) and waits for the first screen. */
  signIn(page: Page, email?: string, password?: string): Promise<void>;
  /**
   * Adds a brand for a journey (through the API, as the admin). A retried journey meets its first attempt's brand
   * under the same name: that one is renamed out of the way, so the retry sets the same scene again.
   */
  addBrand<T = { id: number; name: string }>(name: string, fields?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/** The real server (fresh database, built console) listening on a free port, and Debian's Chromium. */
/** `now`: the clock the server's own jobs (publishing on schedule) run by, for a journey that moves time on. */
/** `env`: more settings of the server (a webhook journey's WEBHOOK_ALLOW_PRIVATE). */
export async function startConsole(
  options: { now?: () => Date; env?: Record<string, string> } = {},
): Promise<ConsoleUnderTest> {
  const t = await createTestApp({ DEMO_DATA: '0', ...options.env }, { consoleDir: consoleDist });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The work the real server does by itself runs here too, as main.ts starts it (publishing on schedule among it).
  const jobs = createServerJobs({
    db: t.database.db,
    storage: t.app.storage,
    publicUrl: t.config.PUBLIC_URL,
    log: t.app.log,
    now: options.now,
    videos: { services: t.app.videos, concurrency: 1 },
    catalogue: t.app.catalogueListeners,
    webhooks: { allowPrivate: t.config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: t.config.WEBHOOK_TIMEOUT_SECONDS * 1000 },
  });
  await jobs.start();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  return {
    t,
    baseUrl,
    browser,
    async newPage({ width = 1280, height = 800, colorMode, timezoneId } = {}) {
      // bypassCSP lets the tests inject axe-core; the console itself runs under the real policy.
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: baseUrl,
        bypassCSP: true,
        locale: 'en-US',
        timezoneId,
      });
      if (colorMode) {
        await context.addInitScript((mode) => localStorage.setItem('color-mode', mode), colorMode);
      }
      // Waits are for conditions, so a long limit costs nothing when all is well; 2 loaded cores need it.
      context.setDefaultTimeout(20_000);
      contexts.push(context);
      const page = await context.newPage();
      // A console error in the page is a bug: collect them and fail the test at the end.
      page.on('pageerror', (err) => consoleErrors.push(String(err)));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !/status of 40[0-9]/.test(msg.text())) consoleErrors.push(msg.text());
      });
      return page;
    },
    async signIn(page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/admin\//);
    },
    async addBrand(name, fields = {}) {
      let res = await t.post('/api/brand/add', { ...fields, name });
      if (res.statusCode === 409) {
        // The earlier attempt may have renamed it since (a journey that edits the name): its slug still clashes.
        const slug = String(
          fields.slug ??
            name
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, '-')
              .replace(/^-|-$/g, ''),
        );
        const earlier = (await t.post('/api/brand/list', {}))
          .json()
          .find((b: { name: string; slug: string }) => b.name === name || b.slug === slug);
        const moved = await t.post('/api/brand/update', {
          id: earlier.id,
          name: `Earlier attempt ${earlier.id}`,
          slug: `earlier-attempt-${earlier.id}`,
        });
        expect(moved.statusCode, moved.body).toBe(200);
        res = await t.post('/api/brand/add', { ...fields, name });
      }
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async close() {
      for (const c of contexts) await c.close();
      await browser.close();
      await jobs.stop();
      await t.close();
    },
  };
}

/**
 * Holds back the requests matching `url` until `release()`, to see (and act on) the console meanwhile; then they go
 * on to the server, or get `answer`'s reply. `asked()` says whether one has been made.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<{ release: () => void; asked: () => boolean }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(url, async (route) => {
    asked = true;
    await held;
    await answer(route);
  });
  return { release, asked: () => asked };
}

/**
 * Sets a switch or checkbox by keyboard (focus, Space), as a keyboard user would.
 * Mantine draws the switch over a zero-size input, so a pointer click would have to be forced past
 * the actionability checks, and a forced click lands on whatever is on top: a closing dialog's overlay
 * or a toast. The key press goes to the focused input, and the state is then waited for.
 */
export async function setSwitch(input: Locator, on: boolean) {
  if ((await input.isChecked()) !== on) await input.press('Space');
  await expect.poll(() => input.isChecked()).toBe(on);
}

/**
 * Waits until `control` holds the keyboard focus: after a dialog closes, the focus back where it was says the
 * keys pressed have had all their effects. By `document.activeElement`, not CSS `:focus`, which matches only
 * while the browser window itself has the focus (not so for a page among several).
 */
export async function focusReturnsTo(control: Locator) {
  // Polled, not on animation frames: a page that is not the browser's front one may draw none.
  await control.page().waitForFunction((el) => el === document.activeElement, await control.elementHandle(), {
    polling: 50,
  });
}

/** Errors the pages logged; a test ends by expecting none. */
export const consoleErrors: string[] = [];
export function expectNoConsoleErrors() {
  expect(consoleErrors.splice(0)).toEqual([]);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until no CSS transition or animation is running (a modal fading in would give axe half-transparent
 * colours); endless ones (a loader's spin) are not waited for. A transition exists only from the frame after the
 * style that starts it, and Mantine's transitions set that style two animation frames after mounting: three frames
 * pass first.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame);
  });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** axe-core on the page as it is: no serious or critical violations. */
export async function expectAccessible(page: Page, label: string) {
  await settled(page);
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} at ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}
