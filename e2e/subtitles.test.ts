import { mkdirSync } from 'node:fs';
import iconv from 'iconv-lite';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload } from '../apps/server/src/test/multipart.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

/*
 * Subtitles in the content modal (issue 31): a Russian SRT in Windows-1251 uploaded to a language version, its cues
 * read back as text (markup in a cue shown, never run), a timing shift, a refusal naming its line, and delete; in
 * both colour modes, with axe.
 */

/** Screenshots to look at (not compared): SHOTS_DIR, else a temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/subtitles-shots';

let c: ConsoleUnderTest;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  c = await startConsole();
});
afterAll(() => c.close());

const SRT = [
  '1',
  '00:00:00,500 --> 00:00:01,500',
  'Привет, <script>window.ran = true</script>мышонок!',
  '',
  '2',
  '00:00:01,600 --> 00:00:02,400',
  'Где же сыр?',
  '',
].join('\r\n');

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').getByText(text).first();

/** axe once modals and toasts have stopped moving (half-faded text fails contrast). */
async function accessible(page: Page, label: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await expectAccessible(page, label);
}

/** Whether the element can be seen whole: its top and bottom edges are its own, under nothing, clipped by nothing. */
const seenWhole = (element: Locator) =>
  element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = (y: number) => document.elementFromPoint(r.left + r.width / 2, y);
    const top = at(r.top + 2);
    const bottom = at(r.bottom - 2);
    return !!top && !!bottom && el.contains(top) && el.contains(bottom);
  });

