import type { Language, LocaleEntry } from '@kids-vod/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsoleUnderTest,
  expectAccessible,
  expectNoConsoleErrors,
  holdRequests,
  setSwitch,
  startConsole,
} from './support/console.ts';

// "Could not load" with Retry needs a failing list call, which the real server does not give on demand.

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

const ENGLISH = 1;
const RUSSIAN = 2;

async function post<T = unknown>(url: string, body: unknown): Promise<T> {
  const res = await c.t.post(url, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function entries(): Promise<LocaleEntry[]> {
  return post('/api/locales/list', {});
}
const entryOf = async (key: string) => (await entries()).find((e) => e.key === key);
const translate = (key: string, lang_id: number, value: string) => post('/api/locales/upsert', { key, lang_id, value });

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The cell of a key in a language: a button named "Edit <language> of <key>: <text or Missing>". */
const cell = (page: Page, language: string, key: string) =>
  page.getByRole('button', { name: new RegExp(`^Edit ${language} of ${literal(key)}:`) });
const editor = (page: Page, language: string, key: string) => page.getByLabel(`${language} text of ${key}`);
const grid = (page: Page) => page.getByRole('table', { name: 'App strings' });

/** The keys of the rows shown, top to bottom. */
function rowKeys(page: Page) {
  return grid(page).locator('tbody th[scope=row] p').allTextContents();
}

async function openLocales(page: Page, query = '') {
  await page.goto(`/admin/locales${query}`);
  await grid(page).locator('tbody tr').first().waitFor();
}

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

describe('locales', () => {
  it('translates app strings in place: click or Enter edits, Enter or leaving saves, Escape cancels', async () => {
    await translate('home.title', ENGLISH, 'Home');
    await translate('home.title', RUSSIAN, 'Главная');
    await translate('player.play', ENGLISH, 'Play');
    await post('/api/locales/add_key', { key: 'menu.exit' });

    const page = await c.newPage();
    await c.signIn(page);
    await openLocales(page);
    expect(await rowKeys(page)).toEqual(['home.title', 'menu.exit', 'player.play']);

    // Columns: English and the languages that have strings; each says how many keys it lacks.
    await poll(() => page.getByTestId('column-en').textContent()).toMatch(/English\s*en\s*1 missing/);
    await poll(() => page.getByTestId('column-ru').textContent()).toMatch(/Russian\s*ru\s*2 missing/);
    expect(await page.getByTestId('column-fr').count()).toBe(0);
    await cell(page, 'English', 'home.title').getByText('Home', { exact: true }).waitFor();
    await cell(page, 'Russian', 'player.play').getByText('Missing', { exact: true }).waitFor();

    // A click edits the cell; Enter saves it, quietly, and gives the focus back to the cell.
    await cell(page, 'Russian', 'player.play').click();
    await editor(page, 'Russian', 'player.play').fill('Играть');
    await page.keyboard.press('Enter');
    await cell(page, 'Russian', 'player.play').getByText('Играть', { exact: true }).waitFor();
    await poll(() =>
      page.evaluate(() => document.activeElement?.textContent?.includes('Edit Russian of player.play')),
    ).toBe(true);
    expect((await entryOf('player.play'))?.values).toEqual({ [ENGLISH]: 'Play', [RUSSIAN]: 'Играть' });
    expect(await cell(page, 'Russian', 'player.play').getByText('Missing', { exact: true }).count()).toBe(0);
    await poll(() => page.getByTestId('column-ru').textContent()).toMatch(/1 missing/);
    expect(await page.getByText('Saved', { exact: true }).count()).toBe(0);

    // By keyboard: Enter on a cell edits it; leaving the field saves it.
    await cell(page, 'English', 'menu.exit').focus();
    await page.keyboard.press('Enter');
    await editor(page, 'English', 'menu.exit').waitFor();
    await page.keyboard.type('Exit');
    await page.keyboard.press('Tab');
    await cell(page, 'English', 'menu.exit').getByText('Exit', { exact: true }).waitFor();
    await poll(async () => (await entryOf('menu.exit'))?.values).toEqual({ [ENGLISH]: 'Exit' });
    await poll(() => page.getByTestId('column-en').textContent()).toMatch(/Complete/);

    // Arrow keys move between cells; Escape drops the typed text and sends nothing.
    await cell(page, 'English', 'home.title').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await editor(page, 'Russian', 'home.title').fill('Не то');
    await page.keyboard.press('Escape');
    await cell(page, 'Russian', 'home.title').getByText('Главная', { exact: true }).waitFor();
    expect((await entryOf('home.title'))?.values[RUSSIAN]).toBe('Главная');

    // A refused save shows the server's detail and keeps the typed text; the next try saves it.
    await page.route('**/api/locales/upsert', (route) =>
      route.fulfill({ status: 409, json: { detail: 'The key was changed by someone else. Reload it and try again.' } }),
    );
    await cell(page, 'Russian', 'home.title').click();
    await editor(page, 'Russian', 'home.title').fill('Домой');
    await page.keyboard.press('Enter');
    await page.getByText('The key was changed by someone else. Reload it and try again.').waitFor();
    expect(await editor(page, 'Russian', 'home.title').inputValue()).toBe('Домой');
    expect(await editor(page, 'Russian', 'home.title').getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/api/locales/upsert');
    await page.keyboard.press('Enter');
    await cell(page, 'Russian', 'home.title').getByText('Домой', { exact: true }).waitFor();
    expect((await entryOf('home.title'))?.values[RUSSIAN]).toBe('Домой');

    // Clearing a text (leaving only spaces counts too) removes the translation: the key is missing there again.
    await cell(page, 'Russian', 'home.title').click();
    await editor(page, 'Russian', 'home.title').fill('   ');
    await page.keyboard.press('Enter');
    await cell(page, 'Russian', 'home.title').getByText('Missing', { exact: true }).waitFor();
    await poll(async () => (await entryOf('home.title'))?.values).toEqual({ [ENGLISH]: 'Home' });
    await cell(page, 'Russian', 'home.title').click();
    await editor(page, 'Russian', 'home.title').fill('Главная');
    await page.keyboard.press('Enter');
    await cell(page, 'Russian', 'home.title').getByText('Главная', { exact: true }).waitFor();

    // A reload shows what was saved; the missing markers are gone.
    await page.reload();
    await cell(page, 'Russian', 'player.play').getByText('Играть', { exact: true }).waitFor();
    await cell(page, 'English', 'menu.exit').getByText('Exit', { exact: true }).waitFor();
    expect(await grid(page).getByText('Missing', { exact: true }).count()).toBe(1);
    await poll(() => page.getByTestId('column-ru').textContent()).toMatch(/1 missing/);
    expectNoConsoleErrors();
  });

  it('says in a toast when the text of a cell that has left the screen could not be saved', async () => {
    await translate('away.key', ENGLISH, 'Before');
    await translate('stays.key', ENGLISH, 'Stays');
    const page = await c.newPage();
    await c.signIn(page);
    await openLocales(page, '?q=.key');
    // The save is held back, then refused, while a search takes its row off the screen.
    const { release } = await holdRequests(page, '**/api/locales/upsert', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"detail":"The text was refused"}' }),
    );
    await cell(page, 'English', 'away.key').click();
    await editor(page, 'English', 'away.key').fill('After');
    await page.getByLabel('Search', { exact: true }).fill('stays');
    await poll(() => rowKeys(page)).toEqual(['stays.key']);
    release();
    const toast = page.getByRole('alert').filter({ hasText: 'The English text of away.key was not saved' });
    await toast.getByText('The text was refused').waitFor();
    expect((await entryOf('away.key'))?.values[String(ENGLISH)]).toBe('Before');
    // The journeys after this one count keys.
    for (const key of ['away.key', 'stays.key']) await post('/api/locales/delete', { key });
    expectNoConsoleErrors();
  });

  it('adds a key with its English text, validated by the contract, and refuses a duplicate with its detail', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await openLocales(page);

    await page.getByRole('button', { name: 'Add key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add key' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add key' }).click();
    const rule = 'Use letters, digits, dots, hyphens and underscores (at most 100)';
    await dialog.getByText(rule).waitFor();
    await dialog.getByLabel(/^Key/).fill('has space');
    await dialog.getByRole('button', { name: 'Add key' }).click();
    await dialog.getByText(rule).waitFor();

    await dialog.getByLabel(/^Key/).fill('home.title');
    await dialog.getByRole('button', { name: 'Add key' }).click();
    await dialog.getByText('The key home.title already exists').waitFor();

    // Escape with typed text asks first.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });

    await dialog.getByLabel(/^Key/).fill('settings.sound');
    await dialog.getByLabel('English text').fill('Sound');
    await dialog.getByRole('button', { name: 'Add key' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Key added').waitFor();
    expect((await entryOf('settings.sound'))?.values).toEqual({ [ENGLISH]: 'Sound' });

    // The new key is shown at once: the search names it.
    await page.waitForURL(/q=settings.sound/);
    expect(await page.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('settings.sound');
    await poll(() => rowKeys(page)).toEqual(['settings.sound']);
    await cell(page, 'English', 'settings.sound').getByText('Sound', { exact: true }).waitFor();
    await cell(page, 'Russian', 'settings.sound').getByText('Missing', { exact: true }).waitFor();
    expectNoConsoleErrors();
  });

  it('searches keys and texts, filters to missing translations, and keeps both in the URL', async () => {
    await translate('menu.exit', RUSSIAN, 'Выход');
    await translate('parents.lock', ENGLISH, 'Parental lock');
    await translate('parents.lock', RUSSIAN, 'Родительский замок');
    const page = await c.newPage();
    await c.signIn(page);
    await openLocales(page);

    // Text in any language is searched, not only keys.
    await page.getByRole('textbox', { name: 'Search' }).fill('замок');
    await page.waitForURL(/q=/);
    await poll(() => rowKeys(page)).toEqual(['parents.lock']);
    await page.getByRole('textbox', { name: 'Search' }).fill('HOME');
    await poll(() => rowKeys(page)).toEqual(['home.title']);
    await page.reload();
    await poll(() => rowKeys(page)).toEqual(['home.title']);
    expect(await page.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('HOME');
    await page.getByRole('textbox', { name: 'Search' }).fill('no such text anywhere');
    await page.getByText('No key or text matches “no such text anywhere”.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).last().click();
    await grid(page).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBeNull();

    // Only missing: the keys that lack a shown language.
    const all = (await entries()).map((e) => e.key);
    const missingSome = (await entries())
      .filter((e) => !(String(ENGLISH) in e.values && String(RUSSIAN) in e.values))
      .map((e) => e.key);
    expect(missingSome).toEqual(['settings.sound']);
    await poll(() => rowKeys(page)).toEqual(all);
    await setSwitch(page.getByRole('switch', { name: 'Only missing' }), true);
    await page.waitForURL(/missing=1/);
    await poll(() => rowKeys(page)).toEqual(missingSome);
    await page.getByText(`1 of ${all.length} keys`).waitFor();
    await cell(page, 'Russian', 'settings.sound').getByText('Missing', { exact: true }).waitFor();

    // The row being translated stays until the filter changes, then goes.
    await cell(page, 'Russian', 'settings.sound').click();
    await editor(page, 'Russian', 'settings.sound').fill('Звук');
    await page.keyboard.press('Enter');
    await cell(page, 'Russian', 'settings.sound').getByText('Звук', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('Every key has its text in the languages shown.').waitFor();
    await page.getByRole('button', { name: 'Show all keys' }).click();
    await poll(() => rowKeys(page)).toEqual(all);
    expect(new URL(page.url()).searchParams.get('missing')).toBeNull();
    expectNoConsoleErrors();
  });

  it('deletes a key after the confirmation "Delete {key}?"', async () => {
    await translate('old.banner', ENGLISH, 'Old banner');
    const page = await c.newPage();
    await c.signIn(page);
    await openLocales(page);
    await cell(page, 'English', 'old.banner').waitFor();

    await page.getByRole('button', { name: 'Delete old.banner' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete old.banner?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await entryOf('old.banner')).toBeDefined();

    await page.getByRole('button', { name: 'Delete old.banner' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Key deleted').waitFor();
    await cell(page, 'English', 'old.banner').waitFor({ state: 'detached' });
    expect(await entryOf('old.banner')).toBeUndefined();
    expectNoConsoleErrors();
  });

  it('adds a language: its column appears, and the columns shown are kept in the URL', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await openLocales(page);

    await page.getByRole('button', { name: 'Add language' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add language' });
    await dialog.getByRole('button', { name: 'Add language' }).click();
    await dialog.getByText('A language code like "fr" or "pt-br"').waitFor();
    await dialog.getByText('Enter a name').waitFor();
    await dialog.getByLabel(/^Code/).fill('EN');
    await dialog.getByLabel(/^Name/).fill('English again');
    await dialog.getByRole('button', { name: 'Add language' }).click();
    await dialog.getByText('A language with the code en already exists').waitFor();

    await dialog.getByLabel(/^Code/).fill('pt-BR');
    await dialog.getByLabel(/^Name/).fill('Brazilian Portuguese');
    await dialog.getByRole('button', { name: 'Add language' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Language added').waitFor();
    const languages: Language[] = (await c.t.get('/api/content/lang_list')).json();
    expect(languages.at(-1)).toMatchObject({ code: 'pt-br', name: 'Brazilian Portuguese' });

    // Its column is there at once, every key missing in it.
    const keys = (await entries()).length;
    await poll(() => page.getByTestId('column-pt-br').textContent()).toMatch(
      new RegExp(`Brazilian Portuguese\\s*pt-br\\s*${keys} missing`),
    );
    await page.waitForURL(/langs=en%2Cru%2Cpt-br|langs=en,ru,pt-br/);
    await cell(page, 'Brazilian Portuguese', 'home.title').click();
    await editor(page, 'Brazilian Portuguese', 'home.title').fill('Início');
    await page.keyboard.press('Enter');
    await cell(page, 'Brazilian Portuguese', 'home.title').getByText('Início', { exact: true }).waitFor();
    await poll(() => page.getByTestId('column-pt-br').textContent()).toMatch(new RegExp(`${keys - 1} missing`));

    // More columns from the Languages list; a reload keeps them.
    await page.getByRole('combobox', { name: 'Languages' }).click();
    await page.getByRole('option', { name: 'French (fr)' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('column-fr').waitFor();
    await page.reload();
    await page.getByTestId('column-fr').waitFor();
    await page.getByTestId('column-pt-br').waitFor();
    expect(new URL(page.url()).searchParams.get('langs')).toBe('en,ru,pt-br,fr');
    expectNoConsoleErrors();
  });

  it('pages through thousands of keys, with the page in the URL', async () => {
    // Added through the API, as an import script would: 25 at a time, and a retry finds those of its first try (409).
    const many = Array.from({ length: 1200 }, (_, i) => `bulk.key-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < many.length; i += 25) {
      const codes = await Promise.all(
        many.slice(i, i + 25).map(async (key) => (await c.t.post('/api/locales/add_key', { key })).statusCode),
      );
      expect(codes.filter((code) => code !== 200 && code !== 409)).toEqual([]);
    }
    const page = await c.newPage();
    await c.signIn(page);
    await openLocales(page, '?q=bulk.');
    await page.getByText('1200 of').waitFor();
    await poll(() => rowKeys(page)).toEqual(many.slice(0, 50));

    await page.getByRole('button', { name: 'next page' }).click();
    await page.waitForURL(/page=2/);
    await poll(() => rowKeys(page)).toEqual(many.slice(50, 100));
    await page.getByRole('combobox', { name: 'Keys per page' }).click();
    await page.getByRole('option', { name: '200' }).click();
    await page.waitForURL(/size=200/);
    await poll(() => rowKeys(page)).toEqual(many.slice(0, 200));
    await page.getByRole('button', { name: 'Page 6', exact: true }).click();
    await page.waitForURL(/page=6/);
    await page.reload();
    await poll(() => rowKeys(page)).toEqual(many.slice(1000, 1200));

    // The key column sorts both ways.
    await page.getByRole('button', { name: 'Key', exact: true }).click();
    await page.waitForURL(/dir=desc/);
    await poll(async () => (await rowKeys(page))[0]).toBe(many.at(-1));
    expect(await page.getByRole('columnheader', { name: 'Key' }).getAttribute('aria-sort')).toBe('descending');
    expectNoConsoleErrors();
    // 1,200 keys added first and five pages walked: twice a journey's minute on 2 busy cores.
  }, 120_000);

  it('passes axe on the grid, a cell being edited, the modals and the confirmation in dark and light mode', async () => {
    for (const colorMode of ['dark', 'light'] as const) {
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await openLocales(page, '?q=settings');
      await cell(page, 'English', 'settings.sound').waitFor();
      await expectAccessible(page, `locales grid, ${colorMode}`);

      await cell(page, 'Russian', 'settings.sound').click();
      await editor(page, 'Russian', 'settings.sound').fill('x'.repeat(10_001));
      await page.keyboard.press('Enter');
      await page.getByText('At most 10,000 characters').waitFor();
      await expectAccessible(page, `locales cell with a message, ${colorMode}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Add key' }).click();
      const addKey = page.getByRole('dialog', { name: 'Add key' });
      await addKey.getByRole('button', { name: 'Add key' }).click();
      await addKey.getByText('Use letters, digits, dots, hyphens and underscores (at most 100)').waitFor();
      await expectAccessible(page, `add key modal, ${colorMode}`);
      await addKey.getByRole('button', { name: 'Close' }).first().click();
      await addKey.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Add language' }).click();
      const addLanguage = page.getByRole('dialog', { name: 'Add language' });
      await addLanguage.waitFor();
      await expectAccessible(page, `add language modal, ${colorMode}`);
      await page.keyboard.press('Escape');
      await addLanguage.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Delete settings.sound' }).click();
      await page.getByRole('dialog', { name: 'Delete settings.sound?' }).waitFor();
      await expectAccessible(page, `delete key confirmation, ${colorMode}`);
      await page.keyboard.press('Escape');
    }
    expectNoConsoleErrors();
  });
});
