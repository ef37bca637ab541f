import { api } from '@kids-vod/contract';
import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securitySettings } from '../apps/server/src/db/schema.ts';
import { ADMIN_EMAIL } from '../apps/server/src/test/harness.ts';
import { addStaff, STAFF_PASSWORD } from '../apps/server/src/test/staff.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

/** Screenshots of the new screens, to look at (not compared): SHOTS_DIR, else the system's temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/staff-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** Signs in through the login page as anyone; the code step when two-factor asks for it. */
async function signInAs(page: Page, email: string, password = STAFF_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function sidebarEntries(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await nav.getByRole('link').first().waitFor();
  const names = await nav.getByRole('link').allTextContents();
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  return names;
}

const SPEC_SEVEN = ['Brands', 'Content', 'Streams', 'Locales', 'Report', 'JSON Build', 'Promocodes'];
/** The third wave's first, right after the seven, for every role; the fourth wave's Readiness right after Videos. */
const THIRD_WAVE = ['Videos', 'Readiness'];

describe('staff accounts and roles', () => {
  it('an admin invites an editor, who accepts the link in a fresh browser and sees only what an editor may use', async () => {
    const admin = await c.newPage();
    await c.signIn(admin);
    // The specification's seven first and in order, the new ones after.
    expect(await sidebarEntries(admin)).toEqual([
      ...SPEC_SEVEN,
      ...THIRD_WAVE,
      'Preview',
      'Schedule',
      'Bin',
      'Staff',
      'Webhooks',
      'Activity',
    ]);
    await admin.goto('/admin/staff');
    await admin.getByRole('table', { name: 'Staff' }).getByText(ADMIN_EMAIL).first().waitFor();

    await admin.getByRole('button', { name: 'Invite' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByLabel('Email').fill('eddie@example.com');
    await dialog.getByLabel('Name').fill('Eddie Editor');
    await dialog.getByRole('radio', { name: /^Editor/ }).check();
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const linkDialog = admin.getByRole('dialog', { name: 'Invite for Eddie Editor' });
    const link = await linkDialog.getByTestId('secret-value').inputValue();
    expect(link).toMatch(/\/admin\/invite\/[\w-]+$/);
    await linkDialog.getByRole('button', { name: 'Done' }).click();
    await admin.getByTestId('user-row-eddie@example.com').getByText('Editor', { exact: true }).waitFor();

    // The colleague, in another browser.
    const eddie = await c.newPage();
    await eddie.goto(new URL(link).pathname);
    await eddie.getByLabel(/^New password/).fill('password123');
    await expect.poll(() => eddie.getByTestId('password-strength').textContent()).toMatch(/Weak|Very weak/);
    await eddie.getByLabel(/^New password/).fill(STAFF_PASSWORD);
    await eddie.getByLabel(/^Repeat the password/).fill(STAFF_PASSWORD);
    await eddie.getByRole('button', { name: 'Set password and sign in' }).click();
    await eddie.waitForURL(/\/admin\/brands/);

    // No promo codes (marketing's) and no report (the analysts').
    expect(await sidebarEntries(eddie)).toEqual([
      ...SPEC_SEVEN.filter((s) => s !== 'Promocodes' && s !== 'Report'),
      ...THIRD_WAVE,
      'Preview',
      'Schedule',
      'Bin',
    ]);
    await eddie.goto('/admin/promocodes');
    await eddie.getByRole('heading', { name: 'Your role (Editor) may not use this screen' }).waitFor();
    await eddie.goto('/admin/staff');
    await eddie.getByRole('heading', { name: 'Your role (Editor) may not use this screen' }).waitFor();

    // Promo banners are marketing's: the editor reads them in a read-only form.
    const banner = await c.t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Winter banner',
    });
    await eddie.goto('/admin/promo');
    await eddie.getByTestId(`promo-card-${banner.id}`).getByRole('button', { name: 'Winter banner' }).click();
    const modal = eddie.getByRole('dialog', { name: 'View banner' });
    await modal.getByText('Your role may view this but not change it').waitFor();
    expect(await modal.getByRole('button', { name: /Save banner/ }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Close' }).last().click();
    // The link works once.
    const again = await c.newPage();
    await again.goto(new URL(link).pathname);
    await again.getByLabel(/^New password/).fill(STAFF_PASSWORD);
    await again.getByLabel(/^Repeat the password/).fill(STAFF_PASSWORD);
    await again.getByRole('button', { name: 'Set password and sign in' }).click();
    await again.getByText('This link no longer works').waitFor();
    expectNoConsoleErrors();
  });

  it('asks before Escape closes a one-time invite link, and lists the colleague as Invited until they sign in', async () => {
    const admin = await c.newPage();
    await c.signIn(admin);
    await admin.goto('/admin/staff');
    await admin.getByRole('button', { name: 'Invite' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Invite a colleague' });
    await dialog.getByLabel('Email').fill('ivy@example.com');
    await dialog.getByLabel('Name').fill('Ivy Invited');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const linkDialog = admin.getByRole('dialog', { name: 'Invite for Ivy Invited' });
    await linkDialog.getByTestId('secret-value').waitFor();
    // Escape asks first: the link is not shown again. Cancel keeps it on screen.
    await admin.keyboard.press('Escape');
    const ask = admin.getByRole('dialog', { name: 'Close the link?' });
    await ask.getByText('The link is shown only once').waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await linkDialog.isVisible()).toBe(true);
    await linkDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await ask.getByRole('button', { name: 'Close anyway' }).click();
    await linkDialog.waitFor({ state: 'hidden' });
    // Never signed in: Invited, not Active.
    const row = admin.getByTestId('user-row-ivy@example.com');
    await row.getByText('Invited', { exact: true }).waitFor();
    expect(await row.getByText('Active', { exact: true }).count()).toBe(0);
    expectNoConsoleErrors();
  });

  it('marketing changes no catalogue and cannot publish; the reason is shown', async () => {
    const brand = await c.addBrand('Marketing Read Only');
    const marketing = await addStaff(c.t, 'marketing');
    const page = await c.newPage();
    await signInAs(page, marketing.email);
    await page.waitForURL(/\/admin\/brands/);
    expect(await page.getByRole('button', { name: 'New brand' }).count()).toBe(0);
    await page.getByRole('button', { name: brand.name }).click();
    const modal = page.getByRole('dialog', { name: 'View brand' });
    await modal.getByText('Your role may view this but not change it').waitFor();
    expect(await modal.getByLabel('Name').isDisabled()).toBe(true);
    expect(await modal.getByRole('button', { name: /Save brand|Create brand/ }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Close' }).last().click();

    await page.goto('/admin/json');
    await page.getByText('Your role (Marketing) may not publish catalogues').waitFor();
    expect(await page.getByRole('button', { name: 'Build and publish' }).count()).toBe(0);
    // Promo codes are marketing's own screen.
    expect(await sidebarEntries(page)).toEqual([
      ...SPEC_SEVEN.filter((s) => s !== 'Report'),
      ...THIRD_WAVE,
      'Preview',
      'Schedule',
      'Bin',
    ]);
    await page.goto('/admin/promocodes');
    await page.getByRole('button', { name: 'New promo code' }).first().waitFor();
    expectNoConsoleErrors();
  });

  it('an analyst sees the report and downloads its CSV', async () => {
    const analyst = await addStaff(c.t, 'analyst');
    const page = await c.newPage();
    await signInAs(page, analyst.email);
    await page.waitForURL(/\/admin\//);
    expect(await sidebarEntries(page)).toEqual([
      ...SPEC_SEVEN.filter((s) => s !== 'Promocodes'),
      ...THIRD_WAVE,
      'Preview',
      'Schedule',
      'Bin',
    ]);
    await page.goto('/admin/report');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report_\d\d\.\d\d\.\d{4}-\d\d\.\d\d\.\d{4}\.csv$/);
    expectNoConsoleErrors();
  });

  it('two-factor: set up from the account screen, then signing in asks for the code', async () => {
    const user = await addStaff(c.t, 'editor');
    const page = await c.newPage();
    await signInAs(page, user.email);
    await page.waitForURL(/\/admin\//);
    await page.getByTestId('profile-button').click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await page.waitForURL(/\/admin\/account/);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await page.getByLabel('Code from the app').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    // The codes arrive with the server's answer: wait for the tenth before reading them.
    await page.getByTestId('recovery-codes').locator('code').nth(9).waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('code').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Two-factor sign-in is on:').waitFor();

    // Another browser: the password alone is not enough.
    const other = await c.newPage();
    await signInAs(other, user.email);
    await other.getByLabel('Two-factor code').waitFor();
    // The step after the one used to turn it on (each step's code works once; one step early or late is taken).
    const next = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
    await other.getByLabel('Two-factor code').fill(next);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForURL(/\/admin\/brands/);

    // A recovery code works once too.
    const third = await c.newPage();
    await signInAs(third, user.email);
    await third.getByLabel('Two-factor code').fill(codes[0]!);
    await third.getByRole('button', { name: 'Sign in' }).click();
    await third.waitForURL(/\/admin\/brands/);
    expectNoConsoleErrors();
  });

  it('required two-factor leads every page to its set-up until it is done', async () => {
    const user = await addStaff(c.t, 'analyst');
    await c.t.call(api.users.settings, { require_totp: true });
    try {
      const page = await c.newPage();
      await signInAs(page, user.email);
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
      await page.goto('/admin/report');
      await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      await page.getByLabel('Code from the app').fill(authenticator.generate(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByTestId('recovery-codes').waitFor();
      await page.getByRole('button', { name: 'I have saved them' }).click();
      // Back on the page asked for.
      await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    } finally {
      // Straight in the database: the admin's own calls wait for two-factor too now (the server's rule).
      await c.t.database.db.update(securitySettings).set({ require_totp: false });
    }
    expectNoConsoleErrors();
  });

  it("an open account is in the address, as every screen's open item is: a reload opens it again", async () => {
    const editor = await addStaff(c.t, 'editor');
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/staff');
    await page.getByTestId(`user-row-${editor.email}`).getByRole('button').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('edit') === String(editor.id));
    await page.reload();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).waitFor();
    expect(await page.getByRole('dialog').getByLabel('Name').inputValue()).toBe('A editor');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.waitForURL((url) => !url.searchParams.has('edit'));
  });

  it('a lost laptop: signed out from another browser, it is signed out at its next call', async () => {
    const user = await addStaff(c.t, 'editor');
    const laptop = await c.newPage();
    await signInAs(laptop, user.email);
    await laptop.waitForURL(/\/admin\/brands/);

    const phone = await c.newPage();
    await signInAs(phone, user.email);
    await phone.waitForURL(/\/admin\/brands/);
    await phone.goto('/admin/account');
    const sessions = phone.getByRole('table', { name: 'Sessions' });
    await sessions.getByText('This browser').waitFor();
    // The two browsers of this journey, and the one addStaff signed in with.
    await expect.poll(() => sessions.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    await phone.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => sessions.locator('tbody tr').count()).toBe(1);

    // The laptop's next call answers 401: the console goes to the sign-in page.
    await laptop.getByRole('button', { name: 'Open navigation' }).click();
    await laptop.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Streams' }).click();
    await laptop.waitForURL(/\/login/);
    expectNoConsoleErrors();
  });

  // One test per colour mode: each walks eight screens with axe, which on 2 busy cores is most of a test's minute.
  it.each(['dark', 'light'] as const)(
    'the new screens pass axe in %s mode (screenshots kept to look at)',
    async (colorMode) => {
      const editor = await addStaff(c.t, 'editor');
      await c.t.call(api.ingestKey.create, { name: `Android app ${colorMode}` });
      await c.t.call(api.token.create, { name: `Nightly import ${colorMode}`, expires_in_days: 90 });
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto('/admin/staff');
      await page.getByRole('table', { name: 'Staff' }).getByText(ADMIN_EMAIL).first().waitFor();
      await expectAccessible(page, `staff, ${colorMode}`);
      await shot(page, `staff-${colorMode}`);

      await page.getByTestId(`user-row-${editor.email}`).getByRole('button').first().click();
      const userModal = page.getByRole('dialog');
      await userModal.getByRole('button', { name: 'Reset password' }).waitFor();
      await expectAccessible(page, `staff account modal, ${colorMode}`);
      await shot(page, `staff-account-modal-${colorMode}`);
      await userModal.getByRole('button', { name: 'Close' }).last().click();
      await userModal.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Invite' }).first().click();
      const invite = page.getByRole('dialog', { name: 'Invite a colleague' });
      await invite.getByLabel('Email').waitFor();
      await expectAccessible(page, `invite modal, ${colorMode}`);
      await shot(page, `staff-invite-${colorMode}`);
      // A retry invites someone new: the first try's invite holds its address.
      await invite.getByLabel('Email').fill(`shot-${colorMode}-${Date.now()}@example.com`);
      await invite.getByLabel('Name').fill(`Shot ${colorMode}`);
      await invite.getByRole('button', { name: 'Invite' }).click();
      const link = page.getByRole('dialog', { name: `Invite for Shot ${colorMode}` });
      await link.getByTestId('secret-value').waitFor();
      await expectAccessible(page, `invite link, ${colorMode}`);
      await shot(page, `staff-invite-link-${colorMode}`);
      const url = await link.getByTestId('secret-value').inputValue();
      await link.getByRole('button', { name: 'Done' }).click();

      await page.getByRole('tab', { name: 'API tokens' }).click();
      // first(): a retry of this test finds the token its first attempt made too.
      await page.getByRole('table', { name: 'API tokens' }).getByText(`Nightly import ${colorMode}`).first().waitFor();
      await expectAccessible(page, `staff API tokens, ${colorMode}`);
      await shot(page, `staff-tokens-${colorMode}`);
      await page.getByRole('tab', { name: 'Ingest keys' }).click();
      await page.getByRole('table', { name: 'Ingest keys' }).getByText(`Android app ${colorMode}`).waitFor();
      await page.getByLabel('App name').fill('iOS app');
      await page.getByRole('button', { name: 'Create ingest key' }).click();
      await page.getByTestId('secret-value').waitFor();
      await expectAccessible(page, `staff ingest keys, ${colorMode}`);
      await shot(page, `staff-ingest-${colorMode}`);

      await page.goto('/admin/account');
      await page.getByRole('table', { name: 'Sessions' }).getByText('This browser').waitFor();
      await page.getByLabel('Token name').fill('Laptop script');
      await page.getByRole('button', { name: 'Create API token' }).click();
      await page.getByTestId('secret-value').waitFor();
      await page.getByLabel('New password').fill('password123');
      await page.getByTestId('password-strength').waitFor();
      await expectAccessible(page, `account, ${colorMode}`);
      await shot(page, `account-${colorMode}`);
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await page.getByRole('img', { name: /QR code/ }).waitFor();
      await expectAccessible(page, `two-factor set-up, ${colorMode}`);
      await shot(page, `account-two-factor-${colorMode}`);

      // The invite page, in a browser nobody is signed in to.
      const stranger = await c.newPage({ colorMode });
      await stranger.goto(new URL(url).pathname);
      await stranger.getByLabel(/^New password/).fill('kids-vod-2026');
      await stranger.getByTestId('password-strength').waitFor();
      await expectAccessible(stranger, `invite page, ${colorMode}`);
      await shot(stranger, `invite-page-${colorMode}`);

      // What an editor sees where their role stops.
      const limited = await c.newPage({ colorMode });
      await signInAs(limited, editor.email);
      await limited.waitForURL(/\/admin\/brands/);
      await limited.goto('/admin/promocodes');
      await limited.getByTestId('not-for-role').waitFor();
      await expectAccessible(limited, `not for this role, ${colorMode}`);
      await shot(limited, `not-for-role-${colorMode}`);
      expectNoConsoleErrors();
    },
    // Eight screens with axe: over a minute when the run's other journey shares the 2 cores.
    150_000,
  );
});
