import type { PromoCode } from '@kids-vod/contract';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleUnderTest,
  expectAccessible,
  expectNoConsoleErrors,
  focusReturnsTo,
  startConsole,
} from './support/console.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

/** Every stored code, newest first (as the list orders them). */
async function storedCodes(): Promise<PromoCode[]> {
  const res = await c.t.post('/api/promo-codes/list/', { offset: 0, limit: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

async function addCode(body: Record<string, unknown>): Promise<PromoCode> {
  const res = await c.t.post('/api/promo-codes/add/', { kind: 'free_days', value: 7, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function deleteAll() {
  for (const code of await storedCodes()) await c.t.post(`/api/promo-codes/${code.id}/delete/`);
}

/** The codes in the table, top to bottom. */
function shownCodes(page: Page) {
  return page.locator('tbody tr td:first-child').allInnerTexts();
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** Chooses a day in the open date picker by its label ("15 June 2026"); the picker then closes. */
async function pickDay(page: Page, isoDate: string) {
  await page.getByRole('button', { name: dayjs(isoDate).format('D MMMM YYYY'), exact: true }).click();
  await page.locator('[data-dates-dropdown]').waitFor({ state: 'detached' });
}

describe('promo codes', () => {
  it('pages through the codes one at a time, changes the page size, and keeps both in the URL', async () => {
    await deleteAll();
    await addCode({ code: 'PAGE-ONE', description: 'First made' });
    await addCode({ code: 'PAGE-TWO', description: 'Second made', kind: 'percent_off', value: 15, max_uses: 1000 });
    await addCode({
      code: 'PAGE-THREE',
      description: 'Third made',
      valid_from: '2026-01-05',
      valid_until: '2026-03-31',
      is_active: false,
    });

    const page = await c.newPage();
    // What each page asked for: by offset, or (the page after one shown) after its last code.
    const asked: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/promo-codes/list/')) asked.push(r.postDataJSON());
    });
    const lastAsked = () => {
      const { after_id, offset } = asked.at(-1) ?? {};
      return { after_id, offset };
    };
    await c.signIn(page);
    await page.goto('/admin/promocodes');
    await page.getByText('3 promo codes').waitFor();
    // The product spec's page size: one code a page, the newest first.
    await expect.poll(() => page.getByRole('combobox', { name: 'Per page' }).inputValue()).toBe('1');
    await expect.poll(() => shownCodes(page)).toEqual(['PAGE-THREE']);
    expect(
      await page
        .getByTestId(/^promo-code-row-/)
        .locator('td')
        .allInnerTexts(),
    ).toEqual([
      'PAGE-THREE',
      'Third made',
      'Free days',
      '7 days',
      '0 / unlimited',
      '05/01/2026',
      '31/03/2026',
      'Inactive',
      '',
    ]);
    await page.getByText('Page 1 of 3').waitFor();

    await page.getByRole('button', { name: 'next page' }).click();
    await expect.poll(() => shownCodes(page)).toEqual(['PAGE-TWO']);
    expect(param(page, 'page')).toBe('2');
    const [three, two] = await storedCodes();
    expect(lastAsked()).toEqual({ after_id: three.id, offset: undefined });
    expect(
      await page
        .getByTestId(/^promo-code-row-/)
        .locator('td')
        .allInnerTexts(),
    ).toEqual(['PAGE-TWO', 'Second made', 'Percent off', '15%', '0 / 1,000', 'none', 'none', 'Active', '']);

    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect.poll(() => shownCodes(page)).toEqual(['PAGE-ONE']);
    expect(param(page, 'page')).toBe('3');
    expect(lastAsked()).toEqual({ after_id: two.id, offset: undefined });
    await page.reload();
    await expect.poll(() => shownCodes(page)).toEqual(['PAGE-ONE']);
    await page.getByText('Page 3 of 3').waitFor();
    // Reached without the page before it: by offset.
    expect(lastAsked()).toEqual({ after_id: undefined, offset: 2 });

    // Ten a page: all three on one page, the first code shown staying in view.
    await page.getByRole('combobox', { name: 'Per page' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect.poll(() => shownCodes(page)).toEqual(['PAGE-THREE', 'PAGE-TWO', 'PAGE-ONE']);
    expect([param(page, 'size'), param(page, 'page')]).toEqual(['10', null]);
    await page.reload();
    await expect.poll(() => shownCodes(page)).toEqual(['PAGE-THREE', 'PAGE-TWO', 'PAGE-ONE']);
    await expect.poll(() => page.getByRole('combobox', { name: 'Per page' }).inputValue()).toBe('10');
    // Remembered: the list opened again from the sidebar (no size in its address) keeps ten a page.
    await page.goto('/admin/promocodes');
    await expect.poll(() => shownCodes(page)).toEqual(['PAGE-THREE', 'PAGE-TWO', 'PAGE-ONE']);
    await expect.poll(() => page.getByRole('combobox', { name: 'Per page' }).inputValue()).toBe('10');

    // A page past the end (an old link, of one code a page) shows the last page.
    await page.goto('/admin/promocodes?page=9&size=1');
    await page.waitForURL(/page=3/);
    await expect.poll(() => shownCodes(page)).toEqual(['PAGE-ONE']);
    expectNoConsoleErrors();
  });

  it('searches and sorts on the server, and keeps both in the URL', async () => {
    await deleteAll();
    await addCode({ code: 'SPRING-10', description: 'Spring sale', value: 10 });
    await addCode({ code: 'SUMMER-20', description: 'Summer', value: 20, valid_until: '2026-08-31' });
    await addCode({ code: 'AUTUMN-5', description: 'Autumn spring-clean', value: 5 });

    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/promocodes?size=10');
    await expect.poll(() => shownCodes(page)).toEqual(['AUTUMN-5', 'SUMMER-20', 'SPRING-10']);

    await page.getByRole('button', { name: 'Code', exact: true }).click();
    await page.waitForURL(/sort=code/);
    await expect.poll(() => shownCodes(page)).toEqual(['AUTUMN-5', 'SPRING-10', 'SUMMER-20']);
    await page.getByRole('button', { name: 'Code', exact: true }).click();
    await page.waitForURL(/dir=desc/);
    await expect.poll(() => shownCodes(page)).toEqual(['SUMMER-20', 'SPRING-10', 'AUTUMN-5']);
    await page.getByRole('button', { name: 'Value', exact: true }).click();
    await page.waitForURL(/sort=value/);
    await expect.poll(() => shownCodes(page)).toEqual(['AUTUMN-5', 'SPRING-10', 'SUMMER-20']);

    // The description is searched too, in any case.
    await page.getByLabel('Search promo codes').fill('SPRING');
    await page.waitForURL(/q=SPRING/);
    await expect.poll(() => shownCodes(page)).toEqual(['AUTUMN-5', 'SPRING-10']);
    await page.getByText('2 matches').waitFor();
    await page.reload();
    await expect.poll(() => shownCodes(page)).toEqual(['AUTUMN-5', 'SPRING-10']);
    expect(await page.getByLabel('Search promo codes').inputValue()).toBe('SPRING');
    expect(await page.getByRole('columnheader', { name: 'Value' }).getAttribute('aria-sort')).toBe('ascending');
    expect([param(page, 'q'), param(page, 'sort'), param(page, 'size')]).toEqual(['SPRING', 'value', '10']);

    await page.getByLabel('Search promo codes').fill('winter');
    await page.getByText('No promo code matches “winter”.').waitFor();
    await expectAccessible(page, 'promo codes, nothing matches');
    await page.getByRole('button', { name: 'Clear search' }).last().click();
    await expect.poll(() => shownCodes(page)).toEqual(['AUTUMN-5', 'SPRING-10', 'SUMMER-20']);
    expect(param(page, 'q')).toBeNull();
    expect(await page.getByLabel('Search promo codes').inputValue()).toBe('');
    expectNoConsoleErrors();
  });

  it('creates a code with Generate, edits it, and deletes it after the confirmation', async () => {
    await deleteAll();
    await addCode({ code: 'OLDER-CODE' });
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/promocodes');
    await expect.poll(() => shownCodes(page)).toEqual(['OLDER-CODE']);

    await page.getByRole('button', { name: 'New promo code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New promo code' });
    const code = dialog.getByRole('textbox', { name: 'Code' });
    await code.waitFor();
    // Validated with the contract's schema before anything is sent.
    await dialog.getByLabel('Value').fill('');
    await dialog.getByRole('button', { name: 'Create promo code' }).click();
    await dialog.getByText('A code is 3 to 32 letters, digits or hyphens').waitFor();
    await dialog.getByText('Enter a whole number').waitFor();

    await dialog.getByRole('button', { name: 'Generate' }).click();
    const generated = await code.inputValue();
    // Readable: no 0/O, 1/I/L or 5/S to mistake for one another.
    expect(generated).toMatch(/^KIDS-[2346789ABCDEFGHJKMNPQRTUVWXYZ]{6}$/);
    await dialog.getByLabel('Description').fill('Summer newsletter');
    await dialog.getByLabel('Percent off').check();
    await dialog.getByLabel('Value').fill('150');
    await dialog.getByRole('button', { name: 'Create promo code' }).click();
    await dialog.getByText('A percentage is 1 to 100').waitFor();
    await dialog.getByLabel('Value').fill('25');
    await dialog.getByLabel('Max uses').fill('100');

    // Validity dates are picked en-GB (weeks from Monday) and sent as yyyy-MM-dd.
    const from = dayjs().date(10).format('YYYY-MM-DD');
    const until = dayjs().date(20).format('YYYY-MM-DD');
    await dialog.getByLabel('Valid from', { exact: true }).click();
    expect(await page.locator('[class*="weekdaysRow"]').first().textContent()).toMatch(/^MoTuWe/);
    await pickDay(page, from);
    await dialog.getByLabel('Valid until', { exact: true }).click();
    await pickDay(page, until);
    expect(await dialog.getByLabel('Valid from', { exact: true }).textContent()).toBe(dayjs(from).format('DD/MM/YYYY'));
    // Escape closes an open calendar, not the modal under it.
    await dialog.getByLabel('Valid until', { exact: true }).click();
    await page.getByRole('button', { name: dayjs(until).format('D MMMM YYYY'), exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-dates-dropdown]').waitFor({ state: 'detached' });
    // The focus is back on the field in the modal: the Escape has been handled by all that heard it.
    await focusReturnsTo(dialog.getByLabel('Valid until', { exact: true }));
    expect(await page.getByRole('dialog', { name: 'New promo code' }).isVisible()).toBe(true);
    // A code in use is refused with the server's detail under the code field.
    await code.fill('older-code');
    await dialog.getByRole('button', { name: 'Create promo code' }).click();
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    // Under the field (besides the toast).
    await dialog.getByText('A promo code with this code already exists').waitFor();
    await code.fill(generated);
    await dialog.getByRole('button', { name: 'Create promo code' }).click();
    await page.getByText('Promo code created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    let [created] = await storedCodes();
    expect(created).toMatchObject({
      code: generated,
      description: 'Summer newsletter',
      kind: 'percent_off',
      value: 25,
      max_uses: 100,
      valid_from: from,
      valid_until: until,
      is_active: true,
    });
    // The newest is first: on page 1 with one code a page.
    await expect.poll(() => shownCodes(page)).toEqual([generated]);
    await page.getByText('2 promo codes').waitFor();

    // Editing loads the code as stored and sends its updated_at.
    await page.getByRole('button', { name: `Edit ${generated}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit promo code' });
    await edit.getByText('Used 0 times; empty for unlimited').waitFor();
    expect(await edit.getByLabel('Description').inputValue()).toBe('Summer newsletter');
    expect(await edit.getByLabel('Value').inputValue()).toBe('25');
    await edit.getByLabel('Value').fill('30');
    await edit.getByLabel('Max uses').fill('');
    await edit.getByRole('button', { name: 'Clear valid until' }).click();
    await edit.getByRole('button', { name: 'Save promo code' }).click();
    await page.getByText('Promo code saved').waitFor();
    await edit.waitFor({ state: 'hidden' });
    [created] = await storedCodes();
    expect(created).toMatchObject({ value: 30, max_uses: null, valid_from: from, valid_until: null });
    const row = page.getByTestId(`promo-code-row-${created.id}`);
    await row.getByText('0 / unlimited').waitFor();
    await row.getByText('30%').waitFor();

    // Someone else saves it meanwhile: this save is refused with the server's detail.
    await page.getByRole('button', { name: `Edit ${generated}` }).click();
    await edit.getByText('Used 0 times; empty for unlimited').waitFor();
    await c.t.post(`/api/promo-codes/${created.id}/update/`, { description: 'Changed elsewhere' });
    await edit.getByLabel('Description').fill('Too late');
    await edit.getByRole('button', { name: 'Save promo code' }).click();
    await page.getByText('Promo code was changed by someone else. Reload it and try again.').waitFor();
    // Keep mine: the next save replaces theirs.
    const conflict = edit.getByRole('alert').filter({ hasText: 'Someone else saved this promo code' });
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await edit.getByRole('button', { name: 'Save promo code' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await storedCodes())[0].description).toBe('Too late');
    // Load their version: the form shows the code as stored.
    await page.getByRole('button', { name: `Edit ${generated}` }).click();
    await expect.poll(() => edit.getByLabel('Description').inputValue()).toBe('Too late');
    await c.t.post(`/api/promo-codes/${created.id}/update/`, { description: 'Changed elsewhere' });
    await edit.getByLabel('Value').fill('35');
    await edit.getByRole('button', { name: 'Save promo code' }).click();
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => edit.getByLabel('Description').inputValue()).toBe('Changed elsewhere');
    expect(await edit.getByLabel('Value').inputValue()).toBe('30');
    await edit.getByLabel('Value').fill('40');
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await edit.waitFor({ state: 'hidden' });
    // Opened again, it shows the code as stored now.
    await page.getByRole('button', { name: `Edit ${generated}` }).click();
    await expect.poll(() => edit.getByLabel('Description').inputValue()).toBe('Changed elsewhere');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });

    // Delete asks first; Cancel keeps the code.
    await row.getByRole('button', { name: `Delete ${generated}` }).click();
    const ask = page.getByRole('dialog', { name: `Delete ${generated}?` });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect((await storedCodes()).map((x) => x.code)).toContain(generated);
    await row.getByRole('button', { name: `Delete ${generated}` }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Promo code deleted').waitFor();
    expect((await storedCodes()).map((x) => x.code)).toEqual(['OLDER-CODE']);
    await expect.poll(() => shownCodes(page)).toEqual(['OLDER-CODE']);
    await page.getByText('1 promo code', { exact: true }).waitFor();
    expectNoConsoleErrors();
  });

  it('shows a failed delete as an error toast, and goes back a page when the last one empties', async () => {
    await deleteAll();
    await addCode({ code: 'STAYS-HERE' });
    const gone = await addCode({ code: 'GONE-ELSEWHERE' });
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/promocodes');
    await expect.poll(() => shownCodes(page)).toEqual(['GONE-ELSEWHERE']);

    // Another client deletes it meanwhile: the delete here fails with the server's detail, and the list reloads.
    expect((await c.t.post(`/api/promo-codes/${gone.id}/delete/`)).statusCode).toBe(200);
    await page.getByRole('button', { name: 'Delete GONE-ELSEWHERE' }).click();
    await page.getByRole('dialog', { name: 'Delete GONE-ELSEWHERE?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').filter({ hasText: 'Promo code not found' }).waitFor();
    await expect.poll(() => shownCodes(page)).toEqual(['STAYS-HERE']);
    await page.getByText('1 promo code', { exact: true }).waitFor();

    // Deleting the code of a page in the middle shows the next code on that page.
    await addCode({ code: 'MIDDLE-ONE' });
    await addCode({ code: 'NEWEST-ONE' });
    await page.reload();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => shownCodes(page)).toEqual(['MIDDLE-ONE']);
    await page.getByRole('button', { name: 'Delete MIDDLE-ONE' }).click();
    await page.getByRole('dialog', { name: 'Delete MIDDLE-ONE?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Promo code deleted').waitFor();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => shownCodes(page)).toEqual(['STAYS-HERE']);
    expect(param(page, 'page')).toBe('2');

    // Deleting the only code of the last page goes to the page before.
    await page.getByRole('button', { name: 'Delete STAYS-HERE' }).click();
    await page.getByRole('dialog', { name: 'Delete STAYS-HERE?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => shownCodes(page)).toEqual(['NEWEST-ONE']);
    expect(param(page, 'page')).toBeNull();
    await page.getByText('Page 1 of 1').waitFor();

    // The last one gone, the empty list offers the create action.
    await page.getByRole('button', { name: 'Delete NEWEST-ONE' }).click();
    await page.getByRole('dialog', { name: 'Delete NEWEST-ONE?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No promo codes yet.').waitFor();
    await page.getByRole('button', { name: 'New promo code' }).last().click();
    await page.getByRole('dialog', { name: 'New promo code' }).waitFor();
    expectNoConsoleErrors();
  });

  it('passes axe on the list, the modals and the confirmation in dark and light mode', async () => {
    await deleteAll();
    await addCode({ code: 'AXE-OLD', valid_from: '2024-01-01', valid_until: '2024-02-01' });
    await addCode({ code: 'AXE-CODE', description: 'Checked by axe', kind: 'percent_off', value: 20, max_uses: 5 });
    for (const colorMode of ['dark', 'light'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto('/admin/promocodes?size=10');
      await expect.poll(() => shownCodes(page)).toEqual(['AXE-CODE', 'AXE-OLD']);
      // A hovered row must keep its text readable too.
      await page
        .getByTestId(/^promo-code-row-/)
        .first()
        .hover();
      await expectAccessible(page, `promo codes list, ${colorMode}`);

      await page.getByRole('button', { name: 'Edit AXE-CODE' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit promo code' });
      await edit.getByText('Used 0 times; empty for unlimited').waitFor();
      await expectAccessible(page, `edit promo code modal, ${colorMode}`);
      await edit.getByLabel('Valid from', { exact: true }).click();
      await page.getByRole('button', { name: dayjs().format('D MMMM YYYY'), exact: true }).waitFor();
      await expectAccessible(page, `promo code date picker, ${colorMode}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'New promo code' }).click();
      const dialog = page.getByRole('dialog', { name: 'New promo code' });
      await dialog.getByRole('button', { name: 'Create promo code' }).click();
      await dialog.getByText('A code is 3 to 32 letters, digits or hyphens').waitFor();
      await expectAccessible(page, `new promo code modal with field messages, ${colorMode}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Delete AXE-OLD' }).click();
      await page.getByRole('dialog', { name: 'Delete AXE-OLD?' }).waitFor();
      await expectAccessible(page, `delete confirmation, ${colorMode}`);
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
    expectNoConsoleErrors();
  });
});
