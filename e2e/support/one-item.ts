import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The API calls a page sends from now on, each its path and body (`/api/brand/get {"id":5}`): to see that an item
 * the screen does not list is read by itself, not with its whole list.
 */
export function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${pathname} ${request.postData() ?? ''}`);
  });
  return calls;
}

/** The calls of `path` among `calls`. */
export const callsTo = (calls: string[], path: string) => calls.filter((call) => call.startsWith(`${path} `));

/**
 * What every screen says of an item its address names (`?edit=`) that is not there: the one sentence of
 * lib/editing.ts; the address loses the item, the list shows and no modal opens.
 */
export async function expectMissingItem(page: Page, what: string, id: number | string) {
  await page.getByText(`${what} ${id} no longer exists; it may have been deleted.`).waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('edit')).toBeNull();
  expect(await page.getByRole('dialog').count()).toBe(0);
}
