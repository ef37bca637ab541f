import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachNewVideo, setVideoState } from '../apps/server/src/test/videos.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import * as scene from './support/scene.ts';

/*
 * Publishing and the preview with videos on their way (api.md, "Video processing"; decision 061). The videos' states
 * are set in the database as the job runner leaves them, so no ffmpeg runs in this journey.
 */

let c: ConsoleUnderTest;
const ENGLISH = 1;
const post = <T = scene.Saved>(url: string, body: unknown) => scene.post<T>(c, url, body);

const d = {} as Record<string, number>;

/** A published English episode of the brand, with a (ready) video attached. */
async function episode(title: string) {
  const { id } = await post('/api/content/add', { brand_id: d.brand, season: 1, is_published: true });
  await post('/api/content_lang/add', { content_id: id, lang_id: ENGLISH, title, is_published: true });
  const file = await attachNewVideo(c.t, id, ENGLISH);
  return { id, file: file.id };
}

beforeAll(async () => {
  c = await startConsole();
  d.brand = (await post('/api/brand/add', { name: 'Puddle Ducks', is_published: true })).id;
  await post('/api/brand_lang/add', { brand_id: d.brand, lang_id: ENGLISH, title: 'Puddle Ducks', is_published: true });
  d.ready = (await episode('Splash')).id;
  const queued = await episode('Rainy day');
  const processing = await episode('The big pond');
  const failed = await episode('Lost feather');
  Object.assign(d, { queued: queued.id, processing: processing.id, failed: failed.id });
  await setVideoState(c.t, queued.file, { status: 'queued' });
  await setVideoState(c.t, processing.file, { status: 'processing' });
  await setVideoState(c.t, failed.file, { status: 'failed' });
});
afterAll(() => c.close());

describe('videos still processing', () => {
  it('publishing says how many episodes are left out while their video is processing, before and after', async () => {
    const page = await c.newPage({ colorMode: 'dark' });
    await c.signIn(page);
    await page.goto('/admin/json');
    await page.getByRole('button', { name: 'Build and publish' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByTestId('video-processing-en')
      .getByText('2 episodes are left out while their video is processing.', { exact: false })
      .waitFor();
    await expectAccessible(page, 'the changes before publishing, with episodes waiting for their video');
    await dialog.getByRole('button', { name: /^Publish( anyway)?$/ }).click();

    const result = page.getByTestId('result-en');
    await result.getByText('Published').waitFor();
    expect(await page.getByTestId('still-processing-en').textContent()).toBe(
      '2 episodes are left out while their video is processing.',
    );
    const count = (key: string) => result.locator(`[data-count="${key}"]`).textContent();
    expect(await count('content')).toBe('Content 1');
    expect(await count('content_video_processing')).toBe('Video processing 2');
    expect(await count('content_video_failed')).toBe('Video failed 1');
    await expectAccessible(page, 'a build with episodes waiting for their video');

    // The count opens the build's list of what it left out, with each reason in words.
    await result.locator('[data-count="content_video_failed"]').getByRole('button').click();
    const leftOut = page.getByRole('dialog', { name: 'Left out of this English build' });
    await leftOut.getByTestId(`hidden-content-${d.failed}`).getByText('Its English video failed to process').waitFor();
    await leftOut
      .getByTestId(`hidden-content-${d.queued}`)
      .getByText('Its English video is still being processed')
      .waitFor();
    expectNoConsoleErrors();
  });

  it('the preview shows the two reasons like every other, and how many episodes wait', async () => {
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/preview?lang=en&country=US');
    await page.getByTestId('kids-home').waitFor();
    expect(await page.getByTestId('preview-video-processing').textContent()).toBe(
      '2 episodes are left out while their video is processing.',
    );
    await page
      .getByTestId(`hidden-content-${d.processing}`)
      .getByText('Its English video is still being processed')
      .waitFor();
    await page.getByTestId(`hidden-content-${d.failed}`).getByText('Its English video failed to process').waitFor();
    await expect.poll(() => page.locator('[data-testid^="hidden-content-"]').count()).toBe(3);
    await expectAccessible(page, 'the preview with episodes waiting for their video');
    expectNoConsoleErrors();
  });
});