describe('subtitles in the content modal', () => {
  for (const colorMode of ['light', 'dark'] as const) {
    it(`uploads an SRT in Windows-1251 and shows its cues as text, ${colorMode} mode`, async () => {
      const brand = await scene.brandWithContent(c, `Subtitled Mice ${colorMode}`, ['The Cheese']);
      const [item] = (await scene.post<{ id: number }[]>(c, '/api/content/list', { brand_id: brand.id })) as {
        id: number;
      }[];
      await scene.post(c, '/api/content_lang/add', { content_id: item.id, lang_id: 2, title: 'Сыр' });
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto(`/admin/content?brand=${brand.id}`);
      await page.getByRole('button', { name: 'Edit S1E1' }).click();
      const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
      await editor.getByRole('tab', { name: 'Russian', exact: true }).click();
      const section = editor.getByTestId('subtitles-section');
      await section.getByRole('heading', { name: 'Subtitles in Russian' }).waitFor();
      await section.getByText('No subtitles in Russian.').waitFor();
      await accessible(page, `subtitles section, empty, ${colorMode}`);

      // A file that does not parse: refused with its line, nothing listed.
      let chooser = page.waitForEvent('filechooser');
      await section.getByRole('button', { name: 'Upload subtitles (WebVTT or SRT)' }).click();
      await (await chooser).setFiles({
        name: 'backwards.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from('1\n00:00:05,000 --> 00:00:06,000\nA\n\n2\n00:00:01,000 --> 00:00:02,000\nB\n'),
      });
      await section
        .getByRole('alert')
        .getByText(/backwards\.srt: Line 6: the timestamps go backwards/)
        .waitFor();
      // Where the person looks: the whole sentence in view, not below the fold under the modal's footer.
      await expect.poll(() => seenWhole(section.getByRole('alert'))).toBe(true);
      await section.getByRole('button', { name: 'Dismiss the error' }).click();

      // Captions this time: the kind is chosen first (keyboard: the segmented control is a radio group).
      await section.getByText('Captions (with sounds)', { exact: true }).click();
      expect(await section.getByRole('radio', { name: 'Captions (with sounds)' }).isChecked()).toBe(true);
      chooser = page.waitForEvent('filechooser');
      await section.getByRole('button', { name: 'Upload subtitles (WebVTT or SRT)' }).click();
      await (await chooser).setFiles({
        name: 'cheese.ru.srt',
        mimeType: 'application/x-subrip',
        buffer: iconv.encode(SRT, 'win1251'),
      });
      await toast(page, 'Subtitles added').waitFor();
      await section.getByText('cheese.ru.srt').waitFor();
      await section.getByText('2 cues · read as windows-1251').waitFor();
      await section.getByText('Captions (with sounds)', { exact: true }).last().waitFor();
      await section.getByText(/Line 2: .*markup/).waitFor();

      await section.getByRole('button', { name: 'Show cues' }).click();
      const cues = section.getByRole('table', { name: 'Cues of cheese.ru.srt' });
      await cues.waitFor();
      // The script is text on the page, and it never ran.
      await cues.getByText('Привет, <script>window.ran = true</script>мышонок!').waitFor();
      expect(await page.evaluate(() => (window as unknown as { ran?: boolean }).ran)).toBeUndefined();
      expect(await cues.locator('script').count()).toBe(0);
      await cues.getByRole('cell', { name: '00:00:00.500' }).waitFor();
      await accessible(page, `subtitles with their cues, ${colorMode}`);

      // Every cue a second later.
      await section.getByLabel('Shift every cue (seconds)').fill('1');
      await section.getByRole('button', { name: 'Shift cues' }).click();
      await toast(page, 'Cues moved').waitFor();
      await cues.getByRole('cell', { name: '00:00:01.500', exact: true }).waitFor();
      await cues.getByRole('cell', { name: '00:00:03.400' }).waitFor();

      await section.getByRole('button', { name: 'Delete cheese.ru.srt' }).click();
      await page.getByRole('dialog', { name: 'Delete cheese.ru.srt?' }).getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Subtitles deleted').waitFor();
      await section.getByText('No subtitles in Russian.').waitFor();
      await page.close();
    });
  }

  it.each(['light', 'dark'] as const)(
    'keeps the kind choice and a file’s kind clear of the modal’s footer on a small laptop, %s mode',
    async (colorMode) => {
      const brand = await scene.brandWithContent(c, `Small Screen Mice ${colorMode}`, ['The Crumb']);
      const [item] = await scene.post<{ id: number }[]>(c, '/api/content/list', { brand_id: brand.id });
      const russian = await scene.post<{ id: number }>(c, '/api/content_lang/add', {
        content_id: item.id,
        lang_id: 2,
        title: 'Крошка',
      });
      const vtt = 'WEBVTT\n\n00:00.500 --> 00:01.500\nХрум\n';
      const added = await c.t.request(
        fileUpload(`/api/content_lang/subtitles?content_lang_id=${russian.id}&kind=captions`, {
          data: Buffer.from(vtt),
          filename: 'the-crumb-season-one-episode-one-final-captions.ru.vtt',
        }),
      );
      expect(added.statusCode, added.body).toBe(200);
      const page = await c.newPage({ colorMode, width: 1024, height: 640 });
      await c.signIn(page);
      await page.goto(`/admin/content?brand=${brand.id}&edit=${item.id}`);
      const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
      await editor.getByRole('tab', { name: 'Russian', exact: true }).click();
      const section = editor.getByTestId('subtitles-section');
      const badge = section.locator('.mantine-Badge-label', { hasText: 'Captions (with sounds)' });
      await badge.waitFor();
      // The file's kind is read whole, not cut to "CAPTIONS (WITH…".
      expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // Brought into view as the browser brings what is reached (block 'nearest'): above the footer, not under it.
      const intoView = (target: Locator) =>
        target.evaluate((el) => el.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
      const kind = section.getByRole('radiogroup', { name: 'Kind of the next file' });
      await intoView(kind);
      await expect.poll(() => seenWhole(kind.getByText('Captions (with sounds)', { exact: true }))).toBe(true);
      expect(await seenWhole(kind.getByText('Subtitles', { exact: true }))).toBe(true);
      const upload = section.getByRole('button', { name: 'Upload subtitles (WebVTT or SRT)' });
      await intoView(upload);
      await expect.poll(() => seenWhole(upload)).toBe(true);
      await accessible(page, `subtitles on a small laptop, ${colorMode}`);
      await page.screenshot({ path: `${SHOTS}/subtitles-small-${colorMode}.png` });
      await page.close();
    },
  );

  it('wrote no errors to the browser console', () => expectNoConsoleErrors());
});
