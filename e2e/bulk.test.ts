import { api, type Content } from '@kids-vod/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleUnderTest,
  expectAccessible,
  expectNoConsoleErrors,
  focusReturnsTo,
  setSwitch,
  startConsole,
} from './support/console.ts';
import * as scene from './support/scene.ts';

/**
 * Many at once, "not planned" and readiness as a worklist (issue 38, items 4 to 6; decision 077) as staff meet them:
 * rows selected on the content list (the page, then all that match the search), one confirmation saying how many,
 * one call; a language marked not planned in the content modal and shown on its row; the Readiness screen.
 */
let c: ConsoleUnderTest;
const ENGLISH = 1;
const SPANISH = 3;
const post = <T = scene.Saved>(url: string, body: unknown) => scene.post<T>(c, url, body);

/** Screenshots to look at (not compared): SHOTS_DIR, else a temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/bulk-shots';
/** More than a page (100 rows): "Select all N matching" has more to give than the page. */
const ZIPPY = 101;

let brand: { id: number; name: string };
let others: number[];

beforeAll(async () => {
  c = await startConsole();
  brand = await c.addBrand('Zippy Zoo Bulk', { is_published: true });
  for (const lang_id of [ENGLISH, SPANISH]) {
    await post('/api/brand_lang/add', { brand_id: brand.id, lang_id, title: 'Zippy Zoo', is_published: true });
  }
  for (let n = 1; n <= ZIPPY; n++) {
    const item = await post('/api/content/add', { brand_id: brand.id, season: 1 });
    await post('/api/content_lang/add', { content_id: item.id, lang_id: ENGLISH, title: `Zippy ${n}` });
  }
  others = [];
  for (const title of ['Otter one', 'Otter two']) {
    const item = await post('/api/content/add', { brand_id: brand.id, season: 2 });
    await post('/api/content_lang/add', { content_id: item.id, lang_id: ENGLISH, title });
    others.push(item.id);
  }
});
afterAll(() => c.close());

const brandContent = async () => (await c.t.call(api.content.list, { brand_id: brand.id })) as unknown as Content[];

/** The list searched for the Zippy episodes, its first page shown. */
async function openZippy(page: Page) {
  await page.goto(`/admin/content?brand=${brand.id}&search=Zippy`);
  await page.getByRole('table', { name: 'Content' }).getByRole('row').nth(100).waitFor();
}

/** Selects the page by keyboard: the header's checkbox, then Space. */
async function selectPage(page: Page) {
  const header = page.getByRole('checkbox', { name: 'Select every item on this page' });
  await header.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => header.isChecked()).toBe(true);
}

