import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleUnderTest, expectNoConsoleErrors, startConsole } from './support/console.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} is not visible`);
  return b;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('toasts', () => {
  it("show where they cover none of an open modal's buttons, nor the header", async () => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1280, height: 600 },
    ]) {
      const page = await c.newPage(size);
      await c.signIn(page);
      await page.getByRole('button', { name: 'New brand' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New brand' });
      await dialog.getByLabel(/^Name/).fill(`Toast Corner ${size.height}`);
      await dialog.getByRole('button', { name: 'Create brand' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit brand' });
      await edit.getByRole('button', { name: 'Save brand' }).waitFor();
      const saved = toast(page, 'Brand created');
      await saved.waitFor();
      // Measured once it has slid in.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const shown = await box(saved);
      expect(shown.y).toBeGreaterThanOrEqual(44);
      const buttons = await edit.getByRole('button').all();
      expect(buttons.length).toBeGreaterThan(2);
      for (const button of buttons) {
        if (!(await button.isVisible())) continue;
        expect(overlaps(shown, await box(button)), `the toast covers ${await button.textContent()}`).toBe(false);
      }
    }
    expectNoConsoleErrors();
  });
});
