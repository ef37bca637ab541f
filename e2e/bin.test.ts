import { api, type BinEntity, type Brand } from '@kids-vod/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from '../apps/server/src/test/harness.ts';
import { addStaff, STAFF_PASSWORD } from '../apps/server/src/test/staff.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

/** Screenshots of the new screen and confirmation, to look at (not compared): SHOTS_DIR, else a temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/bin-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });
const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').getByText(text).first();
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);

const brandNames = async () => ((await c.t.post('/api/brand/list', {})).json() as Brand[]).map((b) => b.name);
const bin = (entity?: BinEntity) => c.t.call(api.bin.list, { entity });

/** The names the Content screen's brand picker offers. */
async function pickerBrands(page: Page): Promise<string[]> {
  await page.goto('/admin/content');
  await page.getByRole('combobox', { name: 'Brand' }).waitFor();
  // The picker's choices are the brands list, read once the screen shows.
  await poll(async () => {
    await page.getByRole('combobox', { name: 'Brand' }).click();
    return page.getByRole('option').count();
  }).toBeGreaterThan(0);
  const options = page.getByRole('option');
  await options.first().waitFor();
  const names = await options.allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

/** Deletes the item open in `dialog` through its footer's Delete and the confirmation. */
async function deleteFromModal(page: Page, dialogName: string, what: string, name: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: `Delete ${what}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('delete to the bin', () => {
  it('deletes a brand with its content, Undo brings it back, and so does Restore on the Bin screen', async () => {
    const brand = await scene.brandWithContent(c, 'Binnable Bay', ['Tide Pool', 'Sea Shell']);
    // Another brand stays in the picker throughout.
    await c.addBrand('Keeper Key');
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/brands?edit=${brand.id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit brand' });
    await dialog.getByRole('button', { name: 'Delete brand' }).click();
    // The confirmation says what goes with it and what becomes of what points at it.
    const confirm = page.getByRole('dialog', { name: 'Delete Binnable Bay?' });
    await confirm.getByText(/Its content, language versions and country rules go with it/).waitFor();
    await confirm.getByText(/banners that open it are left out of the apps until it is restored/).waitFor();
    await confirm.getByText(/It stays in the bin for 30 days/).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Gone from the list and the API; the toast offers Undo, and the keyboard is on it.
    await page.getByRole('button', { name: 'Binnable Bay', exact: true }).waitFor({ state: 'detached' });
    expect(await brandNames()).not.toContain('Binnable Bay');
    await toast(page, 'Brand “Binnable Bay” moved to the bin.').waitFor();
    await poll(() => focusedName(page)).toBe('Undo delete of Binnable Bay');
    await page.keyboard.press('Enter');
    await toast(page, '“Binnable Bay” restored.').waitFor();
    await page.getByRole('button', { name: 'Binnable Bay', exact: true }).waitFor();
    // The Undo it was on has gone: the keyboard is on the screen's create button, not lost on the page.
    await poll(() => focusedName(page)).toBe('New brand');
    expect((await c.t.post('/api/content/list', { brand_id: brand.id })).json()).toHaveLength(2);

    // Deleted again: gone from the Content screen's brand picker with its episodes, listed in the bin.
    await page.getByRole('button', { name: 'Binnable Bay', exact: true }).click();
    await deleteFromModal(page, 'Edit brand', 'brand', 'Binnable Bay');
    await page.getByRole('button', { name: 'Binnable Bay', exact: true }).waitFor({ state: 'detached' });
    const whileDeleted = await pickerBrands(page);
    expect(whileDeleted).toContain('Keeper Key');
    expect(whileDeleted).not.toContain('Binnable Bay');
    expect((await c.t.post('/api/content/list', { brand_id: brand.id })).statusCode).toBe(404);

    await page.goto('/admin/bin');
    const row = page.getByTestId(`bin-row-brands-${brand.id}`);
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['Brand', 'Binnable Bay', ADMIN_EMAIL]);
    const [entry] = (await bin('brands')).rows.filter((r) => r.id === brand.id);
    const purgeDay = new Date(new Date(entry!.deleted_at).getTime() + 30 * 86_400_000).toLocaleDateString('en-GB');
    expect(cells[4]).toBe(purgeDay);
    // Its number tells it apart from another item of the same name.
    expect(cells[5]).toBe(`#${brand.id}`);
    await row.getByRole('button', { name: 'Restore Binnable Bay' }).click();
    await toast(page, '“Binnable Bay” restored.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await pickerBrands(page)).toContain('Binnable Bay');
    await page.goto(`/admin/content?brand=${brand.id}`);
    await page.getByRole('table', { name: 'Content' }).getByText('Sea Shell').waitFor();
    expectNoConsoleErrors();
  }, 180_000);

  it('deletes a stream and language versions; an admin deletes one for good', async () => {
    const stream = await scene.post(c, '/api/stream/add', {
      lang_id: 1,
      title: 'Binned live',
      url: 'https://streams.example.com/binned/index.m3u8',
    });
    const brand = await scene.brandWithContent(c, 'Version Vale', ['Valley Song']);
    await scene.post(c, '/api/brand_lang/add', { brand_id: brand.id, lang_id: 1, title: 'Version Vale' });
    const [item] = (await c.t.post('/api/content/list', { brand_id: brand.id })).json() as { id: number }[];
    const page = await c.newPage();
    await c.signIn(page);

    await page.goto(`/admin/streams?edit=${stream.id}`);
    await deleteFromModal(page, 'Edit stream', 'stream', 'Binned live');
    await page.getByRole('button', { name: 'Binned live', exact: true }).waitFor({ state: 'detached' });
    await toast(page, 'Stream “Binned live” moved to the bin.').waitFor();

    // A language version is deleted from its tab; the modal stays open, the tab has no version now.
    await page.goto(`/admin/brands?edit=${brand.id}`);
    const edit = page.getByRole('dialog', { name: 'Edit brand' });
    await edit.getByRole('button', { name: 'Delete English version' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete English version?' });
    await confirm.getByText(/The apps in English no longer show the brand or its content/).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await edit.getByRole('button', { name: 'Add English version' }).waitFor();
    await toast(page, 'Brand language version “English version” moved to the bin.').waitFor();
    // Escape lets the toast go and gives the keyboard back to the modal, which stays open.
    await poll(() => focusedName(page)).toBe('Undo delete of English version');
    await page.keyboard.press('Escape');
    await poll(() => focusedName(page)).toBe('English (no version yet)');
    expect(await edit.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'hidden' });

    await page.goto(`/admin/content?brand=${brand.id}&edit=${item!.id}`);
    const content = page.getByRole('dialog', { name: 'Edit S1E1 · Valley Song' });
    await content.getByRole('button', { name: 'Delete English version' }).click();
    await page.getByRole('dialog', { name: 'Delete English version?' }).getByRole('button', { name: 'Delete' }).click();
    await content.getByText('There is no English version yet.').waitFor();
    expect(await c.t.call(api.content.langList, { content_id: item!.id })).toEqual([]);

    await page.goto('/admin/bin');
    await page.getByTestId(`bin-row-streams-${stream.id}`).waitFor();
    expect(await page.getByRole('table', { name: 'Deleted items' }).getByText('Version Vale · English').count()).toBe(
      1,
    );
    expect(
      await page.getByRole('table', { name: 'Deleted items' }).getByText('Version Vale · S1E1 · English').count(),
    ).toBe(1);

    // Filtered by kind, in the address.
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Streams' }).click();
    await poll(() => new URL(page.url()).searchParams.get('kind')).toBe('streams');
    await poll(() => page.getByRole('table', { name: 'Deleted items' }).locator('tbody tr').count()).toBe(1);

    const row = page.getByTestId(`bin-row-streams-${stream.id}`);
    await row.getByRole('button', { name: 'Delete for good: Binned live' }).click();
    const forGood = page.getByRole('dialog', { name: 'Delete Binned live for good?' });
    await forGood.getByText('It cannot be restored afterwards.').waitFor();
    await forGood.getByRole('button', { name: 'Delete for good' }).click();
    await toast(page, '“Binned live” deleted for good.').waitFor();
    await page.getByText('No streams in the bin.').waitFor();
    expect((await bin('streams')).rows.map((r) => r.id)).not.toContain(stream.id);
    // The empty filtered list offers all kinds again.
    await page.getByRole('button', { name: 'Show all kinds' }).click();
    await page.getByText('Version Vale · English').waitFor();
    expectNoConsoleErrors();
  }, 180_000);

  it('a restore that would clash says why and changes nothing', async () => {
    const first = await c.addBrand('Clash Cove', { slug: 'clash-cove' });
    await c.t.call(api.brand.delete, { id: first.id });
    await c.addBrand('Clash Cove Again', { slug: 'clash-cove' });
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/bin?kind=brands');
    const row = page.getByTestId(`bin-row-brands-${first.id}`);
    await row.getByRole('button', { name: 'Restore Clash Cove' }).click();
    await toast(page, 'A brand with the slug “clash-cove” exists now: change its slug first').waitFor();
    expect(await row.isVisible()).toBe(true);
    expect(await brandNames()).not.toContain('Clash Cove');
    expectNoConsoleErrors();
  });

  it('shows Delete and Restore only to the roles that may', async () => {
    const brand = await c.addBrand('Role Reef');
    const banner = await scene.post(c, '/api/promo/add', {
      title: 'Role banner',
      button_text: 'Watch',
      button_color: '#1c2541',
    });
    const binned = await c.addBrand('Role Ruins');
    await c.t.call(api.brand.delete, { id: binned.id });

    // Marketing: brands are read-only and have no Delete; banners are theirs to delete.
    const marketing = await addStaff(c.t, 'marketing');
    const page = await c.newPage();
    await c.signIn(page, marketing.email, STAFF_PASSWORD);
    await page.goto(`/admin/brands?edit=${brand.id}`);
    const view = page.getByRole('dialog', { name: 'View brand' });
    await view.getByText('Your role may view this but not change it').waitFor();
    expect(await view.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await page.goto(`/admin/promo?edit=${banner.id}`);
    await page.getByRole('dialog', { name: 'Edit banner' }).getByRole('button', { name: 'Delete banner' }).waitFor();
    // In the bin: a brand is not marketing's to restore, and only admins delete for good.
    await page.goto('/admin/bin');
    const row = page.getByTestId(`bin-row-brands-${binned.id}`);
    await row.waitFor();
    expect(await row.getByRole('button').count()).toBe(0);

    // An editor restores a brand but does not delete for good.
    const editor = await addStaff(c.t, 'editor');
    const editorPage = await c.newPage();
    await c.signIn(editorPage, editor.email, STAFF_PASSWORD);
    await editorPage.goto('/admin/bin');
    const editorRow = editorPage.getByTestId(`bin-row-brands-${binned.id}`);
    await editorRow.getByRole('button', { name: 'Restore Role Ruins' }).waitFor();
    expect(await editorRow.getByRole('button', { name: /for good/ }).count()).toBe(0);

    // An analyst changes nothing: no Delete in a modal, no actions in the bin.
    const analyst = await addStaff(c.t, 'analyst');
    const analystPage = await c.newPage();
    await c.signIn(analystPage, analyst.email, STAFF_PASSWORD);
    await analystPage.goto(`/admin/brands?edit=${brand.id}`);
    const analystView = analystPage.getByRole('dialog', { name: 'View brand' });
    await analystView.getByText('Your role may view this but not change it').waitFor();
    expect(await analystView.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await analystPage.goto('/admin/bin');
    const analystRow = analystPage.getByTestId(`bin-row-brands-${binned.id}`);
    await analystRow.waitFor();
    expect(await analystRow.getByRole('button').count()).toBe(0);
    expectNoConsoleErrors();
  }, 180_000);

  it('passes axe on the Bin screen, the confirmation and the Undo toast in dark and light mode', async () => {
    for (const colorMode of ['dark', 'light'] as const) {
      const brand = await c.addBrand(`Axe Atoll ${colorMode}`);
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto(`/admin/brands?edit=${brand.id}`);
      await page.getByRole('dialog', { name: 'Edit brand' }).getByRole('button', { name: 'Delete brand' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete ${brand.name}?` });
      await confirm.waitFor();
      await expectAccessible(page, `delete confirmation, ${colorMode}`);
      await shot(page, `delete-confirmation-${colorMode}`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, `Brand “${brand.name}” moved to the bin.`).waitFor();
      await page.getByRole('dialog', { name: 'Edit brand' }).waitFor({ state: 'hidden' });
      await expectAccessible(page, `undo toast, ${colorMode}`);
      await shot(page, `undo-toast-${colorMode}`);

      await page.goto('/admin/bin');
      await page.getByTestId(`bin-row-brands-${brand.id}`).waitFor();
      await page.getByTestId(`bin-row-brands-${brand.id}`).hover();
      await expectAccessible(page, `bin, ${colorMode}`);
      await shot(page, `bin-${colorMode}`);
      await page.goto('/admin/bin?kind=promos');
      await page.getByText('No promo banners in the bin.').waitFor();
      await expectAccessible(page, `empty bin filter, ${colorMode}`);
      await shot(page, `bin-empty-${colorMode}`);
    }
    expectNoConsoleErrors();
  }, 240_000);
});
