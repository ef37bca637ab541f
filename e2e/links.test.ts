import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../apps/server/src/test/harness.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

// A link to every item (the open item is in the address) and typing that survives a session ended elsewhere
// (docs/decisions/017-a-link-to-every-item.md).

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

/** Screenshots to look at (not compared): SHOTS_DIR, else the system's temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/links-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const edit = (page: Page) => new URL(page.url()).searchParams.get('edit');
const drafts = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('draft:')));

/** The sign-in page a link sent to someone meets first; signing in goes on to the page asked for. */
async function signInHere(page: Page) {
  await page.waitForURL(/\/login\?from=/);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\//);
}

/** Signs out in another browser window holding the same session: `page`'s next call meets a 401. */
async function endSessionElsewhere(page: Page) {
  const other = await c.browser.newContext({ baseURL: c.baseUrl, storageState: await page.context().storageState() });
  try {
    const elsewhere = await other.newPage();
    await elsewhere.goto('/admin/brands');
    await elsewhere.getByTestId('profile-button').click();
    await elsewhere.getByRole('menuitem', { name: 'Sign out' }).click();
    await elsewhere.waitForURL(/\/login/);
  } finally {
    await other.close();
  }
}

/** A new brand opened by its address, signed in, its name retyped: the draft is kept. */
async function typeInBrand(name: string, typed: string) {
  const brand = await c.addBrand(name);
  const page = await c.newPage();
  await c.signIn(page);
  await page.goto(`/admin/brands?edit=${brand.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit brand' });
  await expect.poll(() => dialog.getByLabel(/^Name/).inputValue()).toBe(name);
  await dialog.getByLabel(/^Name/).fill(typed);
  await expect.poll(() => drafts(page)).toHaveLength(1);
  return { brand, page, dialog };
}

describe('a link to every item', () => {
  it('a brand sent to a colleague opens after sign-in, on reload and on Back; closing takes it out', async () => {
    const brand = await c.addBrand('Linked Lions');
    const page = await c.newPage();
    await page.goto(`/admin/brands?edit=${brand.id}`);
    await signInHere(page);
    const dialog = page.getByRole('dialog', { name: 'Edit brand' });
    await expect.poll(() => dialog.getByLabel(/^Name/).inputValue()).toBe('Linked Lions');
    expect(edit(page)).toBe(String(brand.id));

    await page.reload();
    await expect.poll(() => dialog.getByLabel(/^Name/).inputValue()).toBe('Linked Lions');

    await page.goto('/admin/streams');
    await page.getByTestId('page-title').getByText('Streams').waitFor();
    await page.goBack();
    await expect.poll(() => dialog.getByLabel(/^Name/).inputValue()).toBe('Linked Lions');

    // Closing takes the item out of the address; opening a row puts it back.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => edit(page)).toBeNull();
    await page.getByRole('button', { name: 'Linked Lions' }).click();
    await dialog.waitFor();
    await expect.poll(() => edit(page)).toBe(String(brand.id));

    // A new one has its address too; once created, it is in the address under its id.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'New brand' }).first().click();
    const created = page.getByRole('dialog', { name: /brand$/ });
    await expect.poll(() => edit(page)).toBe('new');
    await created.getByLabel(/^Name/).fill(`Linked Lynx ${Date.now()}`);
    await created.getByRole('button', { name: 'Create brand' }).click();
    await created.getByRole('button', { name: 'Save brand' }).waitFor();
    await expect.poll(() => edit(page)).toMatch(/^\d+$/);
    const id = edit(page);
    await page.reload();
    await page.getByRole('dialog', { name: 'Edit brand' }).waitFor();
    expect(edit(page)).toBe(id);
    expectNoConsoleErrors();
  });

  it('an item that no longer exists says so, and the list shows', async () => {
    await c.addBrand('Linked Leopards');
    const page = await c.newPage();
    await c.signIn(page);
    for (const missing of ['999999', 'oops']) {
      await page.goto(`/admin/brands?q=leopards&edit=${missing}`);
      await page.getByText(`Brand ${missing} no longer exists; it may have been deleted.`).waitFor();
      await expect.poll(() => edit(page)).toBeNull();
      // The rest of the address stays.
      expect(new URL(page.url()).searchParams.get('q')).toBe('leopards');
      await page.getByRole('button', { name: 'Linked Leopards' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    }

    // A promo code is loaded by its id (the list is paged on the server): one that is gone says so too.
    await page.goto('/admin/promocodes?edit=999999');
    await page.getByText('Promo code 999999 no longer exists; it may have been deleted.').waitFor();
    await expect.poll(() => edit(page)).toBeNull();
    expectNoConsoleErrors();
  });

  it('content opens by brand and item; banners and streams by their id', async () => {
    const brand = await scene.brandWithContent(c, 'Linked Llamas', ['Llama Drama', 'Llama Karma']);
    const items = (await c.t.post('/api/content/list', { brand_id: brand.id })).json() as { id: number }[];
    const banner = await scene.post(c, '/api/promo/add', {
      title: 'Linked banner',
      button_text: 'Watch',
      button_color: '#1c2541',
    });
    const stream = await scene.post(c, '/api/stream/add', {
      lang_id: 1,
      title: 'Linked live',
      url: 'https://streams.example.com/linked/index.m3u8',
    });
    const page = await c.newPage();
    await page.goto(`/admin/content?brand=${brand.id}&edit=${items[1]!.id}`);
    await signInHere(page);
    await page.getByRole('dialog', { name: 'Edit S1E2 · Llama Karma' }).waitFor();

    await page.goto(`/admin/content?brand=${brand.id}&edit=new`);
    await page.getByRole('dialog', { name: 'New content · Linked Llamas' }).waitFor();

    // The row's button puts the item in the address beside the brand.
    await page.goto(`/admin/content?brand=${brand.id}`);
    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    await page.getByRole('dialog', { name: /^Edit S1E1/ }).waitFor();
    await expect.poll(() => edit(page)).toBe(String(items[0]!.id));
    expect(new URL(page.url()).searchParams.get('brand')).toBe(String(brand.id));

    await page.goto(`/admin/promo?edit=${banner.id}`);
    const bannerTitle = page.getByRole('dialog', { name: 'Edit banner' }).getByLabel(/^Title/);
    await expect.poll(() => bannerTitle.inputValue()).toBe('Linked banner');
    await page.goto(`/admin/streams?edit=${stream.id}`);
    const streamTitle = page.getByRole('dialog', { name: 'Edit stream' }).getByLabel(/^Title/);
    await expect.poll(() => streamTitle.inputValue()).toBe('Linked live');
    expectNoConsoleErrors();
  });
});

describe('typing that survives a session ended elsewhere', () => {
  it('brings a new promo code back, typed, after signing in again (axe and screenshots in both modes)', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    // Opened by its address, as a bookmark would.
    await page.goto('/admin/promocodes?edit=new');
    const dialog = page.getByRole('dialog', { name: 'New promo code' });
    // A retry types a code of its own (the first attempt's may have been created).
    const code = `SURVIVOR-${Date.now().toString(36).toUpperCase()}`;
    await dialog.getByLabel(/^Code/).fill(code);
    await dialog.getByLabel('Description').fill('Typed before the session ended');
    await dialog.getByLabel(/^Value/).fill('45');
    await expect.poll(() => edit(page)).toBe('new');

    await endSessionElsewhere(page);

    // Create meets the ended session: the sign-in page, then back in the same modal with the typing.
    await dialog.getByRole('button', { name: 'Create promo code' }).click();
    await signInHere(page);
    await expect.poll(() => edit(page)).toBe('new');
    await dialog.getByText('Your unsaved changes were restored').waitFor();
    expect(await dialog.getByLabel(/^Code/).inputValue()).toBe(code);
    expect(await dialog.getByLabel('Description').inputValue()).toBe('Typed before the session ended');
    expect(await dialog.getByLabel(/^Value/).inputValue()).toBe('45');
    // The draft holds the form's fields, nothing of the session.
    const kept = await page.evaluate(() =>
      Object.keys(sessionStorage)
        .filter((key) => key.startsWith('draft:'))
        .map((key) => sessionStorage.getItem(key) ?? ''),
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain(code);
    expect(kept[0]).not.toMatch(/password|token/i);

    for (const mode of ['dark', 'light'] as const) {
      await page.evaluate((m) => {
        localStorage.setItem('color-mode', m);
        window.dispatchEvent(
          new StorageEvent('storage', { key: 'color-mode', newValue: m, storageArea: localStorage }),
        );
      }, mode);
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(mode);
      await expectAccessible(page, `restored promo code, ${mode}`);
      await shot(page, `restored-promo-code-${mode}`);
    }

    // Created: the notice and the draft are gone.
    await dialog.getByRole('button', { name: 'Create promo code' }).click();
    await page.getByText('Promo code created').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => edit(page)).toBeNull();
    expect(await drafts(page)).toEqual([]);
    await page.getByRole('table').getByText(code, { exact: true }).waitFor();
    expectNoConsoleErrors();
  });

  it('restored typing on an item someone else saved meanwhile gets the choice, not a silent overwrite', async () => {
    const { brand, page, dialog } = await typeInBrand('Restored Ravens', 'Restored Ravens, mine');

    // The session ends elsewhere, and someone else saves the brand meanwhile.
    await endSessionElsewhere(page);
    await scene.post(c, '/api/brand/update', { id: brand.id, name: 'Restored Ravens, theirs' });

    await dialog.getByRole('button', { name: 'Save brand' }).click();
    await signInHere(page);
    await dialog.getByText('Your unsaved changes were restored').waitFor();
    expect(await dialog.getByLabel(/^Name/).inputValue()).toBe('Restored Ravens, mine');
    await dialog.getByRole('button', { name: 'Save brand' }).click();
    await dialog.getByText('Someone else saved this brand while you were editing it').waitFor();
    expect((await c.t.post('/api/brand/list', {})).json().find((b: { id: number }) => b.id === brand.id).name).toBe(
      'Restored Ravens, theirs',
    );
    expectNoConsoleErrors();
  });

  it('a discard and signing out here keep nothing', async () => {
    const { page, dialog } = await typeInBrand('Drafty Dolphins', 'Drafty Dolphins, renamed');

    // Closing asks; Discard throws the typing away, and its draft.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => drafts(page)).toEqual([]);
    await page.getByRole('button', { name: 'Drafty Dolphins' }).click();
    await expect.poll(() => dialog.getByLabel(/^Name/).inputValue()).toBe('Drafty Dolphins');
    expect(await dialog.getByText('Your unsaved changes were restored').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // Signing out here forgets this user's typing kept from an ended session, not someone else's.
    const me = await page.evaluate(async () => (await (await fetch('/api/auth/user/')).json()).id as number);
    await page.evaluate((id) => {
      sessionStorage.setItem(`draft:${id}:/admin/brands?edit=1`, '{"values":{"name":"mine"}}');
      sessionStorage.setItem(`draft:${id + 1000}:/admin/brands?edit=1`, '{"values":{"name":"theirs"}}');
    }, me);
    await page.getByTestId('profile-button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    expect(await drafts(page)).toEqual([`draft:${me + 1000}:/admin/brands?edit=1`]);
    expectNoConsoleErrors();
  });
});
