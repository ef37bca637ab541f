import { createHash } from 'node:crypto';
import type { CatalogueBuildRecord } from '@kids-vod/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

let c: ConsoleUnderTest;
const ENGLISH = 1;
const SPANISH = 3;

const post = <T = scene.Saved>(url: string, body: unknown) => scene.post<T>(c, url, body);

/** A published brand with published versions in `langs`, each with one playable episode; country rules as given. */
async function brandIn(name: string, langs: number[], rules: { code2: string[]; exclude: boolean }[] = []) {
  const brand = await post('/api/brand/add', { name, age_rating: '3+', is_published: true });
  for (const lang_id of langs) {
    await post('/api/brand_lang/add', { brand_id: brand.id, lang_id, title: `${name} ${lang_id}`, is_published: true });
  }
  for (const rule of rules) await post('/api/brand/add_country_rule', { brand_id: brand.id, ...rule });
  const episode = await post('/api/content/add', { brand_id: brand.id, season: 1, is_published: true });
  for (const lang_id of langs) {
    await post('/api/content_lang/add', {
      content_id: episode.id,
      lang_id,
      title: `${name} episode`,
      is_published: true,
    });
    const upload = await scene.uploadVideo(c, 'clip.mp4', 2);
    await post('/api/content/attach_video', { ext_id: upload.ext_id, content_id: episode.id, lang_id });
  }
  return { id: brand.id, episode: episode.id };
}

const d = {} as Record<string, { id: number; episode: number }>;

beforeAll(async () => {
  c = await startConsole();
  d.comet = await brandIn('Captain Comet', [ENGLISH, SPANISH]);
  d.robo = await brandIn('Robo Pals', [ENGLISH, SPANISH], [{ code2: ['FR'], exclude: true }]);
  d.forest = await brandIn('Forest Friends', [ENGLISH]);
  d.ocean = await brandIn('Ocean Explorers', [SPANISH], [{ code2: ['ES', 'FR'], exclude: false }]);
});
afterAll(() => c.close());

const tiles = (page: Page) =>
  page
    .locator('[data-testid^="preview-tile-"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid));

describe('publishing', () => {
  it('previews Spanish in France: exactly the brands a child there sees, and why one is missing, linked to fix it', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/preview?lang=es&country=FR');
    await page.getByTestId('kids-home').waitFor();
    await expect.poll(() => tiles(page)).toEqual([`preview-tile-${d.comet.id}`, `preview-tile-${d.ocean.id}`]);

    const robo = page.getByTestId(`hidden-brand-${d.robo.id}`);
    await robo.getByText('Not watchable in France').waitFor();
    const forest = page.getByTestId(`hidden-brand-${d.forest.id}`);
    await forest.getByText('No Spanish version').waitFor();
    await page
      .getByTestId(`hidden-content-${d.robo.episode}`)
      .getByText('Its brand is not watchable in France')
      .waitFor();

    // A brand's page: its episode plays on click.
    await page.getByTestId(`preview-tile-${d.comet.id}`).click();
    await page.waitForURL(new RegExp(`brand=${d.comet.id}`));
    await page.getByRole('button', { name: /^Play .*Captain Comet episode/ }).click();
    await page.getByTestId('preview-video').waitFor();
    // The catalogue's HLS master plays, as it does in the apps.
    await expect
      .poll(() =>
        page
          .getByTestId('preview-video')
          .locator('video')
          .evaluate((v) => (v as HTMLVideoElement).currentTime),
      )
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close' }).click();

    // The reason links to the item, which opens to be fixed.
    await forest.getByRole('link', { name: 'Forest Friends' }).click();
    await page.waitForURL(new RegExp(`/admin/brands\\?edit=${d.forest.id}`));
    await page.getByRole('dialog').waitFor();
    expectNoConsoleErrors();
  });

  it('lists the one change of an edited title before publishing, and publishes only when confirmed', async () => {
    await post('/api/content/upload_json?lang=en', {});
    const [version] = await post<{ id: number }[]>('/api/brand_lang/list', { brand_id: d.comet.id });
    await post('/api/brand_lang/update', { id: version.id, title: 'Captain Comet Returns' });
    const before = (await post<CatalogueBuildRecord[]>('/api/catalog/builds', {})).length;

    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/json');
    await page.getByRole('button', { name: 'Build and publish' }).click();
    const changes = page.getByRole('table', { name: 'Changes to the English catalogue' });
    await changes.waitFor();
    const rows = await changes
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([['Changed', 'Brand', 'Captain Comet Returns', 'title']]);
    // Cancel publishes nothing.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await changes.waitFor({ state: 'detached' });
    expect((await post<CatalogueBuildRecord[]>('/api/catalog/builds', {})).length).toBe(before);

    await page.getByRole('button', { name: 'Build and publish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByTestId('result-en').getByText('Published').waitFor();
    expect((await post<CatalogueBuildRecord[]>('/api/catalog/builds', {})).length).toBe(before + 1);

    // Nothing left to change says so.
    await page.getByRole('button', { name: 'Build and publish' }).click();
    await page.getByTestId('no-changes-en').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expectNoConsoleErrors();
  });

  it('rolls back to the previous build: the stable URL answers its file, and the history says so', async () => {
    const [live, previous] = await post<CatalogueBuildRecord[]>('/api/catalog/builds', { lang_id: ENGLISH, limit: 2 });
    expect(live.is_live).toBe(true);
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/json?lang=en');
    const row = page.getByTestId(`build-${previous.id}`);
    await row.getByRole('button', { name: /^Make live the English build/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make live' }).click();
    await page.getByText('The earlier build is live again').waitFor();

    const [entry] = await post<CatalogueBuildRecord[]>('/api/catalog/builds', { lang_id: ENGLISH, limit: 1 });
    expect(entry.rollback_of?.id).toBe(previous.id);
    await page
      .getByTestId(`rollback-${entry.id}`)
      .getByText(/^Rolled back to the build of \d\d\/\d\d, \d\d:\d\d by admin@example\.com$/)
      .waitFor();
    const stable = await page.request.get(`${c.baseUrl}/media/catalog/en.json`);
    expect(
      createHash('sha256')
        .update(await stable.body())
        .digest('hex'),
    ).toBe(previous.sha256);
    expectNoConsoleErrors();
  });

  it('passes axe on the preview and on the publish confirmation in dark and light mode', async () => {
    for (const colorMode of ['dark', 'light'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto('/admin/preview?lang=es&country=FR');
      await page.getByTestId(`hidden-brand-${d.forest.id}`).waitFor();
      await expectAccessible(page, `Preview, ${colorMode}`);
      await page.goto('/admin/json');
      await page.getByRole('button', { name: 'Build and publish' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^Publish( anyway)?$/ })
        .waitFor();
      await expectAccessible(page, `Publish confirmation, ${colorMode}`);
    }
    expectNoConsoleErrors();
  });
});
