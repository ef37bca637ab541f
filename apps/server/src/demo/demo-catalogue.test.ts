import { api, wholeList } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { brandList, contentList } from '../test/whole-lists.ts';
import { loadDemoCatalogue } from './demo-catalogue.ts';

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

  it('has seasons of episodes, some with videos that play from storage', async () => {
    const [brand] = await brandList(t);
    const episodes = await contentList(t, { brand_id: brand.id });
    expect(new Set(episodes.map((e: { season: number }) => e.season)).size).toBeGreaterThan(1);
    const withVideo = episodes.filter((e: { langs: { has_video: boolean }[] }) => e.langs.some((l) => l.has_video));
    expect(withVideo.length).toBeGreaterThan(0);
    const files = wholeList(await t.call(api.content.files));
    expect(files.some((f: { content_lang_id: number | null }) => f.content_lang_id === null)).toBe(true);
    const video = await t.app.inject({ method: 'GET', url: files[0].playback_url! });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
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
    expect(english.counts.brands).toBeGreaterThanOrEqual(5);
    expect((await t.app.inject({ method: 'GET', url: english.url })).statusCode).toBe(200);
    expect((await t.call(api.catalog.diff, { lang: 'es' })).changes).toEqual([]);
  });
});
