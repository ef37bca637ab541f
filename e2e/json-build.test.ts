import type { CatalogueBuildRecord, Language } from '@kids-vod/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import { uploadVideo } from './support/scene.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

const ENGLISH = 1;

async function post<T = { id: number }>(url: string, body: unknown): Promise<T> {
  const res = await c.t.post(url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function builds(): Promise<CatalogueBuildRecord[]> {
  return post('/api/catalog/builds', {});
}

/** A published brand with a published English version, and its content: one episode with a video, one without. */
async function englishCatalogue() {
  const brand = await post('/api/brand/add', { name: 'Happy Cats', age_rating: '3+', is_published: true });
  // A description long enough for the file to be counted in KB.
  const description = 'Three cats find out what makes a day a happy one. '.repeat(30);
  await post('/api/brand_lang/add', {
    brand_id: brand.id,
    lang_id: ENGLISH,
    title: 'Happy Cats',
    description,
    is_published: true,
  });
  const episode = await post('/api/content/add', { brand_id: brand.id, season: 1, is_published: true });
  await post('/api/content_lang/add', {
    content_id: episode.id,
    lang_id: ENGLISH,
    title: 'The first mouse',
    is_published: true,
  });
  // Processed before it is attached: the catalogue lists an episode once its video is ready.
  const video = await uploadVideo(c, 'mouse.mp4', 2);
  await post('/api/content/attach_video', { ext_id: video.ext_id, content_id: episode.id, lang_id: ENGLISH });
  const unfilmed = await post('/api/content/add', { brand_id: brand.id, season: 1, is_published: true });
  await post('/api/content_lang/add', { content_id: unfilmed.id, lang_id: ENGLISH, title: 'Soon', is_published: true });
  await post('/api/locales/upsert', { key: 'home.title', lang_id: ENGLISH, value: 'Home' });
  return { brand, episode };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const history = (page: Page) => page.getByRole('table', { name: 'Earlier builds' });

/** "Build and publish" first shows the changes against the live build: publishing is confirmed there. */
async function buildAndPublish(page: Page) {
  await page.getByRole('button', { name: 'Build and publish' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Publish( anyway)?$/ })
    .click();
}

describe('JSON build', () => {
  it('publishes the English catalogue: its URL, size, SHA-256 and counts, the file itself, and its history', async () => {
    const { brand, episode } = await englishCatalogue();
    const page = await c.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await c.signIn(page);
    await page.goto('/admin/json');
    await page.getByText('No catalogue has been published yet.').waitFor();

    // English is chosen to start with.
    await expect.poll(() => page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('English (en)');
    await buildAndPublish(page);
    const result = page.getByTestId('result-en');
    await result.getByText('Published').waitFor();
    await page.getByText('Catalogue published').waitFor();
    const [build] = await builds();
    expect(build.lang_code).toBe('en');

    // The URL is absolute, opens in a new tab and can be copied.
    const url = `${c.baseUrl}/media/catalog/en.json`;
    const link = result.getByRole('link', { name: /catalog\/en\.json/ });
    expect(await link.getAttribute('href')).toBe(url);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.textContent()).toContain(url);
    await result.getByRole('button', { name: 'Copy URL of the English catalogue' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Size in KB, the SHA-256 short (whole when copied), the time en-GB, the counts of the file.
    const cells = await result.locator('td').allTextContents();
    expect(cells[3]).toMatch(/^\d+(\.\d)? KB$/);
    expect(build.size_bytes).toBeGreaterThan(1024);
    expect(cells[3]).toBe(
      `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(build.size_bytes / 1024)} KB`,
    );
    expect(cells[4]).toBe(`${build.sha256.slice(0, 12)}…`);
    expect(cells[5]).toMatch(/^\d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d$/);
    await result.getByRole('button', { name: 'Copy SHA-256 of the English catalogue' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(build.sha256);
    const count = async (key: string) => result.locator(`[data-count="${key}"]`).textContent();
    expect(await count('brands')).toBe('Brands 1');
    expect(await count('content')).toBe('Content 1');
    expect(await count('links')).toBe('Links 0');
    expect(await count('promos')).toBe('Promos 0');
    expect(await count('streams')).toBe('Streams 0');
    expect(await count('strings')).toBe('Strings 1');
    expect(await count('content_without_video')).toBe('Without video 1');

    // What the link serves is the catalogue that was built: the brand and its episode with a video.
    const file = await page.request.get(url);
    expect(file.status()).toBe(200);
    const bytes = await file.body();
    expect(bytes.length).toBe(build.size_bytes);
    const catalogue = JSON.parse(bytes.toString('utf8'));
    expect(catalogue).toMatchObject({ format_version: 1, lang: 'en', strings: { 'home.title': 'Home' } });
    expect(catalogue.brands).toEqual([
      expect.objectContaining({
        id: brand.id,
        title: 'Happy Cats',
        content: [expect.objectContaining({ id: episode.id })],
      }),
    ]);

    // The history lists it with its versioned URL, marked live.
    const row = history(page).getByTestId(`build-${build.id}`);
    await row.getByText('Live', { exact: true }).waitFor();
    const versioned = `${c.baseUrl}/media/catalog/en-${build.sha256.slice(0, 16)}.json`;
    // The live build shows the stable address apps download first, then its own copy.
    const [stable, own] = await row.getByRole('link').all();
    expect(await stable.getAttribute('href')).toBe(`${c.baseUrl}/media/catalog/en.json`);
    expect(await own.getAttribute('href')).toBe(versioned);
    expect((await page.request.get(versioned)).status()).toBe(200);
    expect(await row.locator('[data-count="brands"]').textContent()).toBe('Brands 1');
    await expectAccessible(page, 'JSON build after a build, dark');

    // A second build: the newest comes first and is the live one.
    await buildAndPublish(page);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="build-"]').length === 2);
    const [newest] = await builds();
    expect(await history(page).locator('tbody tr').first().getAttribute('data-testid')).toBe(`build-${newest.id}`);
    expect(await row.getByText('Live', { exact: true }).count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('filters the history by language, kept in the URL', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/json');
    await history(page).locator('tbody tr').first().waitFor();

    await choose(page, 'Builds of', 'Russian (ru)');
    await page.waitForURL(/lang=ru/);
    await page.getByText('No Russian catalogue has been published yet.').waitFor();
    await page.reload();
    await page.getByText('No Russian catalogue has been published yet.').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Builds of' }).inputValue()).toBe('Russian (ru)');

    await choose(page, 'Builds of', 'English (en)');
    await page.waitForURL(/lang=en/);
    await history(page).locator('tbody tr').first().waitFor();
    const english = (await builds()).filter((b) => b.lang_code === 'en');
    await expect
      .poll(() =>
        history(page)
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => tr.dataset.testid)),
      )
      .toEqual(english.map((b) => `build-${b.id}`));
    expectNoConsoleErrors();
  });

  it('publishes every language one after the other, with progress, and goes on past a failure', async () => {
    const languages: Language[] = (await c.t.get('/api/content/lang_list')).json();
    const before = (await builds()).length;
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/json');

    // Spanish (the third language) waits until the progress has been seen; French is refused by the server.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/content/upload_json?lang=es', async (route) => {
      await gate;
      await route.continue();
    });
    await page.route('**/api/content/upload_json?lang=fr', (route) =>
      route.fulfill({ status: 409, json: { detail: 'Another build of this language is running' } }),
    );

    await choose(page, 'Language', 'All languages');
    await buildAndPublish(page);
    const progress = page.getByTestId('publish-progress');
    await expect
      .poll(() => progress.textContent(), { timeout: 10_000 })
      .toBe(`Publishing Spanish: 3 of ${languages.length}`);
    expect(await page.getByTestId('result-en').getByText('Published').count()).toBe(1);
    expect(await page.getByTestId('result-es').getByText('Publishing…').count()).toBe(1);
    expect(await page.getByTestId('result-de').getByText('Waiting').count()).toBe(1);
    release();

    await expect
      .poll(() => progress.textContent(), { timeout: 30_000 })
      .toBe(`Done: ${languages.length} of ${languages.length}`);
    for (const l of languages) {
      const row = page.getByTestId(`result-${l.code}`);
      if (l.code === 'fr') {
        await row.getByText('Failed').waitFor();
        await row.getByText('Another build of this language is running').waitFor();
      } else {
        await row.getByText('Published').waitFor();
        expect(await row.getByRole('link').getAttribute('href')).toBe(`${c.baseUrl}/media/catalog/${l.code}.json`);
      }
    }
    await page.getByText(`${languages.length - 1} published`).waitFor();
    await page.getByText('1 failed').waitFor();
    await page.getByText(`1 of ${languages.length} catalogues were not published: French`).waitFor();
    expect((await builds()).length).toBe(before + languages.length - 1);
    expect(await page.locator('[data-testid^="result-"]').count()).toBe(languages.length);
    expectNoConsoleErrors();
  });

  it('passes axe on the screen with results and history in dark and light mode', async () => {
    for (const colorMode of ['dark', 'light'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto('/admin/json');
      await history(page).locator('tbody tr').first().waitFor();
      await expectAccessible(page, `JSON build, ${colorMode}`);

      await page.route('**/api/content/upload_json?lang=ru', (route) =>
        route.fulfill({ status: 409, json: { detail: 'Another build of this language is running' } }),
      );
      await choose(page, 'Language', 'Russian (ru)');
      await buildAndPublish(page);
      await page.getByTestId('result-ru').getByText('Failed').waitFor();
      await page.unroute('**/api/content/upload_json?lang=ru');
      await choose(page, 'Language', 'English (en)');
      await buildAndPublish(page);
      await page.getByTestId('result-en').getByText('Published').waitFor();
      await page.getByText('Catalogue published').waitFor();
      await expectAccessible(page, `JSON build with a result, ${colorMode}`);
    }
    expectNoConsoleErrors();
  });
});
