import { api, wholeList } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranscoder } from '../modules/videos/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { markVideoReady } from '../test/videos.ts';
import { brandList, contentList } from '../test/whole-lists.ts';
import { loadDemoCatalogue, publishDemoOnceReady } from './demo-catalogue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loadDemoCatalogue(t.database.db, t.app.storage);
});
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it('has brands with pictures, language versions and country rules, served from storage', async () => {
    const brands = await brandList(t);
    expect(brands.length).toBeGreaterThanOrEqual(5);
    expect(brands.every((b) => b.logo_url?.startsWith('/media/images/'))).toBe(true);
    expect(brands.some((b) => b.country_rules.length > 0)).toBe(true);
    expect(brands.every((b) => b.langs.length > 0)).toBe(true);
    const logo = await t.app.inject({ method: 'GET', url: brands[0].logo_url! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('has seasons of episodes, some with videos: masters queued for the same pipeline as an upload', async () => {
    const [brand] = await brandList(t);
    const episodes = await contentList(t, { brand_id: brand.id });
    expect(new Set(episodes.map((e: { season: number }) => e.season)).size).toBeGreaterThan(1);
    const withVideo = episodes.filter((e: { langs: { has_video: boolean }[] }) => e.langs.some((l) => l.has_video));
    expect(withVideo.length).toBeGreaterThan(0);
    const files = wholeList(await t.call(api.content.files));
    expect(files.some((f) => f.content_lang_id === null)).toBe(true);
    for (const f of files) {
      expect(f).toMatchObject({ status: 'queued', playback_url: null, source: { video_codec: 'h264', width: 320 } });
    }
    // Processed like an upload: one of them, by a transcoder of the server's.
    const transcoder = createTranscoder({
      db: t.database.db,
      storage: t.app.storage,
      ...t.app.videos,
      concurrency: 1,
      log: t.app.log,
    });
    expect(await transcoder.runDue()).toBe(1);
    const [ready] = wholeList(await t.call(api.content.files, { query: { status: 'ready' } }));
    const playlist = await t.app.inject({ method: 'GET', url: ready.playback_url! });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/mpegurl/);
    // The catalogues are published again once every video is ready; not yet.
    expect(await publishDemoOnceReady(t.database.db, t.app.storage, ['en'], { timeoutMs: 0 })).toBe(false);
  });

  it('has a compilation, banners, streams and promo codes', async () => {
    const brands = await brandList(t);
    const compilation = brands.find((b) => b.slug === 'best-of-kids-vod')!;
    const links = await t.call(api.link.list, { id: 0, brand_id: compilation.id });
    expect(links.length).toBeGreaterThanOrEqual(5);
    expect(links[0].ct_name).toMatch(/ · S\d+E\d+ · /);
    expect((await t.call(api.promo.list, {})).length).toBeGreaterThanOrEqual(3);
    expect((await t.call(api.stream.list, { lang_id: 1 })).length).toBeGreaterThanOrEqual(2);
    expect((await t.call(api.promoCode.list, { offset: 0, limit: 5 })).count).toBeGreaterThanOrEqual(10);
  });

  it('is published in every language it is written in, with nothing left to change', async () => {
    const builds = await t.call(api.catalog.builds, {});
    expect(builds.map((b) => b.lang_code).sort()).toEqual(['de', 'en', 'es', 'fr', 'pt', 'ru']);
    expect(builds.every((b) => b.is_live && b.created_by === null)).toBe(true);
    const english = builds.find((b) => b.lang_code === 'en')!;
    // Every demo episode waits for its video at first: no brand has anything to watch yet (decision 064).
    expect(english.counts.brands).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: english.url })).statusCode).toBe(200);
    // Once the videos are ready (as the server's processing leaves them), the brands are published.
    for (const file of wholeList(await t.call(api.content.files))) await markVideoReady(t, file.id);
    const langs = builds.map((b) => b.lang_code);
    expect(await publishDemoOnceReady(t.database.db, t.app.storage, langs, { timeoutMs: 5_000 })).toBe(true);
    const [live] = (await t.call(api.catalog.builds, {})).filter((b) => b.lang_code === 'en' && b.is_live);
    expect(live.counts.brands).toBeGreaterThanOrEqual(5);
    expect((await t.call(api.catalog.diff, { lang: 'es' })).changes).toEqual([]);
  });
});
