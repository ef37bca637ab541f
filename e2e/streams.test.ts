import type { Stream } from '@kids-vod/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discPng } from '../apps/server/src/demo/png.ts';
import {
  type ConsoleUnderTest,
  expectAccessible,
  expectNoConsoleErrors,
  holdRequests,
  setSwitch,
  startConsole,
} from './support/console.ts';
import { apiCalls, callsTo, expectMissingItem } from './support/one-item.ts';

// The 1 MB alert of the `other` platform is checked on the promo banners (the poster goes to cloudflare).
// "Could not load" with Retry needs a failing list call, which the real server does not give on demand.

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

async function addStream(body: Record<string, unknown>): Promise<Stream> {
  const res = await c.t.post('/api/stream/add', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function streams(langId: number): Promise<Stream[]> {
  return (await c.t.post('/api/stream/list', { lang_id: langId })).json();
}

/** Titles in the table, top to bottom. */
function rowTitles(page: Page) {
  return page.locator('tbody tr td:nth-child(2)').allInnerTexts();
}

async function chooseLanguage(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

async function openStreams(page: Page, query = '') {
  await c.signIn(page);
  await page.goto(`/admin/streams${query}`);
}

describe('streams', () => {
  it('adds a stream in another language, refusing a URL that is not http(s)', async () => {
    const english = await addStream({
      lang_id: 1,
      title: 'Kids VOD Live',
      url: 'https://streams.example.com/live/en/index.m3u8',
    });
    const page = await c.newPage();
    const streamCalls: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/stream\/(add|update)$/.test(req.url())) streamCalls.push(req.url());
    });
    await openStreams(page);
    // Language 1 (English) is the default.
    await page.getByTestId(`stream-row-${english.id}`).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('English');

    await chooseLanguage(page, 'Spanish');
    await page.waitForURL(/lang=3/);
    await page.getByText('No streams in Spanish yet.').waitFor();
    await page.getByRole('button', { name: 'New stream' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'New stream' });
    await dialog.waitFor();
    // A new stream is in the language picked on the screen.
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('Spanish');

    // Validation from the contract, before anything is sent.
    await dialog.getByRole('button', { name: 'Create stream' }).click();
    await dialog.getByText('Enter a title').waitFor();
    await dialog.getByLabel(/^Title/).fill('Kids VOD en directo');
    await dialog.getByLabel(/^URL/).fill('ftp://streams.example.com/live/es');
    await dialog.getByRole('button', { name: 'Create stream' }).click();
    await dialog.getByText('Must be an http(s) URL').waitFor();
    expect(await dialog.getByLabel(/^URL/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel(/^URL/).fill('not a url at all');
    await dialog.getByRole('button', { name: 'Create stream' }).click();
    await dialog.getByText('Must be an http(s) URL').waitFor();
    expect(streamCalls).toEqual([]);

    await dialog.getByLabel(/^URL/).fill('https://streams.example.com/live/es/index.m3u8');
    await dialog.getByLabel('Order', { exact: true }).fill('3');
    // While the poster uploads (held back here), saving waits for it and closing asks first: either would lose it.
    const { release } = await holdRequests(page, '**/api/content/upload?type=image*');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: discPng(64, 36, '#023e8a', '#90e0ef') });
    await expect.poll(() => dialog.getByRole('button', { name: 'Create stream' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    release();
    await dialog.getByRole('img', { name: 'Poster preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Create stream' }).click();
    await page.getByText('Stream created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const [spanish] = await streams(3);
    expect(spanish).toMatchObject({
      lang_id: 3,
      title: 'Kids VOD en directo',
      url: 'https://streams.example.com/live/es/index.m3u8',
      sort: 3,
      is_active: true,
    });
    expect(spanish.poster_url).toMatch(/^\/media\//);
    expect((await streams(1)).map((s) => s.title)).toEqual(['Kids VOD Live']);

    // Listed in Spanish only: poster, title, URL, order, active.
    const row = page.getByTestId(`stream-row-${spanish.id}`);
    expect(await row.locator('td').allInnerTexts()).toEqual([
      '',
      'Kids VOD en directo',
      'https://streams.example.com/live/es/index.m3u8',
      '3',
      'Active',
    ]);
    await row.getByRole('img', { name: 'Kids VOD en directo poster' }).waitFor();
    expect(await rowTitles(page)).toEqual(['Kids VOD en directo']);

    // A reload keeps the language.
    await page.reload();
    await row.waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('Spanish');
    await chooseLanguage(page, 'English');
    await page.getByTestId(`stream-row-${english.id}`).waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBeNull();
    expect(await rowTitles(page)).toEqual(['Kids VOD Live']);
    expectNoConsoleErrors();
  });

  it('edits a stream, moves it to another language, and asks before discarding changes', async () => {
    const radio = await addStream({
      lang_id: 4,
      title: 'Radio des enfants',
      url: 'https://streams.example.com/radio/fr.m3u8',
      sort: 1,
    });
    const page = await c.newPage();
    await openStreams(page, '?lang=4');
    const row = page.getByTestId(`stream-row-${radio.id}`);
    await row.waitFor();

    // The row opens the modal by keyboard too.
    await row.getByRole('button', { name: 'Radio des enfants' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit stream' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^URL/).inputValue()).toBe('https://streams.example.com/radio/fr.m3u8');
    await dialog.getByLabel(/^Title/).fill('Radio des petits');
    await dialog.getByLabel(/^URL/).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save stream' }).click();
    await dialog.getByText('Must be an http(s) URL').waitFor();
    await dialog.getByLabel(/^URL/).fill('http://streams.example.com/radio/fr-2.m3u8');
    await setSwitch(dialog.getByLabel('Active', { exact: true }), false);
    await dialog.getByRole('button', { name: 'Save stream' }).click();
    await page.getByText('Stream saved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.locator('td').allInnerTexts()).toEqual([
      '',
      'Radio des petits',
      'http://streams.example.com/radio/fr-2.m3u8',
      '1',
      'Inactive',
    ]);
    expect((await streams(4))[0]).toMatchObject({ title: 'Radio des petits', is_active: false });

    // Escape with unsaved changes asks; Cancel keeps the edit.
    await row.getByRole('button', { name: 'Radio des petits' }).click();
    await dialog.getByLabel(/^Title/).fill('Changed and dropped');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe('Changed and dropped');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The focus goes back to the title that opened it, not to the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Radio des petits');

    // Opened again it shows the stream as saved; a new language moves it out of this list.
    await row.getByRole('button', { name: 'Radio des petits' }).click();
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe('Radio des petits');
    await dialog.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'German', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save stream' }).click();
    await page.getByText('No streams in French yet.').waitFor();
    // The modal's own Language field is there until its closing transition ends.
    await dialog.waitFor({ state: 'hidden' });
    expect((await streams(5)).map((s) => s.id)).toEqual([radio.id]);
    await chooseLanguage(page, 'German');
    await row.waitFor();

    // Someone else saves it meanwhile: refused, then Load their version shows it as stored, and a save goes through.
    await row.getByRole('button', { name: 'Radio des petits' }).click();
    await c.t.post('/api/stream/update', { id: radio.id, title: 'Radio von anderswo' });
    await dialog.getByLabel('Order').fill('3');
    await dialog.getByRole('button', { name: 'Save stream' }).click();
    const conflict = dialog.getByRole('alert').filter({ hasText: 'Someone else saved this stream' });
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => dialog.getByLabel(/^Title/).inputValue()).toBe('Radio von anderswo');
    expect(await dialog.getByLabel('Order').inputValue()).toBe('1');
    await dialog.getByLabel('Order').fill('3');
    await dialog.getByRole('button', { name: 'Save stream' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await streams(5))[0]).toMatchObject({ title: 'Radio von anderswo', sort: 3 });
    expectNoConsoleErrors();
  });

  it('sorts and searches through the URL, and a reload keeps both', async () => {
    await addStream({ lang_id: 6, title: 'Zebra TV', url: 'https://b.example.com/z.m3u8', sort: 1 });
    await addStream({ lang_id: 6, title: 'Ape Radio', url: 'https://c.example.com/a.m3u8', sort: 2 });
    await addStream({ lang_id: 6, title: 'Moon Live', url: 'https://a.example.com/m.m3u8', sort: 3 });
    const page = await c.newPage();
    await openStreams(page, '?lang=6');
    await expect.poll(() => rowTitles(page)).toEqual(['Zebra TV', 'Ape Radio', 'Moon Live']);

    await page.getByRole('button', { name: 'Title', exact: true }).click();
    await page.waitForURL(/sort=title/);
    await expect.poll(() => rowTitles(page)).toEqual(['Ape Radio', 'Moon Live', 'Zebra TV']);
    await page.getByRole('button', { name: 'URL', exact: true }).click();
    await expect.poll(() => rowTitles(page)).toEqual(['Moon Live', 'Zebra TV', 'Ape Radio']);
    await page.getByRole('button', { name: 'URL', exact: true }).click();
    await page.waitForURL(/dir=desc/);
    await expect.poll(() => rowTitles(page)).toEqual(['Ape Radio', 'Zebra TV', 'Moon Live']);
    expect(await page.getByRole('columnheader', { name: 'URL' }).getAttribute('aria-sort')).toBe('descending');

    await page.getByLabel('Search streams').fill('o');
    await page.getByLabel('Search streams').fill('radio');
    await page.waitForURL(/q=radio/);
    await expect.poll(() => rowTitles(page)).toEqual(['Ape Radio']);
    await page.reload();
    await page.getByRole('button', { name: 'Ape Radio' }).waitFor();
    const params = new URL(page.url()).searchParams;
    expect([params.get('lang'), params.get('q'), params.get('sort'), params.get('dir')]).toEqual([
      '6',
      'radio',
      'url',
      'desc',
    ]);
    expect(await page.getByLabel('Search streams').inputValue()).toBe('radio');
    await expect.poll(() => page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('Italian');

    await page.getByLabel('Search streams').fill('nothing like it');
    await page.getByText('No stream matches “nothing like it”.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).last().click();
    await expect.poll(() => rowTitles(page)).toEqual(['Ape Radio', 'Zebra TV', 'Moon Live']);

    // A link to a language that is not there shows the default language's streams, not an error.
    await page.goto('/admin/streams?lang=999');
    await expect.poll(() => page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('English');
    await page
      .getByText(/streams? in English/)
      .first()
      .waitFor();
    expect(await page.getByText('Could not load').count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('passes axe on the list and the open modal in dark and light mode', async () => {
    await addStream({ lang_id: 7, title: 'Axe Live', url: 'https://streams.example.com/axe.m3u8' });
    await addStream({ lang_id: 7, title: 'Axe Off', url: 'https://streams.example.com/off.m3u8', is_active: false });
    for (const colorMode of ['dark', 'light'] as const) {
      const page = await c.newPage({ colorMode });
      await openStreams(page, '?lang=7');
      await page.getByRole('button', { name: 'Axe Off' }).waitFor();
      // A hovered row must keep its text readable too.
      await page.getByRole('button', { name: 'Axe Live' }).hover();
      await expectAccessible(page, `streams list, ${colorMode}`);

      await page.getByRole('button', { name: 'Axe Live' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit stream' });
      await dialog.waitFor();
      await expectAccessible(page, `stream modal, ${colorMode}`);
      await dialog.getByLabel(/^URL/).fill('ftp://nope');
      await dialog.getByRole('button', { name: 'Save stream' }).click();
      await dialog.getByText('Must be an http(s) URL').waitFor();
      await expectAccessible(page, `stream modal with a field message, ${colorMode}`);
      await page.keyboard.press('Escape');
      await page
        .getByRole('dialog', { name: 'Discard unsaved changes?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'New stream' }).click();
      await page.getByRole('dialog', { name: 'New stream' }).waitFor();
      await expectAccessible(page, `new stream modal, ${colorMode}`);
    }
    expectNoConsoleErrors();
  });

  it('opens a stream named by the address beyond the page shown or in another language, and says so of one not there', async () => {
    // More than a page (50) in Italian.
    const made: Stream[] = [];
    for (let i = 1; i <= 55; i += 1) {
      made.push(await addStream({ lang_id: 6, title: `Paged stream ${i}`, url: `https://e.com/paged-${i}.m3u8` }));
    }
    const last = made.at(-1)!;
    const page = await c.newPage();
    await openStreams(page, `?lang=6&edit=${last.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit stream' });
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe(last.title);
    expect(await rowTitles(page)).not.toContain(last.title);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Named by an address of another language: read by itself (stream/get).
    const calls = apiCalls(page);
    await page.goto(`/admin/streams?lang=1&edit=${last.id}`);
    await dialog.waitFor();
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe(last.title);
    expect(callsTo(calls, '/api/stream/get')).toEqual([`/api/stream/get {"id":${last.id}}`]);
    await page.goto('/admin/streams?lang=6&edit=99999');
    await expectMissingItem(page, 'Stream', 99999);
    await page.getByRole('button', { name: 'Paged stream 1', exact: true }).waitFor();
    expectNoConsoleErrors();
  });
});
