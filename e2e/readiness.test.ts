import { api } from '@kids-vod/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload, tinyPng } from '../apps/server/src/test/multipart.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

/**
 * Readiness (issue 30, decision 064) as staff meet it: a badge per language on the brand list, the brand modal's
 * Readiness section with each problem a link to its item, and Build and publish saying what it leaves out.
 */
let c: ConsoleUnderTest;
const ENGLISH = 1;
const SPANISH = 3;
const post = <T = scene.Saved>(url: string, body: unknown) => scene.post<T>(c, url, body);

/** Screenshots to look at (not compared): SHOTS_DIR, else a temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/readiness-shots';

let brand: { id: number; name: string };
let logoUrl: string;
let episode: scene.Saved;

beforeAll(async () => {
  c = await startConsole();
  const logo = await c.t.request(fileUpload('/api/content/upload?type=image', { data: tinyPng(), filename: 'l.png' }));
  expect(logo.statusCode, logo.body).toBe(200);
  // English is whole: logo, a rule, an episode with its words and a processed video (whose poster is its thumbnail).
  // Spanish has its version and the episode's title, but no video: nothing a child can watch in it.
  logoUrl = logo.json().url;
  brand = await c.addBrand('Conejitos de la Luna', { is_published: true, logo_url: logoUrl });
  await post('/api/brand/add_country_rule', { brand_id: brand.id, code2: ['GB', 'ES'], exclude: false });
  for (const lang_id of [ENGLISH, SPANISH]) {
    await post('/api/brand_lang/add', { brand_id: brand.id, lang_id, title: 'Conejitos', is_published: true });
  }
  episode = await post('/api/content/add', { brand_id: brand.id, season: 1, is_published: true });
  await post('/api/content_lang/add', {
    content_id: episode.id,
    lang_id: ENGLISH,
    title: 'Moon Bunnies',
    description: 'The bunnies find the moon.',
    is_published: true,
  });
  await post('/api/content_lang/add', {
    content_id: episode.id,
    lang_id: SPANISH,
    title: 'Los conejitos',
    description: 'Los conejitos encuentran la luna.',
    is_published: true,
  });
  const video = await scene.uploadVideo(c, 'moon-bunnies.mp4', 2);
  await post('/api/content/attach_video', { ext_id: video.ext_id, content_id: episode.id, lang_id: ENGLISH });
});
afterAll(() => c.close());

/** Build and publish, with Spanish chosen. */
async function chooseSpanish(page: Page) {
  await page.goto('/admin/json');
  await page.getByRole('combobox', { name: 'Language', exact: true }).click();
  await page.getByRole('option', { name: 'Spanish (es)', exact: true }).click();
}

/** Asks to build and publish Spanish: what would change, and what is not ready, before anything is published. */
async function buildSpanish(page: Page) {
  await chooseSpanish(page);
  await page.getByRole('button', { name: 'Build and publish' }).click();
}

