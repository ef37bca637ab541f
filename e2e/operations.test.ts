/**
 * Operations you can see (issue 39, decision 078), as staff meet them: a video the admin uploaded becomes ready while
 * the console is open: a toast, the bell's count, its notification's link opens the video's timeline.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { api, type VideoFile } from '@kids-vod/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMasterFile } from '../apps/server/src/test/masters.ts';
import { fileUpload } from '../apps/server/src/test/multipart.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/operations-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

let c: ConsoleUnderTest;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  c = await startConsole();
});
afterAll(() => c?.close());

describe('notifications and the timeline', () => {
  it('tells the uploader with a toast and the bell, and the link opens the video’s timeline', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    // The bell is there once the page is idle (a retried journey finds its first try's notification).
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();

    // Uploaded by the admin (the signed-in person) while the console is open.
    const master = readFileSync(await testMasterFile({ seconds: 2 }));
    const res = await c.t.request(
      fileUpload('/api/content/upload?type=video', { data: master, filename: 'Episode 17.mp4' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const file: VideoFile = res.json();

    await page.locator('.mantine-Notification-root').getByText('Episode 17.mp4 is ready').waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const link = page.getByRole('link', { name: 'Episode 17.mp4 is ready' }).first();
    await link.waitFor();
    await expectAccessible(page, 'the bell open');
    await shot(page, 'bell');
    await link.click();

    const timeline = page.getByRole('dialog', { name: 'Timeline of Episode 17.mp4' });
    await timeline.getByText('Ready', { exact: true }).waitFor();
    await timeline.getByText(/^Started on /).waitFor();
    await timeline.getByText('Queued (uploaded)').waitFor();
    expect(new URL(page.url()).searchParams.get('video')).toBe(String(file.id));
    await expectAccessible(page, 'the timeline');
    await shot(page, 'timeline');
    await page.keyboard.press('Escape');
    await timeline.waitFor({ state: 'hidden' });
    // Read by following its link.
    await expect
      .poll(() => c.t.call(api.notifications.list, { offset: 0, limit: 5 }).then((l) => l.rows[0].read))
      .toBe(true);
    expectNoConsoleErrors();
  });
});
