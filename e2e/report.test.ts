import { readFile } from 'node:fs/promises';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestViews } from '../apps/server/src/modules/report/data.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
  await seed();
});
afterAll(() => c.close());

/** yyyy-MM-dd of `n` days before today (the browser and this process share the machine's clock and zone). */
const daysAgo = (n: number) => dayjs().subtract(n, 'day').format('YYYY-MM-DD');
const gb = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
const dotted = (iso: string) => dayjs(iso).format('DD.MM.YYYY');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

const ids = { forest: 0, moon: 0, woods: 0, river: 0, landing: 0 };

async function post(url: string, body: unknown): Promise<{ id: number }> {
  const res = await c.t.post(url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function content(brandId: number, title: string): Promise<number> {
  const item = await post('/api/content/add', { brand_id: brandId, season: 1 });
  await post('/api/content_lang/add', { content_id: item.id, lang_id: 1, title });
  return item.id;
}

/**
 * Two brands, three episodes, and viewing written straight into the database by the server's own ingestion
 * (so every rollup the report reads agrees): in the default range (today and the 3 days before)
 * 36 + 30 + 40 = 106 minutes; 4 and 5 days ago 100 + 50 more.
 */
async function seed() {
  ids.forest = (await post('/api/brand/add', { name: 'Forest Friends' })).id;
  ids.moon = (await post('/api/brand/add', { name: 'Moon Bunnies' })).id;
  ids.woods = await content(ids.forest, 'Into the woods');
  ids.river = await content(ids.forest, 'River day');
  ids.landing = await content(ids.moon, 'Moon landing');
  // Noon UTC of that day: the report counts UTC days, and this machine's days are UTC days.
  const view = (ago: number, content_id: number, seconds: number, lang_id = 1, country = 'DE') => ({
    ts: `${daysAgo(ago)}T12:00:00Z`,
    content_id,
    lang_id,
    country,
    seconds,
  });
  const result = await ingestViews(c.t.database.db, [
    view(0, ids.woods, 600),
    view(0, ids.woods, 300, 2, 'FR'),
    view(1, ids.woods, 1200),
    view(3, ids.woods, 60),
    view(4, ids.woods, 6000),
    view(2, ids.river, 1800),
    view(0, ids.landing, 2400),
    view(5, ids.landing, 3000),
  ]);
  expect(result.accepted).toBe(8);
}

/** The report table's rows as text, top to bottom. */
function tableRows(page: Page) {
  return page
    .getByRole('table', { name: 'Minutes per brand and content' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent).join(' | ')));
}

const total = (page: Page) => page.getByTestId('total-minutes').textContent();

/** Chooses a day in the open range picker by its label ("15 June 2026"), moving to its month first. */
async function pickDay(page: Page, isoDate: string) {
  // isVisible does not wait: on a slow machine the picker may still be opening, which is not "another month".
  await page.locator('[data-dates-dropdown]').first().waitFor();
  const day = page.getByRole('button', { name: dayjs(isoDate).format('D MMMM YYYY'), exact: true });
  if (!(await day.isVisible())) {
    const shown = await page
      .locator('[data-dates-dropdown] button[aria-label]')
      .filter({ hasText: /^\d{1,2}$/ })
      .first()
      .getAttribute('aria-label');
    const back = dayjs(isoDate).isBefore(dayjs(new Date(shown ?? '')), 'month');
    await page.getByRole('button', { name: back ? 'Previous month' : 'Next month' }).click();
  }
  await day.click();
}

describe('report', () => {
  it('shows the last 3 days up to today, reloads when both dates of a new range are set, and sorts and searches', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    const reportCalls: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/stat/views_minutes_report')) reportCalls.push(req.postDataJSON());
    });
    await page.goto('/admin/report');

    // The default range: 3 days ago to today, en-GB.
    const dates = page.getByRole('button', { name: 'Dates' });
    await expect.poll(() => dates.textContent()).toBe(`${gb(daysAgo(3))} – ${gb(daysAgo(0))}`);
    await expect.poll(() => total(page)).toBe('106.0');
    expect(reportCalls).toEqual([{ date_from: daysAgo(3), date_to: daysAgo(0), csv: false }]);
    expect(await page.getByTestId('titles-watched').textContent()).toBe('3');
    expect(await page.getByTestId('average-minutes').textContent()).toBe('26.5');
    // Rows in the server's order: brand, season, number.
    expect(await tableRows(page)).toEqual([
      'Forest Friends | S1E1 | Into the woods | 36.0',
      'Forest Friends | S1E2 | River day | 30.0',
      'Moon Bunnies | S1E1 | Moon landing | 40.0',
    ]);

    // The chart: named by its caption, drawn per day and brand, and readable as a table.
    const caption = `Minutes per day, ${gb(daysAgo(3))} to ${gb(daysAgo(0))}`;
    const chart = page.getByRole('figure', { name: caption });
    await chart.waitFor();
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
    await chart.getByText('Forest Friends').first().waitFor();
    const days = page.getByRole('table', { name: caption });
    expect(await days.locator('thead th').allInnerTexts()).toEqual(['Date', 'Forest Friends', 'Moon Bunnies', 'Total']);
    expect(await days.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent))).toEqual([
      `${gb(daysAgo(3))}1.00.01.0`,
      `${gb(daysAgo(2))}30.00.030.0`,
      `${gb(daysAgo(1))}20.00.020.0`,
      `${gb(daysAgo(0))}15.040.055.0`,
    ]);

    // One date chosen: nothing reloads until the second one is.
    await dates.click();
    await pickDay(page, daysAgo(5));
    // The calendar marks the day once the pick is applied, by the same update that would start a reload.
    await page
      .getByRole('button', { name: dayjs(daysAgo(5)).format('D MMMM YYYY'), exact: true })
      .and(page.locator('[data-selected]'))
      .waitFor();
    expect(reportCalls).toHaveLength(1);
    expect(param(page, 'from')).toBeNull();
    await pickDay(page, daysAgo(1));
    await expect.poll(() => total(page)).toBe('201.0');
    expect(reportCalls.at(-1)).toEqual({ date_from: daysAgo(5), date_to: daysAgo(1), csv: false });
    expect([param(page, 'from'), param(page, 'to')]).toEqual([daysAgo(5), daysAgo(1)]);
    expect(await dates.textContent()).toBe(`${gb(daysAgo(5))} – ${gb(daysAgo(1))}`);
    expect(await tableRows(page)).toEqual([
      'Forest Friends | S1E1 | Into the woods | 121.0',
      'Forest Friends | S1E2 | River day | 30.0',
      'Moon Bunnies | S1E1 | Moon landing | 50.0',
    ]);
    await page.getByRole('figure', { name: `Minutes per day, ${gb(daysAgo(5))} to ${gb(daysAgo(1))}` }).waitFor();

    // A range left half-chosen goes back to the one shown.
    await dates.click();
    await pickDay(page, daysAgo(2));
    await page.keyboard.press('Escape');
    await expect.poll(() => dates.textContent()).toBe(`${gb(daysAgo(5))} – ${gb(daysAgo(1))}`);

    // Sort and search are kept in the URL; a reload shows the same report.
    await page.getByRole('button', { name: 'Minutes', exact: true }).click();
    await page.getByRole('button', { name: 'Minutes', exact: true }).click();
    await page.waitForURL(/dir=desc/);
    await expect
      .poll(async () => (await tableRows(page)).map((r) => r.split(' | ')[2]))
      .toEqual(['Into the woods', 'Moon landing', 'River day']);
    await page.getByLabel('Search the report').fill('moon');
    await page.waitForURL(/q=moon/);
    await expect.poll(() => tableRows(page)).toEqual(['Moon Bunnies | S1E1 | Moon landing | 50.0']);
    await page.reload();
    await expect.poll(() => tableRows(page)).toEqual(['Moon Bunnies | S1E1 | Moon landing | 50.0']);
    expect(await total(page)).toBe('201.0');
    expect(await page.getByLabel('Search the report').inputValue()).toBe('moon');
    expect(await page.getByRole('columnheader', { name: 'Minutes' }).getAttribute('aria-sort')).toBe('descending');

    // A preset range sets both dates at once.
    await dates.click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => param(page, 'from')).toBe(daysAgo(6));
    await expect.poll(() => total(page)).toBe('256.0');
    expectNoConsoleErrors();
  });

  it('downloads the CSV of the range as report_<dd.MM.yyyy>-<dd.MM.yyyy>.csv', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    const [from, to] = [daysAgo(4), daysAgo(0)];
    await page.goto(`/admin/report?from=${from}&to=${to}`);
    await expect.poll(() => total(page)).toBe('206.0');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report_${dotted(from)}-${dotted(to)}.csv`);
    const path = await download.path();
    // First the UTF-8 byte order mark, for Excel (report/data.ts).
    expect(await readFile(path, 'utf8')).toBe(
      `\uFEFF${[
        // Every text cell quoted, so that no spreadsheet reads one as a formula (report/csv.ts).
        '"brand_id","brand_name","content_id","season","sort_number","title","minutes"',
        `${ids.forest},"Forest Friends",${ids.woods},1,1,"Into the woods",136.0`,
        `${ids.forest},"Forest Friends",${ids.river},1,2,"River day",30.0`,
        `${ids.moon},"Moon Bunnies",${ids.landing},1,1,"Moon landing",40.0`,
        '',
      ].join('\r\n')}`,
    );

    // A refused download shows the server's detail.
    await page.route('**/api/stat/views_minutes_report', (route) =>
      route.request().postDataJSON().csv
        ? route.fulfill({ status: 400, json: { detail: 'The report could not be written' } })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await page.getByRole('alert').filter({ hasText: 'The report could not be written' }).waitFor();
    expectNoConsoleErrors();
  });

  it('says when the report cannot load, with Retry, and refuses a range over three years', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await page.route('**/api/stat/views_minutes_report', (route) =>
      route.fulfill({ status: 400, json: { detail: 'The database is busy' } }),
    );
    await page.goto('/admin/report');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load' });
    await alert.getByText('The database is busy').waitFor();
    await page.unroute('**/api/stat/views_minutes_report');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => total(page)).toBe('106.0');

    await page.goto(`/admin/report?from=2020-01-01&to=${daysAgo(0)}`);
    await page.getByText('The range is longer than 1096 days (3 years); choose a shorter one').waitFor();
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);

    // Days without viewing say so.
    await page.goto('/admin/report?from=2020-01-01&to=2020-01-05');
    await page.getByText('No viewing in these days.').waitFor();
    expect(await total(page)).toBe('0.0');
    expectNoConsoleErrors();
  });

  it('passes axe on the report and the open date picker in dark and light mode', async () => {
    for (const colorMode of ['dark', 'light'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto('/admin/report');
      await expect.poll(() => total(page)).toBe('106.0');
      await page.getByRole('figure').locator('.recharts-bar-rectangle path').first().waitFor();
      await expectAccessible(page, `report, ${colorMode}`);
      await page.getByRole('button', { name: 'Dates' }).click();
      await page.getByRole('button', { name: 'Last 7 days' }).waitFor();
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await expectAccessible(page, `report date picker, ${colorMode}`);
    }
    expectNoConsoleErrors();
  });
});
