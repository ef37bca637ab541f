import type { Promo } from '@kids-vod/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { momentOf, wallTime } from '../apps/console/src/shared/time/zoned-time.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

let c: ConsoleUnderTest;
/** How far the server's jobs' clock is ahead of the real one: a journey moves it on instead of waiting. */
let ahead = 0;
const jobsClock = () => new Date(Date.now() + ahead);
beforeAll(async () => {
  c = await startConsole({ now: jobsClock });
});
afterAll(() => c.close());

/** Screenshots of the screens to look at (not compared): SHOTS_DIR, else a temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/schedule-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The staff member of this journey works in Paris: the console enters and shows times in Europe/Paris. */
const PARIS = 'Europe/Paris';

/** A wall time ("2026-12-01T00:00") as it is typed into a moment field, en-GB: "01/12/2026 00:00". */
const typed = (wall: string) => `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11, 16)}`;

/** Tomorrow's midnight in Paris (the moment today ends there), as a wall time. */
function tomorrowMidnightInParis(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS }).format(new Date()); // yyyy-mm-dd
  const tomorrow = new Date(`${today}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return `${tomorrow.toISOString().slice(0, 10)}T00:00`;
}

/** The stable catalogue of English, as an app downloads it from the test's server: its banners' titles. */
async function stableEnglishBanners(): Promise<string[]> {
  const res = await fetch(`${c.baseUrl}/media/catalog/en.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { promos: { title: string }[] }).promos.map((p) => p.title);
}

