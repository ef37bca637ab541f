import { api, type Catalogue, type CatalogueItem, type HiddenItem } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCatalogue } from '../../test/catalogue-schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attachNewVideo, markVideoReady, setVideoState } from '../../test/videos.ts';

/*
 * A language version is in the catalogue only once its video is ready (api.md, "Video processing"; decision 061):
 * the rows' states are set directly, as the job runner leaves them, so no ffmpeg runs here.
 */

const PUBLIC_URL = 'https://console.example.com';
const ENGLISH = 1;

let t: TestApp;
afterAll(() => t.close());

const d = {} as Record<string, number>;
/** The video file attached to each episode, by the episode's key in `d`. */
const video = {} as Record<string, number>;

/** A published episode of the brand with a published English version and a (ready) video attached. */
async function episode(key: string, title: string, published = true) {
  const { id } = await t.call(api.content.add, { brand_id: d.brand, is_published: published });
  await t.call(api.content.langAdd, { content_id: id, lang_id: ENGLISH, title, is_published: true });
  d[key] = id;
  video[key] = (await attachNewVideo(t, id, ENGLISH)).id;
}

async function publish(): Promise<{ counts: Record<string, number>; id: number; catalogue: Catalogue }> {
  const build = await t.call(api.catalog.publish, { query: { lang: 'en' } });
  const file = await t.app.inject({ method: 'GET', url: new URL(build.url).pathname });
  const catalogue: Catalogue = JSON.parse(file.body);
  expect(validateCatalogue(catalogue) ? [] : validateCatalogue.errors).toEqual([]);
  return { counts: build.counts, id: build.id, catalogue };
}

const items = (catalogue: Catalogue): CatalogueItem[] => catalogue.brands.flatMap((b) => b.content);
const reasonsOf = (hidden: HiddenItem[], kind: HiddenItem['kind'], id: number) =>
  hidden.find((h) => h.kind === kind && h.id === id)?.reasons;

beforeAll(async () => {
  // Processing stays with workers (none here): the rows keep the states the tests give them.
  t = await createTestApp({ PUBLIC_URL, TRANSCODE_CONCURRENCY: '0' });
  for (const [key, name, sort] of [
    ['brand', 'Ducks', 1],
    ['best', 'Best of', 2],
  ] as const) {
    d[key] = (await t.call(api.brand.add, { name, sort, is_published: true })).id;
    await t.call(api.brand.langAdd, { brand_id: d[key], lang_id: ENGLISH, title: name, is_published: true });
  }
  await episode('ready', 'Ready');
  await episode('queued', 'Queued');
  await episode('processing', 'Processing');
  await episode('failed', 'Failed');
  await episode('onS3', 'In the bucket');
  // Not published either: its video is not what keeps it out, so it is not counted as waiting for it.
  await episode('unpublished', 'Withdrawn', false);

  await markVideoReady(t, video.ready, {
    playback_url: '/media/hls/7/master.m3u8',
    thumbnail_url: '/media/hls/7/poster.jpg',
    duration_sec: 42,
  });
  await setVideoState(t, video.queued, { status: 'queued' });
  await setVideoState(t, video.processing, { status: 'processing' });
  await setVideoState(t, video.failed, { status: 'failed' });
  // With S3 storage every URL is already absolute, under S3_PUBLIC_URL.
  await markVideoReady(t, video.onS3, {
    playback_url: 'https://bucket.example.com/hls/9/master.m3u8',
    thumbnail_url: 'https://bucket.example.com/hls/9/poster.jpg',
  });
  await setVideoState(t, video.unpublished, { status: 'processing' });
  // A compilation's link and a banner pointing at an episode whose video is processing lead nowhere yet.
  d.link = (await t.call(api.link.add, { brand_id: d.best, content_id: d.processing })).id;
  d.promo = (
    await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Soon',
      brand_id: d.brand,
      content_id: d.processing,
    })
  ).id;
});