describe('readiness', () => {
  it('shows each language ready or not on the brand list, and in the modal what stops Spanish, each a link', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/brands?search=${encodeURIComponent('Conejitos')}`);
    const row = page.getByTestId(`brand-row-${brand.id}`);
    await expect.poll(() => row.getByTestId(`readiness-${ENGLISH}`).textContent()).toBe('EN ready');
    // Spanish: the brand has nothing to watch, and its episode no video (so no poster for a thumbnail either).
    await expect.poll(() => row.getByTestId(`readiness-${SPANISH}`).textContent()).toBe('ES · 3 problems');

    await row.getByRole('button', { name: 'Conejitos de la Luna' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit brand' });
    const readiness = dialog.getByRole('region', { name: 'Readiness' });
    const english = readiness.getByTestId(`readiness-lang-${ENGLISH}`);
    await english.getByText('1 episode a child can watch').waitFor();
    await english.getByText('Ready').waitFor();
    const spanish = readiness.getByTestId(`readiness-lang-${SPANISH}`);
    await spanish.getByText('0 episodes a child can watch').waitFor();
    const problems = spanish.getByRole('list', { name: 'Problems in Spanish' });
    expect(await problems.getByRole('listitem').allInnerTexts()).toEqual([
      'Conejitos: No episode a child can watch in Spanish: left out of the Spanish catalogue',
      'Los conejitos: No video in Spanish; No thumbnail (nor a video poster)',
    ]);
    // The episode's link opens it in its brand's content, where its video is attached.
    await problems.getByRole('link', { name: 'Los conejitos' }).click();
    await page.waitForURL(new RegExp(`/admin/content\\?brand=${brand.id}&edit=${episode.id}`));
    await page.getByRole('dialog').waitFor();
    expectNoConsoleErrors();
  });

  it('says before a Spanish build that it leaves the brand out, and publishes it once its video is attached', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await buildSpanish(page);
    const notReady = page.getByTestId('not-ready-es');
    // The brand left out, and (issue 36) what its readiness says of its episode: the brand modal's words and links.
    await notReady.getByText('Not ready in Spanish: 3 problems').waitFor();
    await notReady.getByRole('link', { name: 'Conejitos', exact: true }).waitFor();
    expect(
      await notReady.getByRole('list', { name: 'Problems in Spanish' }).getByRole('listitem').allInnerTexts(),
    ).toEqual([
      'Conejitos: No episode a child can watch in Spanish: left out of the Spanish catalogue',
      'Los conejitos: No video in Spanish; No thumbnail (nor a video poster)',
    ]);
    await page.screenshot({ path: `${SHOTS}/build-not-ready.png` });
    await notReady.getByRole('link', { name: 'Los conejitos' }).click();
    await page.waitForURL(new RegExp(`/admin/content\\?brand=${brand.id}&edit=${episode.id}`));
    await page.getByRole('dialog', { name: /^Edit S1E1/ }).waitFor();
    await chooseSpanish(page);

    // A Spanish video: readiness turns green, and nothing is said before the build.
    const video = await scene.uploadVideo(c, 'los-conejitos.mp4', 2);
    await post('/api/content/attach_video', { ext_id: video.ext_id, content_id: episode.id, lang_id: SPANISH });
    const now = await c.t.call(api.brand.readiness, { brand_id: brand.id });
    expect(now.langs.map((l) => [l.lang_id, l.playable, l.problem_count])).toEqual([
      [ENGLISH, 1, 0],
      [SPANISH, 1, 0],
    ]);
    await page.getByRole('button', { name: 'Build and publish' }).click();
    await page.getByRole('table', { name: 'Changes to the Spanish catalogue' }).waitFor();
    expect(await page.getByTestId('not-ready-es').count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expectNoConsoleErrors();
  });

  it('agrees with the brand modal and the catalogue that a brand without country rules is watched everywhere', async () => {
    // No rule at all: the catalogue shows the brand in every country (issue 36), so readiness names no rule problem.
    const everywhere = await c.addBrand('Everywhere Bunnies', { is_published: true, logo_url: logoUrl });
    await post('/api/brand_lang/add', {
      brand_id: everywhere.id,
      lang_id: ENGLISH,
      title: 'Everywhere',
      is_published: true,
    });
    const problemsIn = (page: Page) =>
      page
        .getByRole('dialog', { name: 'Edit brand' })
        .getByRole('region', { name: 'Readiness' })
        .getByRole('list', { name: 'Problems in English' });
    for (const colorMode of ['light', 'dark'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto(`/admin/brands?edit=${everywhere.id}`);
      const dialog = page.getByRole('dialog', { name: 'Edit brand' });
      await dialog.getByText('No country rules: the brand may be watched everywhere.').waitFor();
      await expect
        .poll(() => problemsIn(page).getByRole('listitem').allInnerTexts())
        .toEqual(['Everywhere: No episode a child can watch in English: left out of the English catalogue']);
      await problemsIn(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/no-rules-${colorMode}.png` });
      await page.close();
    }
    // An include rule that starts next year: watched nowhere now, and readiness says so.
    const next = new Date(Date.now() + 365 * 86_400_000).toISOString();
    await post('/api/brand/add_country_rule', {
      brand_id: everywhere.id,
      code2: ['GB'],
      exclude: false,
      starts_at: next,
    });
    for (const colorMode of ['light', 'dark'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto(`/admin/brands?edit=${everywhere.id}`);
      await expect
        .poll(() => problemsIn(page).getByRole('listitem').allInnerTexts())
        .toEqual([
          [
            'Everywhere: Its country rules let it be watched nowhere now: none of its include rules is in force',
            'No episode a child can watch in English: left out of the English catalogue',
          ].join('; '),
        ]);
      await problemsIn(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/rule-not-in-force-${colorMode}.png` });
      await page.close();
    }
    expectNoConsoleErrors();
  });

  it('passes axe on the brand list with its badges and the modal with its readiness, in both colour modes', async () => {
    for (const colorMode of ['light', 'dark'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto(`/admin/brands?edit=${brand.id}`);
      await page.getByRole('dialog').getByTestId('brand-readiness').waitFor();
      await expectAccessible(page, `brand modal with readiness, ${colorMode}`);
      await page.screenshot({ path: `${SHOTS}/modal-${colorMode}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByTestId(`readiness-${ENGLISH}`).first().waitFor();
      await expectAccessible(page, `brand list with readiness, ${colorMode}`);
      await page.screenshot({ path: `${SHOTS}/list-${colorMode}.png` });
      await page.close();
    }
    expectNoConsoleErrors();
  });

  it('lists before a build the first ten items with problems, then all of them, in both colour modes (issue 36)', async () => {
    // After the journeys above (which expect Spanish clean once its video is attached): twelve items with problems.
    const many = await c.addBrand('Doce Conejitos', { is_published: true, logo_url: logoUrl });
    await post('/api/brand_lang/add', { brand_id: many.id, lang_id: SPANISH, title: 'Doce', is_published: true });
    for (let n = 1; n <= 11; n++) {
      const e = await post('/api/content/add', { brand_id: many.id, season: 1, is_published: true });
      await post('/api/content_lang/add', {
        content_id: e.id,
        lang_id: SPANISH,
        title: `Conejito ${n}`,
        is_published: true,
      });
    }
    for (const colorMode of ['light', 'dark'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await buildSpanish(page);
      const notReady = page.getByTestId('not-ready-es');
      await notReady.getByText('Not ready in Spanish: 34 problems').waitFor();
      const items = notReady.getByRole('list', { name: 'Problems in Spanish' }).getByRole('listitem');
      await expect.poll(() => items.count()).toBe(10);
      expect(await items.nth(1).innerText()).toBe(
        'Conejito 1: No Spanish description; No video in Spanish; No thumbnail (nor a video poster)',
      );
      await expectAccessible(page, `build's problems, ${colorMode}`);
      await notReady.getByRole('button', { name: 'Show all 12 items in Spanish' }).click();
      await expect.poll(() => items.count()).toBe(12);
      await page.screenshot({ path: `${SHOTS}/build-not-ready-all-${colorMode}.png`, fullPage: true });
      await page.close();
    }
    expectNoConsoleErrors();
  });
});