describe('the schedule', () => {
  it('publishes a banner at its start by itself: the stable catalogue changes with nobody pressing Publish', async () => {
    const banner = await scene.post(c, '/api/promo/add', {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Advent calendar',
      lang_id: 1,
      is_active: true,
      available_from: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    // English published by hand before: the banner, not open yet, is not in it.
    await scene.post(c, '/api/content/upload_json?lang=en', {});
    expect(await stableEnglishBanners()).not.toContain('Advent calendar');

    // The next whole minute at least 20 s away (the field is entered to the minute), as the staff member in Paris
    // enters it.
    const start = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
    const wall = wallTime(new Date(start).toISOString(), PARIS);
    const page = await c.newPage({ timezoneId: PARIS });
    await c.signIn(page);
    await page.goto(`/admin/promo?edit=${banner.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit banner' });
    await dialog.getByLabel('Available from').fill(typed(wall));
    await dialog
      .getByTestId('window-state')
      .getByText(/^Starts in/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Save banner' }).click();
    await page.locator('.mantine-Notification-root').getByText('Banner saved').first().waitFor();
    const saved = (await scene.post<Promo[]>(c, '/api/promo/list', {})).find((p) => p.id === banner.id);
    expect(saved?.available_from).toBe(new Date(start).toISOString());
    expect(await stableEnglishBanners()).not.toContain('Advent calendar');

    // The server's clock moves on to a second after the start (no real minute waited for); nobody presses anything:
    // at its next look for due jobs (every 5 s), the stable file has the banner.
    ahead = start + 1_000 - Date.now();
    await expect.poll(stableEnglishBanners, { timeout: 30_000, interval: 1_000 }).toContain('Advent calendar');
    expect(jobsClock().getTime()).toBeGreaterThanOrEqual(start);

    // The JSON Build screen lists it as published by the schedule.
    await page.goto('/admin/json');
    await page.getByText('Automatic', { exact: true }).first().waitFor();
    await page.getByText('published by the schedule').first().waitFor();
    expectNoConsoleErrors();
  });

  it('ends a banner at midnight Paris time, set in its modal, and finds it under Ending soon', async () => {
    const banner = await scene.post(c, '/api/promo/add', {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Winter sale',
      is_active: true,
    });
    const page = await c.newPage({ timezoneId: PARIS });
    await c.signIn(page);
    await page.goto(`/admin/promo?edit=${banner.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit banner' });
    const until = dialog.getByLabel('Available until');
    // The zone the time is entered in is named beside the field.
    await dialog.getByText('Europe/Paris time; empty: no limit').first().waitFor();

    // Until before from is refused in the form, before anything is sent.
    const wall = tomorrowMidnightInParis();
    await dialog.getByLabel('Available from').fill(typed(wall));
    await until.fill(typed(wall));
    await dialog.getByRole('button', { name: 'Save banner' }).click();
    await dialog.getByText('Must be after the start').waitFor();
    await dialog.getByLabel('Available from').fill('');

    await until.fill(typed(wall));
    await dialog
      .getByTestId('window-state')
      .getByText(`Available until ${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)}`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Save banner' }).click();
    await page.locator('.mantine-Notification-root').getByText('Banner saved').first().waitFor();
    const expected = momentOf(wall, PARIS);
    await expect
      .poll(
        async () =>
          (await scene.post<Promo[]>(c, '/api/promo/list', {})).find((p) => p.id === banner.id)?.available_until,
      )
      .toBe(expected);
    await shot(page, 'banner-window-light');

    // Still live today: no badge on its card.
    await page.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId(`promo-card-${banner.id}`).getByTestId('window-badge').count()).toBe(0);

    // The Schedule lists it under Ending soon, linked to its modal (needs the scheduler's POST /api/schedule/list).
    await page.goto('/admin/schedule');
    const soon = page.getByRole('list', { name: 'Ending soon' });
    const entry = soon.getByTestId(`edge-promos-${banner.id}-closes`);
    await entry.getByText('Winter sale').waitFor();
    await entry.getByText('Closes').waitFor();
    await entry.getByRole('link', { name: 'Winter sale' }).click();
    await page.waitForURL(new RegExp(`/admin/promo\\?edit=${banner.id}`));
    await page.getByRole('dialog', { name: 'Edit banner' }).waitFor();
    expectNoConsoleErrors();
  });

  it('shows an expired stream as such in its list, and a country rule starting later in words', async () => {
    const stream = await scene.post(c, '/api/stream/add', {
      lang_id: 1,
      title: 'Last summer live',
      url: 'https://streams.example.com/summer/index.m3u8',
      available_until: '2026-09-01T00:00:00Z',
    });
    const brand = await c.addBrand('Licensed Ducks');
    const page = await c.newPage({ timezoneId: PARIS });
    await c.signIn(page);
    await page.goto('/admin/streams');
    const badge = page.getByTestId(`stream-row-${stream.id}`).getByTestId('window-badge');
    await badge.getByText('Expired').waitFor();
    expect(await badge.textContent()).toMatch(/^Expired: Ended .* ago \(01\/09\/2026 02:00 CEST\)$/);

    // A rule entered in London's own time: midnight there, whatever the staff member's zone.
    await page.goto(`/admin/brands?edit=${brand.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit brand' });
    const rules = dialog.getByRole('region', { name: 'Where available' });
    await rules.getByRole('combobox', { name: 'Countries' }).fill('United K');
    await page.getByRole('option', { name: /\(GB\)$/ }).click();
    // Escape closes the open list of countries, not the modal.
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await rules.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('option', { name: 'Europe/London', exact: true }).click();
    await rules.getByLabel('Starts').fill('01/12/2030 00:00');
    // An "only" rule starting later takes the brand out of every country until then: said before it is added.
    await rules.getByTestId('rule-nowhere-warning').waitFor();
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await rules
      .getByTestId('country-rule-state')
      .getByText(/^Starts in \d+ years \(01\/12\/2030 01:00 CET\)$/)
      .waitFor();
    const [rule] = await scene.post<{ starts_at: string }[]>(c, '/api/brand/list_country_rule', { brand_id: brand.id });
    expect(rule?.starts_at).toBe('2030-12-01T00:00:00.000Z');
    expectNoConsoleErrors();
  });

  // Two colour modes, axe in each, then a save: more than the default minute on 2 loaded cores.
  it('shows and takes dates en-GB in a US-English browser: dd/MM/yyyy, 24-hour time, weeks from Monday', {
    timeout: 150_000,
  }, async () => {
    const banner = await scene.post(c, '/api/promo/add', {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Boxing Day',
      is_active: true,
      available_from: '2030-12-01T17:30:00Z',
    });
    for (const colorMode of ['dark', 'light'] as const) {
      const page = await c.newPage({ colorMode, timezoneId: PARIS });
      await c.signIn(page);
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      await page.goto(`/admin/promo?edit=${banner.id}`);
      const dialog = page.getByRole('dialog', { name: 'Edit banner' });
      const from = dialog.getByRole('textbox', { name: 'Available from' });
      // 18:30 in Paris, day first, 24-hour.
      await expect.poll(() => from.inputValue()).toBe('01/12/2030 18:30');
      // No field of the browser's own, which would show mm/dd/yyyy here.
      expect(await page.locator('input[type="date"], input[type="datetime-local"], input[type="time"]').count()).toBe(
        0,
      );
      // The calendar opens with the field, its weeks from Monday.
      await from.click();
      const weekdays = page.locator('.mantine-DateInput-weekday');
      await expect.poll(() => weekdays.first().textContent()).toBe('Mo');
      await expectAccessible(page, `a moment field with its calendar open, ${colorMode}`);
      await page.screenshot({ path: `${SHOTS}/moment-field-open-${colorMode}.png` });
      // Escape closes the calendar, not the modal.
      await page.keyboard.press('Escape');
      await weekdays.first().waitFor({ state: 'hidden' });
      expect(await dialog.isVisible()).toBe(true);
      if (colorMode === 'light') await typeDayFirst(page, dialog, banner.id);
    }
    expectNoConsoleErrors();
  });

  async function typeDayFirst(page: Page, dialog: Locator, id: number) {
    const from = dialog.getByRole('textbox', { name: 'Available from' });
    // Typed day first: 02/12 is the second of December, not the twelfth of February.
    await from.fill('02/12/2030 18:45');
    await from.blur();
    await expect.poll(() => from.inputValue()).toBe('02/12/2030 18:45');
    await dialog.getByRole('button', { name: 'Save banner' }).click();
    await page.locator('.mantine-Notification-root').getByText('Banner saved').first().waitFor();
    const saved = (await scene.post<Promo[]>(c, '/api/promo/list', {})).find((p) => p.id === id);
    expect(saved?.available_from).toBe('2030-12-02T17:45:00.000Z');
  }

  it('passes axe on the Schedule screen in dark and light mode', async () => {
    for (const colorMode of ['dark', 'light'] as const) {
      const page = await c.newPage({ colorMode, timezoneId: PARIS });
      await c.signIn(page);
      await page.goto('/admin/schedule');
      await page.getByRole('heading', { name: 'Ending soon' }).waitFor();
      await page.getByRole('heading', { name: 'Automatic builds' }).waitFor();
      await page.getByRole('button', { name: 'Next month' }).waitFor();
      await expectAccessible(page, `Schedule, ${colorMode}`);
      await shot(page, `schedule-${colorMode}`);
    }
    expectNoConsoleErrors();
  });
});
