import { api } from '@kids-vod/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMaster } from '../apps/server/src/test/masters.ts';
import {
  type ConsoleUnderTest,
  expectAccessible,
  expectNoConsoleErrors,
  focusReturnsTo,
  holdRequests,
  setSwitch,
  startConsole,
} from './support/console.ts';
import { apiCalls, callsTo, expectMissingItem } from './support/one-item.ts';
import * as scene from './support/scene.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

const post = (url: string, body: unknown) => scene.post(c, url, body);
const brandWithContent = (name: string, titles: string[], season = 1) =>
  scene.brandWithContent(c, name, titles, season);
const uploadVideo = (name: string, seconds: number, ready = true) => scene.uploadVideo(c, name, seconds, { ready });

async function openContent(page: Page, brandId: number, query = '') {
  await page.goto(`/admin/content?brand=${brandId}${query}`);
  await page.getByRole('table', { name: 'Content' }).or(page.getByText('has no content yet')).first().waitFor();
}

/** The table's rows as "S<season>E<number> <title>", in the order shown. */
async function rowsOf(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Content' }).locator('tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
      // The first cell is the row's checkbox (issue 38).
      return `S${cells[1]}E${cells[2]} ${cells[3]}`;
    }),
  );
}

async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** axe once modals, toasts and the progress bar have finished moving (half-faded text fails contrast). */
async function accessible(page: Page, label: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await expectAccessible(page, label);
}

/** expect.poll with the same patience as the page's waits (the default second is short on a busy machine). */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').getByText(text).first();

