import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../apps/server/src/test/harness.ts';
import { type ConsoleUnderTest, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('toasts', () => {
  it("show bottom-right, where they cover none of an open modal's buttons, nor its title, nor the header", async () => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1280, height: 600 },
      { width: 700, height: 560 },
    ]) {
      const page = await c.newPage(size);
      await c.signIn(page);
      await page.getByRole('button', { name: 'New brand' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New brand' });
      await dialog.getByLabel(/^Name/).fill(`Toast Corner ${size.width}x${size.height}`);
      await dialog.getByRole('button', { name: 'Create brand' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit brand' });
      await edit.getByRole('button', { name: 'Save brand' }).waitFor();
      await toast(page, 'Brand created').waitFor();
      // Two more saves: the toasts of a run of saves pile up behind the newest.
      for (const n of [1, 2]) {
        await edit.getByLabel('Slug').fill(`toast-corner-${size.width}-${size.height}-${n}-${Date.now()}`);
        await edit.getByRole('button', { name: 'Save brand' }).click();
        await expect.poll(() => toast(page, 'Brand saved').count()).toBeGreaterThanOrEqual(1);
      }
      // Measured in the page at one moment, once they have slid in: a toast lasts 4 s, a loaded machine is slow.
      const seen = await page.evaluate(async () => {
        await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
        const rect = (el: Element | null) => {
          if (!el) throw new Error('not on the page');
          const { x, y, width, height } = el.getBoundingClientRect();
          return { x, y, width, height };
        };
        const dialog = [...document.querySelectorAll('[role="dialog"]')].find((d) =>
          d.querySelector('h2')?.textContent?.includes('Edit brand'),
        );
        // What of a button shows: the modal's body scrolls, and a button scrolled out of it is not covered.
        const shown = rect(dialog ?? null);
        const clipped = (b: Element) => {
          const r = rect(b);
          const x = Math.max(r.x, shown.x);
          const y = Math.max(r.y, shown.y);
          const width = Math.min(r.x + r.width, shown.x + shown.width) - x;
          const height = Math.min(r.y + r.height, shown.y + shown.height) - y;
          return { name: b.textContent || b.getAttribute('aria-label'), x, y, width, height };
        };
        return {
          toasts: [...document.querySelectorAll('.mantine-Notification-root')].map(rect),
          header: rect(document.querySelector('header')),
          title: rect(dialog?.querySelector('h2') ?? null),
          buttons: [...(dialog?.querySelectorAll('button') ?? [])]
            .map(clipped)
            .filter((b) => b.width > 0 && b.height > 0),
        };
      });
      expect(seen.toasts.length).toBeGreaterThan(0);
      const front = seen.toasts.reduce((a, b) => (a.y + a.height >= b.y + b.height ? a : b));
      // Bottom-right, as the specification places them.
      expect(size.width - (front.x + front.width)).toBeLessThanOrEqual(24);
      expect(size.height - (front.y + front.height)).toBeLessThanOrEqual(24);
      expect(seen.buttons.length).toBeGreaterThan(2);
      for (const one of seen.toasts) {
        expect(overlaps(one, seen.header), 'a toast covers the header').toBe(false);
        expect(overlaps(one, seen.title), "a toast covers the modal's title").toBe(false);
        for (const button of seen.buttons) {
          expect(overlaps(one, button), `a toast covers ${button.name}`).toBe(false);
        }
      }
      await page.screenshot({ path: `/tmp/toasts-${size.width}x${size.height}.png` });
    }
    expectNoConsoleErrors();
  });
});

/**
 * The mouse rests on a toast: Mantine then holds its 4 s timer, so only the console can take it away. The toast must
 * then be gone well within those 4 s (it has a moment to slide out), should the mouse have left it meanwhile.
 */
async function holdOpen(shown: Locator) {
  await shown.waitFor();
  await shown.hover();
}
const goneSoon = (shown: Locator) => shown.waitFor({ state: 'detached', timeout: 2_500 });

async function signInByKeyboard(page: Page, password: string) {
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Password/).press('Enter');
}

describe('an error toast goes when what it was about succeeds', () => {
  it('"Wrong email or password" goes on a correct sign-in', async () => {
    const page = await c.newPage();
    await page.goto('/login');
    await signInByKeyboard(page, 'not-the-password');
    const wrong = toast(page, 'Wrong email or password');
    await holdOpen(wrong);
    await signInByKeyboard(page, ADMIN_PASSWORD);
    await page.waitForURL(/\/admin\/brands$/);
    await goneSoon(wrong);
    expectNoConsoleErrors();
  });

  it('"Not signed in" goes on signing in again', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await page.getByRole('button', { name: 'New brand' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New brand' });
    await dialog.getByLabel(/^Name/).fill('Session Gone');
    // The session ends elsewhere (a logout in another tab); this tab's next save meets it.
    await page.evaluate(async () => {
      // The session is the HttpOnly cookie (docs/decisions/014-session-credential.md).
      const res = await fetch('/api/auth/logout/', { credentials: 'include' });
      if (!res.ok) throw new Error(`logout: ${res.status}`);
    });
    await dialog.getByRole('button', { name: 'Create brand' }).click();
    const ended = toast(page, 'Not signed in');
    await holdOpen(ended);
    await page.waitForURL(/\/login\?from=/);
    await signInByKeyboard(page, ADMIN_PASSWORD);
    // Back in the new brand it was typing (docs/decisions/017-a-link-to-every-item.md).
    await page.waitForURL(/\/admin\/brands\?edit=new$/);
    await goneSoon(ended);
    expectNoConsoleErrors();
  });

  it("a brand's slug refusal goes when the next brand is saved", async () => {
    await c.addBrand('Slug Owner', { slug: 'taken-slug' });
    const page = await c.newPage();
    await c.signIn(page);
    await page.getByRole('button', { name: 'New brand' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New brand' });
    await dialog.getByLabel(/^Name/).fill('Slug Taker');
    await dialog.getByLabel('Slug').fill('taken-slug');
    await dialog.getByLabel('Slug').press('Enter');
    const refused = toast(page, /slug/i);
    await holdOpen(refused);
    // A slug of this attempt's own: a retry meets the brand its first attempt created.
    await dialog.getByLabel('Slug').fill(`slug-taker-${Date.now()}`);
    await dialog.getByLabel('Slug').press('Enter');
    await toast(page, 'Brand created').waitFor();
    await goneSoon(refused);
    expectNoConsoleErrors();
  });
});

describe('a success toast takes the place of the same one before it', () => {
  it('a run of moves says "Order saved" once, not a pile over the screen', async () => {
    const brand = await scene.brandWithContent(c, 'Toast Pond', ['Reed', 'Lily', 'Frog']);
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brand.id}`);
    await page.getByRole('button', { name: 'Move S1E3 up' }).click();
    const saved = toast(page, 'Order saved');
    // Held open by the mouse: only the console can take the first one away.
    await holdOpen(saved.first());
    const moved = page.getByRole('button', { name: 'Move S1E2 up' });
    await moved.focus();
    await moved.press('Enter');
    await page.getByRole('button', { name: 'Move S1E1 down' }).and(page.locator(':focus')).waitFor();
    await expect.poll(() => saved.count()).toBe(1);
    expectNoConsoleErrors();
  });
});