describe('many at once', () => {
  it('selects the page, then all matching, publishes them after one confirmation with the count, and sets a season', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await openZippy(page);
    await selectPage(page);
    const bar = page.getByRole('region', { name: 'Selected content' });
    await bar.getByText('100 episodes selected').waitFor();
    await bar.getByRole('button', { name: `Select all ${ZIPPY} matching` }).click();
    await bar.getByText(`All ${ZIPPY} episodes matching selected`).waitFor();

    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Publish ${ZIPPY} episodes?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await bar.waitFor({ state: 'detached' });
    // The list reloads (each row now Published) and the selection is gone; the otters were not matched.
    await expect.poll(async () => (await brandContent()).filter((x) => x.is_published).length).toBe(ZIPPY);
    expect((await brandContent()).filter((x) => others.includes(x.id)).every((x) => !x.is_published)).toBe(true);
    await expect
      .poll(() =>
        page.getByRole('table', { name: 'Content' }).locator('tbody').getByText('Published', { exact: true }).count(),
      )
      .toBe(100);
    await focusReturnsTo(page.getByRole('checkbox', { name: 'Select every item on this page' }));
    const history = await c.t.call(api.audit.list, {
      entity: 'content',
      entity_id: String((await brandContent())[0].id),
    });
    expect(history.items.some((e) => e.action === 'update')).toBe(true);

    // Two rows of season 2, by their own checkboxes, to season 3.
    await page.goto(`/admin/content?brand=${brand.id}&season=2`);
    await page.getByRole('checkbox', { name: 'Select S2E1 · Otter one' }).check();
    await page.getByRole('checkbox', { name: 'Select S2E2 · Otter two' }).check();
    await bar.getByText('2 episodes selected').waitFor();
    await bar.getByRole('button', { name: 'Set season' }).click();
    const season = page.getByRole('dialog', { name: 'Set the season of 2 episodes' });
    await season.getByLabel('Season').fill('3');
    await season.getByRole('button', { name: 'Set season' }).click();
    await season.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await brandContent()).filter((x) => others.includes(x.id)).map((x) => x.season))
      .toEqual([3, 3]);
    expectNoConsoleErrors();
  });

  it('marks an episode not planned in Spanish from its language tab, shows it on its row, and plans it again', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brand.id}&season=3`);
    await page.getByRole('button', { name: 'Edit S3E1' }).click();
    const editor = page.getByRole('dialog', { name: /^Edit S3E1/ });
    await editor.getByRole('tab', { name: 'Spanish (no version yet)' }).click();
    const notPlanned = editor.getByRole('switch', { name: 'Not planned in Spanish' });
    await setSwitch(notPlanned, true);
    await page.screenshot({ path: `${SHOTS}/not-planned-tab.png` });
    await expect
      .poll(async () => (await brandContent()).find((x) => x.id === others[0])?.not_planned_lang_ids)
      .toEqual([SPANISH]);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    const row = page.getByTestId(`content-row-${others[0]}`);
    await row.getByText('ES not planned').waitFor();
    await page.screenshot({ path: `${SHOTS}/not-planned-row.png` });

    await page.getByRole('button', { name: 'Edit S3E1' }).click();
    await editor.getByRole('tab', { name: 'Spanish (no version yet)' }).click();
    await setSwitch(notPlanned, false);
    await expect
      .poll(async () => (await brandContent()).find((x) => x.id === others[0])?.not_planned_lang_ids)
      .toEqual([]);
    await page.keyboard.press('Escape');
    await row.getByText('ES not planned').waitFor({ state: 'detached' });
    // Marked again for the worklist below: one episode fewer with Spanish problems.
    await post('/api/content/not_planned', { content_id: others[1], lang_id: SPANISH, not_planned: true });
    expectNoConsoleErrors();
  });

  it('lists on Readiness every brand and language with problems, filtered by language; a row opens its brand', async () => {
    const spanish = (await c.t.call(api.brand.readiness, { brand_id: brand.id })).langs.find(
      (l) => l.lang_id === SPANISH,
    );
    for (const colorMode of ['light', 'dark'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      // The list with a selection and the confirmation, in this colour mode.
      await openZippy(page);
      await selectPage(page);
      await page.screenshot({ path: `${SHOTS}/list-selected-${colorMode}.png` });
      await expectAccessible(page, `content list with a selection, ${colorMode}`);
      await page.getByRole('region', { name: 'Selected content' }).getByRole('button', { name: 'Unpublish' }).click();
      const confirm = page.getByRole('dialog', { name: 'Unpublish 100 episodes?' });
      await confirm.waitFor();
      await expectAccessible(page, `bulk confirmation, ${colorMode}`);
      await page.screenshot({ path: `${SHOTS}/confirmation-${colorMode}.png` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });

      // In the navigation right after Videos.
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Screens' });
      await nav.getByRole('link', { name: 'Readiness' }).waitFor();
      const names = await nav.getByRole('link').allInnerTexts();
      expect(names[names.indexOf('Videos') + 1]).toBe('Readiness');
      await nav.getByRole('link', { name: 'Readiness' }).click();
      await page.waitForURL(/\/admin\/readiness/);
      await page.getByRole('combobox', { name: 'Language', exact: true }).click();
      await page.getByRole('option', { name: 'Spanish', exact: true }).click();
      await page.waitForURL(/lang=3/);
      const row = page.getByTestId(`readiness-row-${brand.id}-${SPANISH}`);
      await row.waitFor();
      expect(await row.locator('td').allInnerTexts()).toEqual([
        brand.name,
        'Spanish',
        `${spanish?.problem_count} problems`,
        '0',
        'As soon as ready',
        'Content',
      ]);
      await expectAccessible(page, `readiness, ${colorMode}`);
      await page.screenshot({ path: `${SHOTS}/readiness-${colorMode}.png`, fullPage: true });
      await page.close();
    }
    // A row's link: the brand's modal, whose readiness names each problem with a link to its item.
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/readiness?lang=${SPANISH}`);
    await page
      .getByTestId(`readiness-row-${brand.id}-${SPANISH}`)
      .getByRole('link', { name: brand.name, exact: true })
      .click();
    const readiness = page.getByRole('dialog', { name: 'Edit brand' }).getByRole('region', { name: 'Readiness' });
    await readiness
      .getByTestId(`readiness-lang-${SPANISH}`)
      .getByRole('list', { name: 'Problems in Spanish' })
      .waitFor();
    await page.goBack();
    await page
      .getByRole('link', { name: `Content of ${brand.name}` })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/admin/content\\?brand=${brand.id}`));
    expectNoConsoleErrors();
  }, 240_000);
});
