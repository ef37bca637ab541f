// Issue 28, "Sign-out during a network failure leaves the session alive": the session never survives a sign-out
// the person saw, though the page cannot clear the HttpOnly cookie itself.
import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleUnderTest, consoleErrors, startConsole } from './support/console.ts';

let c: ConsoleUnderTest;
beforeAll(async () => {
  c = await startConsole();
});
afterAll(() => c.close());

describe('signing out while the network fails', () => {
  it('shows the sign-in page, never signs straight back in, and ends the session once the call gets through', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    const session = (await page.context().cookies()).find((k) => k.name === 'session')?.value as string;
    expect((await c.t.send(api.auth.user, { token: session })).statusCode).toBe(200);

    // The logout call never reaches the server.
    await page.route('**/api/auth/logout/', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('profile-button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);

    // Reopened while the network still fails: the sign-in page, not the brands.
    await page.goto('/admin/brands');
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await c.t.send(api.auth.user, { token: session })).statusCode).toBe(200);

    // The network back: the next start ends the session before anything else, and still shows the sign-in page.
    await page.unroute('**/api/auth/logout/');
    await page.goto('/admin/brands');
    await page.waitForURL(/\/login/);
    await expect.poll(async () => (await c.t.send(api.auth.user, { token: session })).statusCode).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('sign-out-pending'))).toBeNull();

    // Only the aborted calls' own network errors were logged.
    expect(consoleErrors.splice(0).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual(
      [],
    );
  });
});