describe('the content screen', () => {
  it('asks for a brand, then creates content, edits it and adds language versions', async () => {
    const brand = await c.addBrand('Forest Friends');
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/content');
    await page.getByText('Content is listed per brand').waitFor();
    await expect.poll(() => page.title()).toBe('Content · Kids VOD');
    await accessible(page, 'content without a brand');

    await choose(page, page, 'Brand', 'Forest Friends');
    await page.waitForURL(/brand=\d+/);
    await page.getByText('Forest Friends has no content yet.').waitFor();
    await accessible(page, 'content of an empty brand');

    // New content: language versions wait until it is saved.
    await page.getByRole('button', { name: 'New content' }).first().click();
    const created = page.getByRole('dialog', { name: 'New content · Forest Friends' });
    await created.waitFor();
    await created.getByText('Create the content first').waitFor();
    expect(await created.getByRole('tab').count()).toBe(0);
    await accessible(page, 'new content modal');
    await created.getByLabel('Season').fill('');
    await created.getByRole('button', { name: 'Create content' }).click();
    await created.getByText('Enter a season').waitFor();
    await created.getByLabel('Season').fill('1');
    await created.getByLabel('Duration (seconds)').fill('95');
    await created.getByText('= 1:35 (mm:ss)').waitFor();
    await created.getByRole('button', { name: 'Create content' }).click();
    await toast(page, 'Content created').waitFor();

    // After the first save the modal stays open, now editing the item, on language 1.
    const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
    await editor.waitFor();
    expect(
      await editor
        .getByRole('tablist', { name: 'Languages' })
        .getByRole('tab', { selected: true })
        .getAttribute('aria-label'),
    ).toBe('English (no version yet)');
    await editor.getByText('There is no English version yet.').waitFor();
    await editor.getByLabel('Title', { exact: true }).fill('The Hollow Oak');
    await editor.getByLabel('Description').fill('Badger finds a home.');
    // One Save saves the item and the language version on screen.
    await editor.getByRole('button', { name: 'Save content' }).click();
    await toast(page, 'Language version added').waitFor();
    await editor.getByRole('tab', { name: 'English', exact: true }).waitFor();
    await accessible(page, 'content modal, editing');

    // A second language: the brand has none, so it is added from the picker (issue 36); its tab offers to create it.
    await choose(editor, page, 'Add a language version', 'Russian');
    await editor.getByRole('tab', { name: 'Russian (no version yet)', selected: true }).waitFor();
    await editor.getByText('There is no Russian version yet.').waitFor();
    await editor.getByLabel('Title', { exact: true }).fill('Дупло');
    await editor.getByRole('button', { name: 'Save content' }).click();
    await editor.getByRole('tab', { name: 'Russian', exact: true }).waitFor();

    // Closing with unsaved changes asks first; Escape there cancels the question only, keeping the modal.
    await editor.getByLabel('Duration (seconds)').fill('125');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await discard.waitFor();
    await page.keyboard.press('Escape');
    await discard.waitFor({ state: 'hidden' });
    // The question gone, the focus is back in the field it was asked from: the Escape has had all its effects.
    await focusReturnsTo(editor.getByLabel('Duration (seconds)'));
    expect(await discard.count()).toBe(0);
    await editor.waitFor();
    await setSwitch(editor.getByRole('switch', { name: 'Published', exact: true }), true);
    await editor.getByRole('button', { name: 'Save content' }).click();
    await toast(page, 'Content saved').waitFor();
    // The saved content is read back first; closing before that answer lands races with it.
    await page.waitForLoadState('networkidle');
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await editor.waitFor({ state: 'hidden' });

    const row = page.getByRole('table', { name: 'Content' }).locator('tbody tr').first();
    await row.getByText('The Hollow Oak').waitFor();
    expect(await row.locator('td').nth(4).locator('span').allTextContents()).toEqual(['EN', 'RU']);
    expect(await row.locator('td').nth(6).textContent()).toBe('Published');
    expect(await row.locator('td').nth(7).textContent()).toBe('2:05');

    // Editing again starts from what was saved; a title change shows in the list.
    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    await editor.waitFor();
    expect(await editor.getByLabel('Duration (seconds)').inputValue()).toBe('125');
    await editor.getByLabel('Title', { exact: true }).fill('The Hollow Oak Tree');
    await editor.getByRole('button', { name: 'Save content' }).click();
    await toast(page, 'Language version saved').waitFor();
    // The saved version is read back; typing before that answer lands would be reset by it.
    await page.waitForLoadState('networkidle');
    // Discarding unsaved edits closes the modal.
    await editor.getByLabel('Description').fill('Not kept');
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await editor.waitFor({ state: 'hidden' });
    await row.getByText('The Hollow Oak Tree').waitFor();
    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    await expect.poll(() => editor.getByLabel('Description').inputValue()).toBe('Badger finds a home.');

    // Someone else saves the item meanwhile: this save is refused with the server's message and the list reloads.
    const [item] = (await post('/api/content/list', { brand_id: brand.id })) as unknown as { id: number }[];
    await post('/api/content/update', { id: item.id, duration_sec: 200 });
    await editor.getByLabel('Duration (seconds)').fill('130');
    await editor.getByRole('button', { name: 'Save content' }).click();
    await toast(page, /changed by someone else/).waitFor();
    await poll(() => row.locator('td').nth(7).textContent()).toBe('3:20');
    // The modal offers the ways on; Keep mine, and the next save replaces theirs.
    const conflict = editor.getByRole('alert').filter({ hasText: 'Someone else saved this content' });
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await editor.getByRole('button', { name: 'Save content' }).click();
    await toast(page, 'Content saved').waitFor();
    await poll(() => row.locator('td').nth(7).textContent()).toBe('2:10');
    // Someone else again; Load their version shows it as stored.
    await post('/api/content/update', { id: item.id, duration_sec: 200 });
    await editor.getByLabel('Duration (seconds)').fill('140');
    await editor.getByRole('button', { name: 'Save content' }).click();
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await poll(() => editor.getByLabel('Duration (seconds)').inputValue()).toBe('200');
    // A conflict left open goes with the modal: opened again, the item shows as stored, with no old choice.
    await post('/api/content/update', { id: item.id, duration_sec: 210 });
    await editor.getByLabel('Duration (seconds)').fill('150');
    await editor.getByRole('button', { name: 'Save content' }).click();
    await conflict.waitFor();
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    await poll(() => editor.getByLabel('Duration (seconds)').inputValue()).toBe('210');
    expect(await conflict.count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('moves items within a season, and keeps brand, season, search and sort in the URL', async () => {
    const brand = await brandWithContent('Reorder Woods', ['Acorn', 'Birch', 'Cedar', 'Dogwood']);
    const s2 = await post('/api/content/add', { brand_id: brand.id, season: 2 });
    await post('/api/content_lang/add', { content_id: s2.id, lang_id: 1, title: 'Elm' });
    const page = await c.newPage();
    await c.signIn(page);
    await openContent(page, brand.id);
    expect(await rowsOf(page)).toEqual(['S1E1 Acorn', 'S1E2 Birch', 'S1E3 Cedar', 'S1E4 Dogwood', 'S2E1 Elm']);
    expect(await page.getByRole('button', { name: 'Move S1E1 up' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move S1E4 down' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move S2E1 up' }).isDisabled()).toBe(true);
    await accessible(page, 'content list');

    await page.getByRole('button', { name: 'Move S1E3 up' }).click();
    await poll(() => rowsOf(page)).toEqual(['S1E1 Acorn', 'S1E2 Cedar', 'S1E3 Birch', 'S1E4 Dogwood', 'S2E1 Elm']);
    // The moved item keeps the focus, under its new number: pressing Enter moves it on.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move S1E2 up');
    await page.keyboard.press('Enter');
    await poll(() => rowsOf(page)).toEqual(['S1E1 Cedar', 'S1E2 Acorn', 'S1E3 Birch', 'S1E4 Dogwood', 'S2E1 Elm']);
    // At the top its up button is disabled, so the focus goes to its down button.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move S1E1 down');
    await page.getByRole('button', { name: 'Move S1E4 up' }).click();
    await poll(() => rowsOf(page)).toEqual(['S1E1 Cedar', 'S1E2 Acorn', 'S1E3 Dogwood', 'S1E4 Birch', 'S2E1 Elm']);

    // Filtered or sorted otherwise, the order cannot be changed from the table.
    await page.getByLabel('Search').fill('o');
    await page.waitForURL(/search=o/);
    await poll(() => page.getByRole('button', { name: 'Move S1E3 up' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Title' }).click();
    await page.waitForURL(/sort=title/);
    await poll(() => rowsOf(page)).toEqual(['S1E2 Acorn', 'S1E3 Dogwood']);
    await page.getByRole('button', { name: 'Title' }).click();
    await page.waitForURL(/dir=desc/);
    await poll(() => rowsOf(page)).toEqual(['S1E3 Dogwood', 'S1E2 Acorn']);
    await choose(page, page, 'Season', 'Season 2');
    await page.waitForURL(/season=2/);
    await page.getByText('No content matches the filter.').waitFor();
    await page.getByLabel('Search').fill('');
    await poll(() => rowsOf(page)).toEqual(['S2E1 Elm']);
    await page.getByLabel('Search').fill('birch');
    await choose(page, page, 'Season', 'All seasons');
    await poll(() => rowsOf(page)).toEqual(['S1E4 Birch']);

    // A reload shows the same list.
    const before = page.url();
    expect(new URL(before).searchParams.get('search')).toBe('birch');
    await page.reload();
    await page.getByRole('table', { name: 'Content' }).waitFor();
    expect(page.url()).toBe(before);
    await expect.poll(() => page.getByRole('combobox', { name: 'Brand' }).inputValue()).toBe('Reorder Woods');
    await expect.poll(() => page.getByRole('combobox', { name: 'Season' }).inputValue()).toBe('All seasons');
    expect(await page.getByLabel('Search').inputValue()).toBe('birch');
    expect(await page.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('descending');
    expect(await rowsOf(page)).toEqual(['S1E4 Birch']);

    // New content given a number takes that place, and the others make room, as when an item is moved.
    await page.getByRole('button', { name: 'New content' }).first().click();
    const created = page.getByRole('dialog', { name: 'New content · Reorder Woods' });
    await created.getByLabel('Season').fill('1');
    await created.getByLabel('Sort number').fill('2');
    await created.getByRole('button', { name: 'Create content' }).click();
    await page.getByRole('dialog', { name: /^Edit S1E2/ }).waitFor();
    await poll(() => rowsOf(page)).toEqual(['S1E5 Birch']);
    const season1 = (await post('/api/content/list', { brand_id: brand.id, season: 1 })) as unknown as {
      id: number;
      sort_number: number;
    }[];
    expect(season1.map((item) => item.sort_number)).toEqual([1, 2, 3, 4, 5]);
    expect(season1.map((item) => item.id).indexOf(Math.max(...season1.map((item) => item.id)))).toBe(1);
    expectNoConsoleErrors();
  });

  it('opens an item from a click anywhere on its row, as the other lists do', async () => {
    const brand = await brandWithContent('Click Pond', ['Reed', 'Lily']);
    const page = await c.newPage();
    await c.signIn(page);
    await openContent(page, brand.id);
    // The title is text, not a link: a click on it (or anywhere on the row outside its buttons) opens the item.
    await page.getByRole('table', { name: 'Content' }).getByText('Lily').click();
    await page.getByRole('dialog', { name: 'Edit S1E2 · Lily' }).waitFor();
    await page.waitForURL(/edit=\d+/);
    expectNoConsoleErrors();
  });

  it('shows long lists a page at a time, the page in the URL, and follows a moved item to its page', async () => {
    const brand = await c.addBrand('Long Runner');
    const ids: number[] = [];
    for (let i = 1; i <= 105; i++) {
      const item = await post('/api/content/add', { brand_id: brand.id, season: 1 });
      await post('/api/content_lang/add', { content_id: item.id, lang_id: 1, title: `Episode ${i}` });
      ids.push(item.id);
    }
    const page = await c.newPage();
    await c.signIn(page);
    await openContent(page, brand.id);
    expect((await rowsOf(page)).length).toBe(100);
    await page.getByText('105 items · showing 1–100').waitFor();
    // An item beyond the page shown opens from the address, read by itself (content/get), not with the brand's
    // whole content; one that is not there says so, as every screen does.
    const calls = apiCalls(page);
    await openContent(page, brand.id, `&edit=${ids[102]}`);
    const beyond = page.getByRole('dialog', { name: /^Edit S1E103/ });
    await beyond.waitFor();
    expect(callsTo(calls, '/api/content/get')).toEqual([`/api/content/get {"id":${ids[102]}}`]);
    expect(callsTo(calls, '/api/content/list').filter((call) => !call.includes('"limit"'))).toEqual([]);
    await beyond.getByRole('button', { name: 'Close' }).last().click();
    await beyond.waitFor({ state: 'hidden' });
    await openContent(page, brand.id, '&edit=99999');
    await expectMissingItem(page, 'Content', 99999);
    await page.getByText('105 items · showing 1–100').waitFor();
    // The page buttons sit under 100 rows; the next page is read from its first row. (A low window, so the five
    // rows of page 2 are taller than it and could keep a scroll position.)
    await page.setViewportSize({ width: 1280, height: 200 });
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('105 items · showing 101–105').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(400);
    await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.getByRole('table', { name: 'Content' }).waitFor();
    expect(await rowsOf(page)).toEqual([
      'S1E101 Episode 101',
      'S1E102 Episode 102',
      'S1E103 Episode 103',
      'S1E104 Episode 104',
      'S1E105 Episode 105',
    ]);
    await page.getByRole('button', { name: 'Move S1E101 up' }).click();
    // It is number 100 now, the last row of page 1: the table goes there with it.
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move S1E100 up');
    expect((await rowsOf(page)).slice(-2)).toEqual(['S1E99 Episode 99', 'S1E100 Episode 101']);

    // Two changes at once, the second before the router has shown the first: both land.
    const sortByTitle = await page.getByRole('button', { name: 'Title' }).elementHandle();
    const pageTwo = await page.getByRole('button', { name: 'Page 2' }).elementHandle();
    await page.evaluate(
      ([a, b]) => {
        (a as HTMLElement).click();
        (b as HTMLElement).click();
      },
      [sortByTitle, pageTwo],
    );
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByText('105 items · showing 101–105').waitFor();
    expectNoConsoleErrors();
  });

  it('uploads a video with progress, attaches it, detaches it, and chooses a free one', async () => {
    const brand = await brandWithContent('Video Valley', ['Waterfall', 'Cave']);
    // A file attached to another item is not offered; a free one is.
    const taken = await uploadVideo('taken-elsewhere.mp4', 2, false);
    const other = await post('/api/content/list', { brand_id: brand.id });
    const cave = (other as unknown as { id: number }[])[1];
    await post('/api/content/attach_video', { ext_id: taken.ext_id, content_id: cave.id, lang_id: 1 });
    await uploadVideo('spare-take.mp4', 2, false);

    const page = await c.newPage();
    await c.signIn(page);
    await openContent(page, brand.id);
    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit S1E1 · Waterfall' });
    await editor.getByText('No video attached in English.').waitFor();

    await editor.getByRole('combobox', { name: 'Choose a video' }).click();
    await page.getByRole('option', { name: /spare-take\.mp4/ }).waitFor();
    expect(await page.getByRole('option', { name: /taken-elsewhere/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Upload: the answer is held back until released, so the progress bar can be seen and closing tried.
    const { release } = await holdRequests(page, '**/api/content/upload?type=video');
    const chooser = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: 'Upload a new video' }).click();
    await (await chooser).setFiles({
      name: 'waterfall-en.mp4',
      mimeType: 'video/mp4',
      buffer: await testMaster({ seconds: 3 }),
    });
    await editor.getByText('Uploading waterfall-en.mp4:').waitFor();
    await editor.getByRole('progressbar', { name: 'Uploading waterfall-en.mp4' }).waitFor({ state: 'attached' });
    // Closing would stop the upload: it asks first, and Cancel keeps both the modal and the upload.
    await editor.getByRole('button', { name: 'Close' }).last().click();
    const stop = page.getByRole('dialog', { name: 'Stop the upload?' });
    await stop.getByRole('button', { name: 'Cancel' }).click();
    await stop.waitFor({ state: 'hidden' });
    await editor.getByText('Uploading waterfall-en.mp4:').waitFor();
    // Another language would stop it too (the video is this language's): asked first as well.
    await choose(editor, page, 'Add a language version', 'Russian');
    await stop.getByRole('button', { name: 'Cancel' }).click();
    await stop.waitFor({ state: 'hidden' });
    expect(
      await editor
        .getByRole('tablist', { name: 'Languages' })
        .getByRole('tab', { selected: true })
        .getAttribute('aria-label'),
    ).toMatch(/^English/);
    await editor.getByText('Uploading waterfall-en.mp4:').waitFor();
    release();
    await toast(page, 'Video attached').waitFor();
    await editor.getByText('waterfall-en.mp4').waitFor();
    // What the probe read; processed meanwhile, then Play (the Videos journey plays it: e2e/videos.test.ts).
    await editor.getByText(/ · 320×180 · 0:03 · /).waitFor();
    await editor.getByRole('button', { name: 'Play waterfall-en.mp4' }).waitFor({ timeout: 90_000 });
    expect(await editor.getByRole('progressbar', { name: /^Uploading/ }).count()).toBe(0);
    // Its duration can become the content's.
    await editor.getByRole('button', { name: 'Use as content duration' }).click();
    expect(await editor.getByLabel('Duration (seconds)').inputValue()).toBe('3');
    await editor.getByRole('button', { name: 'Save content' }).click();
    await toast(page, 'Content saved').waitFor();
    await accessible(page, 'content modal with a video');

    await editor.getByRole('button', { name: 'Detach' }).click();
    await toast(page, 'Video detached').waitFor();
    await editor.getByText('No video attached in English.').waitFor();

    // The detached file is free again: choosing it attaches it.
    await editor.getByRole('combobox', { name: 'Choose a video' }).click();
    await page.getByRole('option', { name: /waterfall-en\.mp4/ }).click();
    await editor.getByRole('button', { name: 'Play waterfall-en.mp4' }).waitFor();
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await editor.waitFor({ state: 'hidden' });
    const row = page.getByRole('table', { name: 'Content' }).locator('tbody tr').first();
    await poll(() => row.locator('td').nth(5).textContent()).toBe('EN');
    expect(await row.locator('td').nth(7).textContent()).toBe('0:03');

    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    await editor.getByRole('button', { name: 'Detach' }).click();
    await editor.getByText('No video attached in English.').waitFor();
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await poll(() => row.locator('td').nth(5).textContent()).toBe('None');
    expectNoConsoleErrors();
  });

  it('says under a field when its choices could not load, and Retry loads them', async () => {
    const brand = await brandWithContent('Retry Ridge', ['Echo']);
    await uploadVideo('echo-take.mp4', 2, false);
    const page = await c.newPage();
    await c.signIn(page);
    // A refusal (4xx) is not retried by the query client, so the error shows at once.
    await page.route('**/api/content/files*', (route) =>
      route.fulfill({ status: 403, json: { detail: 'Not allowed' } }),
    );
    await openContent(page, brand.id);
    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit S1E1 · Echo' });
    await editor.getByText('Could not load the video files.').waitFor();
    await accessible(page, 'a field whose choices could not load');
    await page.unroute('**/api/content/files*');
    await editor.getByRole('button', { name: 'Retry' }).click();
    await editor.getByText('Could not load the video files.').waitFor({ state: 'hidden' });
    await editor.getByRole('combobox', { name: 'Choose a video' }).click();
    await page.getByRole('option', { name: /echo-take\.mp4/ }).waitFor();
    expectNoConsoleErrors();
  });

  it("links another brand's content into a compilation and deletes the link after asking", async () => {
    await brandWithContent('Ocean Tales', ['Whale Song', 'Coral Reef']);
    const compilation = await brandWithContent('Best Of', ['Own Episode']);
    const page = await c.newPage();
    await c.signIn(page);
    await openContent(page, compilation.id);
    await page.getByRole('button', { name: 'Links' }).click();
    const links = page.getByRole('dialog', { name: 'Links · Best Of' });
    await links.getByText('No linked content yet.').waitFor();

    await links.getByRole('combobox', { name: 'From brand' }).click();
    // Only other brands can be linked from.
    await page.getByRole('option', { name: 'Ocean Tales' }).waitFor();
    expect(await page.getByRole('option', { name: 'Best Of' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Ocean Tales' }).click();
    await choose(links, page, 'Content', 'S1E1 · Whale Song');
    await links.getByRole('button', { name: 'Add link' }).click();
    await toast(page, 'Link added').waitFor();
    await links.getByText('Ocean Tales · S1E1 · Whale Song').waitFor();
    await accessible(page, 'links modal');

    await links.getByRole('button', { name: 'Delete Ocean Tales · S1E1 · Whale Song' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Ocean Tales · S1E1 · Whale Song?' });
    await confirm.waitFor();
    // Escape answers the question only: the links stay open, the link stays.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    // The question gone, the focus is back on the button that asked it: the Escape has had all its effects.
    await focusReturnsTo(links.getByRole('button', { name: 'Delete Ocean Tales · S1E1 · Whale Song' }));
    await links.getByText('Ocean Tales · S1E1 · Whale Song').waitFor();
    await links.getByRole('button', { name: 'Delete Ocean Tales · S1E1 · Whale Song' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Link deleted').waitFor();
    await links.getByText('No linked content yet.').waitFor();

    // An item chosen but not added is not dropped by a stray Close: it asks, and Cancel keeps the choice.
    await choose(links, page, 'Content', 'S1E2 · Coral Reef');
    await links.getByRole('button', { name: 'Close' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await links.getByRole('combobox', { name: 'Content' }).inputValue()).toBe('S1E2 · Coral Reef');
    await links.getByRole('button', { name: 'Close' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await links.waitFor({ state: 'hidden' });
    expectNoConsoleErrors();
  });

  it("shows a compilation's linked content on its content screen, and follows a link added in the Links modal", async () => {
    const source = await brandWithContent('Shelf Stories', ['Owl Night', 'Fox Morning', 'Bear Nap']);
    const compilation = await c.addBrand('Shelf Best Of');
    const items = (await post('/api/content/list', { brand_id: source.id })) as unknown as { id: number }[];
    for (const item of items.slice(0, 2)) {
      await post('/api/content_link/add', { brand_id: compilation.id, content_id: item.id });
    }
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${compilation.id}`);
    // No content of its own, but not "no content": the linked items are on the screen, outside the Links modal.
    const linked = page.getByRole('table', { name: 'Linked content' });
    await linked.getByText('Shelf Stories · S1E1 · Owl Night').waitFor();
    await linked.getByText('Shelf Stories · S1E2 · Fox Morning').waitFor();
    await page.getByText('Shelf Best Of has no content of its own; it shows 2 linked items.').waitFor();
    expect(await page.getByText('has no content yet').count()).toBe(0);
    await accessible(page, 'a compilation with linked content only');

    // A link added in the modal shows on the screen once the modal is closed.
    await page.getByRole('button', { name: 'Links' }).first().click();
    const links = page.getByRole('dialog', { name: 'Links · Shelf Best Of' });
    await choose(links, page, 'From brand', 'Shelf Stories');
    await choose(links, page, 'Content', 'S1E3 · Bear Nap');
    await links.getByRole('button', { name: 'Add link' }).click();
    await toast(page, 'Link added').waitFor();
    await links.getByRole('button', { name: 'Close' }).click();
    await links.waitFor({ state: 'hidden' });
    await linked.getByText('Shelf Stories · S1E3 · Bear Nap').waitFor();
    expect(await linked.getByRole('row').count()).toBe(3);

    // The links name their brand: renamed on the Brands screen, it is named anew here, without a reload.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Brands' }).click();
    await page.getByRole('cell', { name: 'Shelf Stories', exact: true }).first().click();
    const brandDialog = page.getByRole('dialog', { name: 'Edit brand' });
    await brandDialog.getByLabel(/^Name/).fill('Shelf Tales');
    await brandDialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Brand saved').waitFor();
    await page.goBack();
    await page.waitForURL(/\/admin\/content\?brand=/);
    await linked.getByText('Shelf Tales · S1E1 · Owl Night').waitFor();
    expect(await linked.getByText('Shelf Stories').count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('passes axe in light mode: the list, the content modal with a video and the links modal', async () => {
    const brand = await brandWithContent('Light Meadow', ['Sunny Day', 'Picnic']);
    const linked = await brandWithContent('Light Hills', ['Kite']);
    const [kite] = (await post('/api/content/list', { brand_id: linked.id })) as unknown as { id: number }[];
    await post('/api/content_link/add', { brand_id: brand.id, content_id: kite.id });
    const [sunny] = (await post('/api/content/list', { brand_id: brand.id })) as unknown as { id: number }[];
    const file = await uploadVideo('sunny-day.mp4', 2);
    await post('/api/content/attach_video', { ext_id: file.ext_id, content_id: sunny.id, lang_id: 1 });

    const page = await c.newPage({ colorMode: 'light' });
    await c.signIn(page);
    await openContent(page, brand.id);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('light');
    await accessible(page, 'content list, light');

    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit S1E1 · Sunny Day' });
    await editor.getByRole('button', { name: 'Play sunny-day.mp4' }).waitFor();
    await accessible(page, 'content modal, light');
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await editor.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'New content' }).click();
    const created = page.getByRole('dialog', { name: 'New content · Light Meadow' });
    await created.getByText('Create the content first').waitFor();
    await accessible(page, 'new content modal, light');
    await created.getByRole('button', { name: 'Close' }).last().click();
    await created.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Links' }).click();
    const links = page.getByRole('dialog', { name: 'Links · Light Meadow' });
    await links.getByText('Light Hills · S1E1 · Kite').waitFor();
    await accessible(page, 'links modal, light');
    expectNoConsoleErrors();
  });

  it("shows the tabs of its brand's languages and its own, and adds another from a picker (issue 36)", async () => {
    const langs = (await c.t.call(api.reference.langList)) as { id: number; code: string; name: string }[];
    const id = (code: string) => langs.find((l) => l.code === code)?.id ?? 0;
    const brand = await c.addBrand('Two Tongues');
    for (const code of ['en', 'es']) {
      await post('/api/brand_lang/add', { brand_id: brand.id, lang_id: id(code), title: `Two Tongues ${code}` });
    }
    const item = (await post('/api/content/add', { brand_id: brand.id, season: 1 })) as { id: number };
    await post('/api/content_lang/add', { content_id: item.id, lang_id: id('en'), title: 'Hello' });
    // A version in a language the brand lacks stays reachable.
    await post('/api/content_lang/add', { content_id: item.id, lang_id: id('de'), title: 'Hallo' });
    const tabsOf = (editor: Locator) =>
      editor
        .getByRole('tablist', { name: 'Languages' })
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label')));
    for (const colorMode of ['light', 'dark'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await openContent(page, brand.id, `&edit=${item.id}`);
      const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
      await poll(() => tabsOf(editor)).toEqual(['English', 'Spanish (no version yet)', 'German']);
      await editor.getByRole('tab', { name: 'German', exact: true }).click();
      await editor.getByText('The brand has no German version').waitFor();
      await choose(editor, page, 'Add a language version', 'Russian');
      await editor.getByRole('tab', { name: 'Russian (no version yet)', selected: true }).waitFor();
      await editor.getByText('There is no Russian version yet.').waitFor();
      expect(await tabsOf(editor)).toEqual([
        'English',
        'Russian (no version yet)',
        'Spanish (no version yet)',
        'German',
      ]);
      await accessible(page, `content modal with its brand's language tabs, ${colorMode}`);
      await page.screenshot({ path: `/tmp/d2-shots/content-tabs-${colorMode}.png` });
      await page.close();
    }

    // A brand without English: an episode with no version opens on the brand's first language, not on English.
    const spanishOnly = await c.addBrand('Solo Español');
    await post('/api/brand_lang/add', { brand_id: spanishOnly.id, lang_id: id('es'), title: 'Solo' });
    const bare = (await post('/api/content/add', { brand_id: spanishOnly.id, season: 1 })) as { id: number };
    const page = await c.newPage();
    await c.signIn(page);
    await openContent(page, spanishOnly.id, `&edit=${bare.id}`);
    const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
    await editor.getByRole('tab', { name: 'Spanish (no version yet)', selected: true }).waitFor();
    expect(await tabsOf(editor)).toEqual(['Spanish (no version yet)']);
    expectNoConsoleErrors();
    // Both colour modes and a third page, each signed in with axe run: about 50 s on a loaded machine.
  }, 180_000);
});
