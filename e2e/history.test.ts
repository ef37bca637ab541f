import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, STAFF_PASSWORD } from '../apps/server/src/test/staff.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

/** Screenshots to look at (not compared): SHOTS_DIR, else the system's temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/history-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

/** An episode of a new brand with an English version titled `title`; the ids to open it by. */
async function episode(brandName: string, title: string) {
  const brand = await c.addBrand(brandName);
  const item = await scene.post(c, '/api/content/add', { brand_id: brand.id });
  await scene.post(c, '/api/content_lang/add', { content_id: item.id, lang_id: 1, title });
  return { brandId: brand.id, id: item.id };
}

async function openHistory(page: Page, brandId: number, id: number) {
  await page.goto(`/admin/content?brand=${brandId}&edit=${id}`);
  const dialog = page.getByRole('dialog', { name: /^(Edit|View) S1E1/ });
  await dialog.getByRole('tab', { name: 'History' }).click();
  await dialog.getByTestId('history').waitFor();
  return dialog;
}

describe('history in the edit modal', () => {
  it('restores the first of three titles, which the list shows and the history records', async () => {
    const { brandId, id } = await episode('History Tales', 'Tale one');
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brandId}&edit=${id}`);
    const dialog = page.getByRole('dialog', { name: /^Edit S1E1/ });
    for (const title of ['Tale two', 'Tale three', 'Tale four']) {
      await dialog.getByLabel('Title', { exact: true }).fill(title);
      await dialog.getByRole('button', { name: 'Save content' }).click();
      await expect.poll(() => dialog.getByRole('button', { name: 'Save content' }).isEnabled()).toBe(true);
      await expect.poll(() => dialog.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    }
    await dialog.getByRole('tab', { name: 'History' }).click();
    const history = dialog.getByTestId('history');
    // Field by field, in words: the language by name, the old title and the new.
    const entries = history.getByTestId('audit-entry');
    await expect.poll(() => entries.count()).toBe(5);
    expect(await entries.nth(0).textContent()).toMatch(/Changed.*English version.*Title:.*Tale three.*→.*Tale four/);
    expect(await entries.nth(3).textContent()).toMatch(/Created.*English version.*Title: Tale one.*Language: English/);
    expect(await entries.nth(4).textContent()).toMatch(/Created.*Episode/);
    await expectAccessible(page, 'history tab, light');

    // The first title: its version is restored after a confirmation.
    await entries
      .nth(3)
      .getByRole('button', { name: /^Restore this version/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => entries.count()).toBe(6);
    expect(await entries.nth(0).textContent()).toMatch(/Earlier version restored.*Title:.*Tale four.*→.*Tale one/);
    await dialog.getByRole('tab', { name: 'Details' }).click();
    await expect.poll(() => dialog.getByLabel('Title', { exact: true }).inputValue()).toBe('Tale one');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('table', { name: 'Content' }).getByText('Tale one').waitFor();

    // An item in the bin is restored from the bin first: the server says so, the panel shows it.
    const again = await openHistory(page, brandId, id);
    await scene.post(c, '/api/content/delete', { id });
    await again
      .getByTestId('audit-entry')
      .nth(2)
      .getByRole('button', { name: /^Restore this version/ })
      .click();
    await page.getByRole('dialog', { name: 'Restore this version?' }).getByRole('button', { name: 'Restore' }).click();
    await again.getByRole('alert').getByText('Restore it from the bin first').waitFor();
    await scene.post(c, '/api/bin/restore', { entity: 'content', id });
    expectNoConsoleErrors();
  });

  it('shows a read-only role the history without Restore', async () => {
    const { brandId, id } = await episode('History Readers', 'Read me');
    await scene.post(c, '/api/content_lang/update', { id: (await contentLangId(id))!, title: 'Read me again' });
    const analyst = await addStaff(c.t, 'analyst');
    const page = await c.newPage();
    await c.signIn(page, analyst.email, STAFF_PASSWORD);
    const dialog = await openHistory(page, brandId, id);
    await dialog.getByText('Read me again').first().waitFor();
    expect(await dialog.getByTestId('audit-entry').count()).toBe(3);
    expect(await dialog.getByRole('button', { name: /Restore this version/ }).count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('is accessible in dark mode', async () => {
    const { brandId, id } = await episode('History Dark', 'Night one');
    const page = await c.newPage({ colorMode: 'dark' });
    await c.signIn(page);
    await openHistory(page, brandId, id);
    await expectAccessible(page, 'history tab, dark');
    await shot(page, 'history-dark');
    const light = await c.newPage({ colorMode: 'light' });
    await c.signIn(light);
    await openHistory(light, brandId, id);
    await shot(light, 'history-light');
  });
});

async function contentLangId(contentId: number): Promise<number | undefined> {
  const res = await c.t.post('/api/content_lang/list', { content_id: contentId });
  return res.json()[0]?.id;
}

describe('the activity screen', () => {
  it('filters by person and kind, links to the item, and downloads the filter as CSV', async () => {
    const { brandId, id } = await episode('Activity Woods', 'Woodland');
    const editor = await addStaff(c.t, 'editor');
    const langId = (await contentLangId(id))!;
    const lang = (await c.t.post('/api/content_lang/list', { content_id: id })).json()[0];
    const byEditor = await c.t.request({
      method: 'POST',
      url: '/api/content_lang/update',
      headers: { authorization: `Bearer ${editor.token}` },
      payload: { id: langId, title: 'Woodland by the editor', updated_at: lang.updated_at },
    });
    expect(byEditor.statusCode, byEditor.body).toBe(200);

    const page = await c.newPage();
    await c.signIn(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL(/\/admin\/activity$/);
    const list = page.getByRole('list', { name: 'Activity, newest first' });
    await list.getByTestId('audit-entry').first().waitFor();

    await page.getByRole('combobox', { name: 'Person' }).click();
    await page.getByRole('option', { name: new RegExp(editor.email.replace('.', '\\.')) }).click();
    await page.getByRole('combobox', { name: 'Kind of item' }).click();
    await page.getByRole('option', { name: 'Episode language version' }).click();
    await page.waitForURL(/person=\d+.*kind=content_langs|kind=content_langs.*person=\d+/);
    await expect.poll(() => list.getByTestId('audit-entry').count()).toBe(1);
    const entry = list.getByTestId('audit-entry').first();
    expect(await entry.textContent()).toMatch(
      /Changed.*Episode language version #\d+ · English version.*Title:.*Woodland.*→.*Woodland by the editor/,
    );
    expect(await entry.textContent()).toContain(editor.email);
    await expectAccessible(page, 'activity screen, light');

    // The filters are in the address: a reload shows the same entries.
    await page.reload();
    await expect.poll(() => list.getByTestId('audit-entry').count()).toBe(1);

    // The CSV of the filter, in the same words.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^activity_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(csv[0]).toBe('"Entry","When (UTC)","Person","Kind","Item","Which","What happened","Change"');
    expect(csv.slice(1)).toHaveLength(1);
    expect(csv[1]).toContain(
      `"${editor.email}","Episode language version","${langId}","English version","Changed","Title: Woodland → Woodland by the editor"`,
    );

    // Each entry opens its item.
    await entry.getByRole('link', { name: /^Open episode/ }).click();
    await page.waitForURL(new RegExp(`/admin/content\\?brand=${brandId}&edit=${id}$`));
    await page.getByRole('dialog', { name: /^Edit S1E1/ }).waitFor();
    expectNoConsoleErrors();
  });

  it('is accessible in dark mode, and only admins have it', async () => {
    const page = await c.newPage({ colorMode: 'dark' });
    await c.signIn(page);
    await page.goto('/admin/activity');
    await page.getByRole('list', { name: 'Activity, newest first' }).getByTestId('audit-entry').first().waitFor();
    await expectAccessible(page, 'activity screen, dark');
    await shot(page, 'activity-dark');
    const light = await c.newPage({ colorMode: 'light' });
    await c.signIn(light);
    await light.goto('/admin/activity');
    await light.getByRole('list', { name: 'Activity, newest first' }).getByTestId('audit-entry').first().waitFor();
    await shot(light, 'activity-light');

    const editor = await addStaff(c.t, 'editor');
    const theirs = await c.newPage();
    await c.signIn(theirs, editor.email, STAFF_PASSWORD);
    await theirs.goto('/admin/activity');
    await theirs.getByRole('heading', { name: 'Your role (Editor) may not use this screen' }).waitFor();
    expect(await theirs.getByRole('list', { name: 'Activity, newest first' }).count()).toBe(0);
    expectNoConsoleErrors();
  });
});
