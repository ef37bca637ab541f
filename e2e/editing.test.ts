import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discPng } from '../apps/server/src/demo/png.ts';
import { type ConsoleUnderTest, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

// The edit lifecycle every modal shares (shared/editing/editor.tsx): focus, numbers as typed, one save, one wording.

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

/** Where the focus is: inside an open dialog, and which control (its accessible name or label). */
function focusIn(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      inDialog: !!el && el !== document.body && el.closest('[role="dialog"]') !== null,
      name: el?.getAttribute('aria-label') || el?.textContent?.trim() || el?.tagName || '',
    };
  });
}

/** Tab (only the keyboard) until `target` has the focus; at every step the focus stays in the dialog. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
    const at = await focusIn(page);
    expect(at.inDialog, `Tab ${i + 1} left the dialog for ${at.name}`).toBe(true);
  }
  throw new Error('the control was not reached by Tab');
}

/** After a save inside the modal, the focus is (soon) back on a control of the same dialog, never on the page. */
async function focusKept(page: Page, name: string) {
  await expect.poll(() => focusIn(page)).toEqual({ inDialog: true, name });
}

describe('the edit modals', () => {
  it('creates a brand with a logo, two language versions and a country rule by keyboard alone, never losing focus', async () => {
    // A retry starts again under a name of its own.
    const name = `Keyboard Kittens ${Date.now()}`;
    const page = await c.newPage();
    await c.signIn(page);
    await page.getByRole('button', { name: 'New brand' }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /brand$/ });
    await dialog.waitFor();
    await page.keyboard.type(name);

    const create = dialog.getByRole('button', { name: 'Create brand' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    await page.getByText('Brand created').first().waitFor();
    // The same button, now "Save brand", has the focus again once the save is over.
    await focusKept(page, 'Save brand');

    // The logo: Enter on the drop zone opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, dialog.locator('[aria-label="Upload logo"]:not(input)'));
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: discPng(32, 32, '#1971c2', '#fff'),
    });
    await dialog.getByRole('img', { name: 'Logo preview' }).waitFor();
    expect((await focusIn(page)).inDialog).toBe(true);

    // English, then Russian: each version added in place, the focus staying on its button.
    await tabTo(page, dialog.getByLabel('Title', { exact: true }));
    await page.keyboard.type('Keyboard Kittens');
    await tabTo(page, dialog.getByRole('button', { name: 'Add English version' }));
    await page.keyboard.press('Enter');
    await focusKept(page, 'Save English version');
    await tabTo(page, dialog.getByRole('tablist', { name: 'Languages' }).getByRole('tab', { selected: true }));
    await page.keyboard.press('ArrowRight');
    await dialog.getByRole('button', { name: 'Add Russian version' }).waitFor();
    await tabTo(page, dialog.getByLabel('Title', { exact: true }));
    await page.keyboard.type('Клавиатурные котята');
    await tabTo(page, dialog.getByRole('button', { name: 'Add Russian version' }));
    await page.keyboard.press('Enter');
    await focusKept(page, 'Save Russian version');

    // A country rule.
    await tabTo(page, dialog.getByRole('combobox', { name: 'Countries' }));
    await page.keyboard.type('Germany');
    await page.getByRole('option', { name: 'Germany (DE)' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await tabTo(page, dialog.getByRole('button', { name: 'Add rule' }));
    await page.keyboard.press('Enter');
    await dialog.getByTestId('country-rule').waitFor();
    expect((await focusIn(page)).inDialog).toBe(true);
    // The logo is the brand's field: saved with it.
    await tabTo(page, dialog.getByRole('button', { name: 'Save brand' }));
    await page.keyboard.press('Enter');
    await page.getByText('Brand saved').first().waitFor();
    await focusKept(page, 'Save brand');
    // Tab keeps walking the dialog, never the page behind it.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect((await focusIn(page)).inDialog).toBe(true);
    }

    const brand = (
      (await c.t.post('/api/brand/list', {})).json() as {
        name: string;
        logo_url: string | null;
        langs: { lang_id: number }[];
        country_rules: { code2: string[] }[];
      }[]
    ).find((b) => b.name === name);
    expect(brand?.logo_url).toMatch(/^\/media\//);
    expect(brand?.country_rules.map((r) => r.code2)).toEqual([['DE']]);
    expectNoConsoleErrors();
  });

  it('refuses a number it cannot save as typed, under its field, and saves nothing', async () => {
    const brand = await scene.brandWithContent(c, 'Number Nook', ['First']);
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brand.id}`);
    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
    const save = editor.getByRole('button', { name: 'Save content' });

    await editor.getByLabel('Season').fill('0');
    await editor.getByLabel('Duration (seconds)').fill('-5');
    await save.click();
    await editor.getByText('At least 1').waitFor();
    await editor.getByText('At least 0').waitFor();
    // Left as typed, not changed into a number that would be saved.
    expect(await editor.getByLabel('Season').inputValue()).toBe('0');
    expect(await editor.getByLabel('Duration (seconds)').inputValue()).toBe('-5');
    await editor.getByLabel('Season').fill('1.5');
    await editor.getByLabel('Duration (seconds)').fill('60');
    await save.click();
    await editor.getByText('Enter a whole number').waitFor();
    const [item] = (await c.t.post('/api/content/list', { brand_id: brand.id })).json() as {
      season: number;
      duration_sec: number;
    }[];
    expect(item).toMatchObject({ season: 1, duration_sec: 0 });

    // A promo code's max uses.
    await page.goto('/admin/promocodes');
    await page.getByRole('button', { name: 'New promo code' }).first().click();
    const code = page.getByRole('dialog', { name: 'New promo code' });
    await code.getByLabel(/^Code/).fill('NEGATIVE-USES');
    await code.getByLabel('Max uses').fill('-3');
    await code.getByRole('button', { name: 'Create promo code' }).click();
    await code.getByText('At least 1').waitFor();
    expect(await code.getByLabel('Max uses').inputValue()).toBe('-3');
    const codes = (await c.t.post('/api/promo-codes/list/', {})).json() as { rows: unknown[] };
    expect(codes.rows).toEqual([]);
    expectNoConsoleErrors();
  });

  it('saves the fields and the language version with one Save, and says when a video disagrees with the duration', async () => {
    const brand = await scene.brandWithContent(c, 'One Save Bay', ['Old title']);
    const [item] = (await c.t.post('/api/content/list', { brand_id: brand.id })).json() as { id: number }[];
    const video = await scene.uploadVideo(c, 'three-seconds.mp4', 3);
    await scene.post(c, '/api/content/attach_video', { ext_id: video.ext_id, content_id: item!.id, lang_id: 1 });
    await scene.post(c, '/api/content/update', { id: item!.id, duration_sec: 180 });

    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brand.id}`);
    await page.getByRole('button', { name: 'Edit S1E1' }).click();
    const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
    // One primary action in the footer.
    await editor.getByRole('button', { name: 'Save content' }).waitFor();
    expect(await editor.getByRole('button', { name: /^(Save|Create)/ }).count()).toBe(1);

    // The video lasts 0:03, the duration says 3:00: said, with the way to take the video's.
    const warning = editor.getByText('The English video lasts 0:03; the duration says 3:00.');
    await warning.waitFor();
    await editor.getByRole('button', { name: 'Use 0:03' }).click();
    await warning.waitFor({ state: 'hidden' });

    await editor.getByLabel('Title', { exact: true }).fill('New title');
    await editor.getByRole('button', { name: 'Save content' }).click();
    await page.getByText('Language version saved').first().waitFor();
    await expect
      .poll(async () => {
        const [saved] = (await c.t.post('/api/content/list', { brand_id: brand.id })).json() as {
          duration_sec: number;
          langs: { title: string }[];
        }[];
        return { duration: saved?.duration_sec, title: saved?.langs[0]?.title };
      })
      .toEqual({ duration: 3, title: 'New title' });
    expectNoConsoleErrors();
  });

  it('names the same act the same way: New … opens, Create … adds, Save … saves', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/streams');
    await page.getByRole('button', { name: 'New stream' }).first().click();
    const stream = page.getByRole('dialog', { name: 'New stream' });
    await stream.getByLabel(/^Title/).fill('Morning live');
    await stream.getByLabel(/^URL/).fill('https://streams.example.com/morning.m3u8');
    await stream.getByRole('button', { name: 'Create stream' }).click();
    await page.getByText('Stream created').first().waitFor();
    await stream.waitFor({ state: 'hidden' });
    expectNoConsoleErrors();
  });
});