describe('video processing in the catalogue', () => {
  it('lists a ready video with its HLS master, poster and duration, absolute like every media URL', async () => {
    const { catalogue } = await publish();
    expect(items(catalogue).map((i) => i.id)).toEqual([d.ready, d.onS3]);
    const [ready, onS3] = items(catalogue);
    expect(ready.video).toEqual({
      playback_url: `${PUBLIC_URL}/media/hls/7/master.m3u8`,
      poster_url: `${PUBLIC_URL}/media/hls/7/poster.jpg`,
      duration_sec: 42,
      // A video made before audio tracks were stored: none listed, none to select.
    });
    // The version has no thumbnail of its own: the video's poster stands in.
    expect(ready.thumbnail_url).toBe(`${PUBLIC_URL}/media/hls/7/poster.jpg`);
    expect(onS3.video).toEqual({
      playback_url: 'https://bucket.example.com/hls/9/master.m3u8',
      poster_url: 'https://bucket.example.com/hls/9/poster.jpg',
      duration_sec: 60,
    });
  });

  it('leaves out a version whose video is queued or processing, or failed, with its reason, and counts them', async () => {
    const { counts, id, catalogue } = await publish();
    expect(counts).toMatchObject({
      content: 2,
      content_without_video: 0,
      content_video_processing: 2,
      content_video_failed: 1,
    });
    const { hidden } = await t.call(api.catalog.leftOut, { id });
    expect(reasonsOf(hidden, 'content', d.queued)).toEqual(['video_processing']);
    expect(reasonsOf(hidden, 'content', d.processing)).toEqual(['video_processing']);
    expect(reasonsOf(hidden, 'content', d.failed)).toEqual(['video_failed']);
    expect(reasonsOf(hidden, 'content', d.unpublished)).toEqual(['unpublished', 'video_processing']);
    // The compilation's only link leads nowhere yet: nothing in it to watch, it is left out (decision 064).
    expect(reasonsOf(hidden, 'link', d.link)).toEqual(['brand_unpublished', 'target_hidden']);
    expect(reasonsOf(hidden, 'brand', d.best)).toEqual(['no_playable_content']);
    expect(reasonsOf(hidden, 'promo', d.promo)).toEqual(['target_hidden']);
    expect(catalogue.promos.map((p) => p.id)).not.toContain(d.promo);
    expect(catalogue.brands.map((b) => b.id)).not.toContain(d.best);
  });

  it('shows the same reasons in the preview, and says before publishing how many wait for their video', async () => {
    const preview = await t.call(api.catalog.preview, { lang: 'en', country: 'DE' });
    expect(preview.video_processing).toBe(2);
    expect(reasonsOf(preview.hidden, 'content', d.queued)).toEqual(['video_processing']);
    expect(reasonsOf(preview.hidden, 'content', d.failed)).toEqual(['video_failed']);
    expect(items(preview.catalogue)[0].video.poster_url).toBe(`${PUBLIC_URL}/media/hls/7/poster.jpg`);
    const diff = await t.call(api.catalog.diff, { lang: 'en' });
    expect(diff.video_processing).toBe(2);
  });

  it('lists a version at the next build once its video is ready, and leaves it out again when it fails', async () => {
    await markVideoReady(t, video.processing, { thumbnail_url: '/media/hls/8/poster.jpg' });
    const diff = await t.call(api.catalog.diff, { lang: 'en' });
    expect(diff.video_processing).toBe(1);
    expect(diff.changes).toContainEqual(
      expect.objectContaining({ kind: 'content', id: d.processing, change: 'added' }),
    );
    const ready = await publish();
    expect(items(ready.catalogue).map((i) => i.id)).toEqual([d.ready, d.processing, d.onS3]);
    expect(items(ready.catalogue)[1].video).toMatchObject({
      playback_url: `${PUBLIC_URL}/media/videos/${video.processing}/hls/master.m3u8`,
      poster_url: `${PUBLIC_URL}/media/hls/8/poster.jpg`,
    });
    // Its link and banner follow it in.
    expect(ready.catalogue.brands.find((b) => b.id === d.best)?.linked_content).toEqual([
      { content_id: d.processing, brand_id: d.brand },
    ]);
    expect(ready.catalogue.promos.map((p) => p.id)).toContain(d.promo);
    expect(ready.counts).toMatchObject({ content: 3, content_video_processing: 1, content_video_failed: 1 });

    // Retried, a failed video is queued again: it waits rather than needing a person.
    await setVideoState(t, video.failed, { status: 'queued' });
    await setVideoState(t, video.ready, { status: 'failed' });
    const after = await publish();
    expect(items(after.catalogue).map((i) => i.id)).toEqual([d.processing, d.onS3]);
    expect(after.counts).toMatchObject({ content: 2, content_video_processing: 2, content_video_failed: 1 });
    const { hidden } = await t.call(api.catalog.leftOut, { id: after.id });
    expect(reasonsOf(hidden, 'content', d.ready)).toEqual(['video_failed']);
    expect(reasonsOf(hidden, 'content', d.failed)).toEqual(['video_processing']);
  });
});
