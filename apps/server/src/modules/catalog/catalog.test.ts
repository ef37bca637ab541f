import { createHash } from 'node:crypto';
import { api, type BrandAddBody, type ContentAddBody, type StreamAddBody } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { videoFiles } from '../../db/schema.ts';
import { validateCatalogue } from '../../test/catalogue-schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { brandList } from '../../test/whole-lists.ts';
import { findLanguageByCode } from './data.ts';
import type { Catalogue, CatalogueBrand } from './format.ts';
import { writeCatalogue } from './write.ts';

let t: TestApp;
afterAll(() => t.close());

const ENGLISH = 1;
const RUSSIAN = 2;

/** A brand with language versions ({lang_id: fields}) and country rules. */
async function newBrand(
  fields: BrandAddBody,
  versions: Record<number, Record<string, unknown>>,
  rules: { code2: string[]; exclude: boolean }[] = [],
): Promise<number> {
  const { id } = await t.call(api.brand.add, fields);
  for (const [langId, version] of Object.entries(versions)) {
    await t.call(api.brand.langAdd, { brand_id: id, lang_id: Number(langId), ...version });
  }
  for (const rule of rules) await t.call(api.brand.addCountryRule, { brand_id: id, ...rule });
  return id;
}

let fileSeq = 0;
/** Uploads are another module's: the file is inserted directly, processed (`ready`), then attached through the API. */
async function attachNewVideo(contentId: number, langId: number, fields: Partial<typeof videoFiles.$inferInsert> = {}) {
  fileSeq += 1;
  const [file] = await t.database.db
    .insert(videoFiles)
    .values({
      ext_id: `catalog-vid-${fileSeq}`,
      name: `clip-${fileSeq}.mp4`,
      storage_key: `videos/clip-${fileSeq}.mp4`,
      size_bytes: 1000,
      duration_sec: 300 + fileSeq,
      status: 'ready',
      progress: 100,
      playback_url: `https://cdn.example.com/v/${fileSeq}/index.m3u8`,
      ...fields,
    })
    .returning();
  await t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: contentId, lang_id: langId });
  return file;
}

type Version = Record<string, unknown> & { video?: Partial<typeof videoFiles.$inferInsert> | false };
/** Content with language versions ({lang_id: fields}); each gets a new video unless `video: false`. */
async function newItem(fields: ContentAddBody, versions: Record<number, Version>): Promise<number> {
  const { id } = await t.call(api.content.add, fields);
  for (const [langId, { video, ...version }] of Object.entries(versions)) {
    await t.call(api.content.langAdd, { content_id: id, lang_id: Number(langId), ...version });
    if (video !== false) await attachNewVideo(id, Number(langId), video);
  }
  return id;
}

interface Build {
  url: string;
  size_bytes: number;
  sha256: string;
  created_at: string;
  counts: Record<string, number>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Publishes a language and reads back the stored file, which must be valid against the schema. */
async function publish(code: string): Promise<{ build: Build; catalogue: Catalogue; bytes: Buffer }> {
  const build: Build = await t.call(api.catalog.publish, { query: { lang: code } });
  const file = await t.app.inject({ method: 'GET', url: build.url });
  expect(file.statusCode).toBe(200);
  const bytes = file.rawPayload;
  expect(bytes.length).toBe(build.size_bytes);
  expect(sha256(bytes)).toBe(build.sha256);
  const catalogue = JSON.parse(bytes.toString('utf8'));
  const valid = validateCatalogue(catalogue);
  expect(validateCatalogue.errors ?? [], 'the catalogue follows docs/catalog.schema.json').toEqual([]);
  expect(valid).toBe(true);
  return { build, catalogue, bytes };
}

const brandOf = (catalogue: Catalogue, id: number): CatalogueBrand => {
  const brand = catalogue.brands.find((b) => b.id === id);
  if (!brand) throw new Error(`brand ${id} is not in the catalogue`);
  return brand;
};
const contentIds = (brand: CatalogueBrand) => brand.content.map((c) => c.id);

/** The small dataset: every rule of docs/catalog-format.md has one thing it keeps and one it leaves out. */
const d = {} as Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  d.cats = await newBrand(
    { name: 'Happy Cats', age_rating: '3+', logo_url: '/media/images/cats.png', sort: 1, is_published: true },
    {
      [ENGLISH]: {
        title: 'Happy Cats',
        description: 'Cats being happy',
        logo_url: '/media/images/cats-en.png',
        is_published: true,
      },
      [RUSSIAN]: { title: 'Весёлые коты', is_published: true },
    },
    [
      { code2: ['DE', 'AT'], exclude: false },
      { code2: ['FR', 'DE'], exclude: false },
      { code2: ['AT'], exclude: true },
    ],
  );
  // Its version has no title: the brand's name stands in.
  d.robots = await newBrand({ name: 'Robots', sort: 2, is_published: true }, { [ENGLISH]: { is_published: true } });
  d.hidden = await newBrand({ name: 'Hidden', sort: 0, is_published: false }, { [ENGLISH]: { is_published: true } });
  d.masha = await newBrand(
    { name: 'Masha', sort: 3, is_published: true },
    { [ENGLISH]: { title: 'Masha', is_published: false }, [RUSSIAN]: { title: 'Маша', is_published: true } },
    [{ code2: ['RU', 'BY'], exclude: true }],
  );
  d.best = await newBrand({ name: 'Best of', sort: 4, is_published: true }, { [ENGLISH]: { is_published: true } });

  // Season 2 is created first: the catalogue orders by season and number, not by creation.
  d.catsS2E1 = await newItem(
    { brand_id: d.cats, season: 2, is_published: true, duration_sec: 420 },
    { [ENGLISH]: { title: 'Winter', is_published: true } },
  );
  d.catsS1E1 = await newItem(
    { brand_id: d.cats, season: 1, is_published: true, duration_sec: 300 },
    {
      [ENGLISH]: {
        title: 'The first mouse',
        description: 'A mouse arrives',
        thumbnail_url: '/media/images/mouse.jpg',
        is_published: true,
        video: { playback_url: 'https://cdn.example.com/mouse/en.m3u8', duration_sec: 301 },
      },
      [RUSSIAN]: { title: 'Первая мышь', is_published: true, video: { duration_sec: null } },
    },
  );
  d.catsNoVideo = await newItem(
    { brand_id: d.cats, season: 1, is_published: true },
    { [ENGLISH]: { title: 'Not filmed yet', is_published: true, video: false } },
  );
  d.catsDraftVersion = await newItem(
    { brand_id: d.cats, season: 1, is_published: true },
    { [ENGLISH]: { title: 'Draft', is_published: false } },
  );
  d.catsUnpublished = await newItem(
    { brand_id: d.cats, season: 1, is_published: false },
    { [ENGLISH]: { title: 'Withdrawn', is_published: true } },
  );
  d.robotsE1 = await newItem(
    { brand_id: d.robots, is_published: true },
    { [ENGLISH]: { title: 'Beep', is_published: true, video: { thumbnail_url: '/media/thumbs/beep.jpg' } } },
  );
  d.hiddenE1 = await newItem(
    { brand_id: d.hidden, is_published: true },
    { [ENGLISH]: { title: 'Secret', is_published: true } },
  );
  d.mashaE1 = await newItem(
    { brand_id: d.masha, is_published: true },
    { [ENGLISH]: { title: 'Masha EN', is_published: true }, [RUSSIAN]: { title: 'Маша и каша', is_published: true } },
  );

  for (const [brand, item] of [
    [d.best, d.catsS1E1],
    [d.best, d.catsNoVideo],
    [d.best, d.hiddenE1],
    [d.best, d.robotsE1],
    [d.cats, d.mashaE1],
  ]) {
    await t.call(api.link.add, { brand_id: brand, content_id: item });
  }

  const promo = async (fields: Record<string, unknown>) =>
    (await t.call(api.promo.add, { button_text: 'Watch', button_color: '#1f2937', ...fields })).id;
  d.promoEveryLang = await promo({ title: 'Everyone', sort: 2, bg_color: '#ABCDEF' });
  d.promoEn = await promo({ title: 'Mouse', lang_id: ENGLISH, sort: 1, brand_id: d.cats, content_id: d.catsS1E1 });
  d.promoRu = await promo({ title: 'Маша', lang_id: RUSSIAN, sort: 0, brand_id: d.masha });
  d.promoOff = await promo({ title: 'Off', lang_id: ENGLISH, is_active: false });
  d.promoHiddenBrand = await promo({ title: 'Hidden', lang_id: ENGLISH, brand_id: d.hidden });
  d.promoNoVideo = await promo({ title: 'Soon', lang_id: ENGLISH, brand_id: d.cats, content_id: d.catsNoVideo });

  const stream = async (fields: Omit<StreamAddBody, 'url'>) =>
    (await t.call(api.stream.add, { url: 'https://live.example.com/a.m3u8', ...fields })).id;
  d.streamEnSecond = await stream({ lang_id: ENGLISH, title: 'Second', sort: 2 });
  d.streamEnFirst = await stream({ lang_id: ENGLISH, title: 'First', sort: 1, poster_url: '/media/p.png' });
  d.streamEnOff = await stream({ lang_id: ENGLISH, title: 'Off', is_active: false });
  d.streamRu = await stream({ lang_id: RUSSIAN, title: 'Мультики' });

  for (const [key, langId, value] of [
    ['home.title', ENGLISH, 'Home'],
    ['home.title', RUSSIAN, 'Главная'],
    ['only.ru', RUSSIAN, 'Только'],
    ['zz.last', ENGLISH, 'Last'],
    ['A.upper', ENGLISH, 'Upper'],
  ] as const) {
    await t.call(api.locale.upsert, { key, lang_id: langId, value });
  }
  await t.call(api.locale.addKey, { key: 'untranslated' });
});

describe('publishing the catalogue', () => {
  it('puts exactly what the English apps may show into the English catalogue', async () => {
    const { build, catalogue } = await publish('en');
    expect(build).toEqual({
      id: expect.any(Number),
      lang_id: ENGLISH,
      lang_code: 'en',
      versioned_url: expect.stringMatching(/^\/media\/catalog\/en-[0-9a-f]+\.json$/),
      url: '/media/catalog/en.json',
      size_bytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_at: catalogue.generated_at,
      created_by: 'admin@example.com',
      rollback_of: null,
      is_live: true,
      automatic: false,
      counts: {
        brands: 3,
        content: 3,
        links: 2,
        promos: 2,
        streams: 2,
        strings: 3,
        content_without_video: 1,
        content_video_processing: 0,
        content_video_failed: 0,
      },
    });
    expect(catalogue).toMatchObject({ format_version: 1, lang: 'en', lang_id: ENGLISH });

    // Published brands with a published English version, by sort: not Hidden (unpublished), not Masha
    // (English version unpublished).
    expect(catalogue.brands.map((b) => b.id)).toEqual([d.cats, d.robots, d.best]);
    const cats = brandOf(catalogue, d.cats);
    expect(cats).toMatchObject({
      slug: 'happy-cats',
      title: 'Happy Cats',
      description: 'Cats being happy',
      logo_url: '/media/images/cats-en.png',
      age_rating: '3+',
      countries: { include: ['AT', 'DE', 'FR'], exclude: ['AT'] },
      linked_content: [],
    });
    // By season and number; not the one without video, the draft version or the unpublished content.
    expect(contentIds(cats)).toEqual([d.catsS1E1, d.catsS2E1]);
    expect(cats.content[0]).toEqual({
      id: d.catsS1E1,
      season: 1,
      sort_number: 1,
      title: 'The first mouse',
      description: 'A mouse arrives',
      thumbnail_url: '/media/images/mouse.jpg',
      duration_sec: 300,
      video: {
        playback_url: 'https://cdn.example.com/mouse/en.m3u8',
        poster_url: null,
        duration_sec: 301,
      },
    });

    const robots = brandOf(catalogue, d.robots);
    expect(robots).toMatchObject({
      title: 'Robots',
      description: '',
      logo_url: null,
      age_rating: '0+',
      countries: { include: null, exclude: [] },
    });
    expect(robots.content[0].thumbnail_url).toBe('/media/thumbs/beep.jpg');
    // The video's poster is the video's own, whatever thumbnail the version has.
    expect(robots.content[0].video.poster_url).toBe('/media/thumbs/beep.jpg');

    // Links whose content is listed itself, in the order they were made, pointing at the owning brand.
    const best = brandOf(catalogue, d.best);
    expect(best.content).toEqual([]);
    expect(best.linked_content).toEqual([
      { content_id: d.catsS1E1, brand_id: d.cats },
      { content_id: d.robotsE1, brand_id: d.robots },
    ]);

    expect(catalogue.promos.map((p) => p.id)).toEqual([d.promoEn, d.promoEveryLang]);
    expect(catalogue.promos[0]).toEqual({
      id: d.promoEn,
      title: 'Mouse',
      image_url: null,
      bg_color: '#ffffff',
      button_color: '#1f2937',
      button_text: 'Watch',
      brand_id: d.cats,
      season: null,
      content_id: d.catsS1E1,
    });
    expect(catalogue.streams).toEqual([
      { id: d.streamEnFirst, title: 'First', url: 'https://live.example.com/a.m3u8', poster_url: '/media/p.png' },
      { id: d.streamEnSecond, title: 'Second', url: 'https://live.example.com/a.m3u8', poster_url: null },
    ]);
    expect(Object.entries(catalogue.strings)).toEqual([
      ['A.upper', 'Upper'],
      ['home.title', 'Home'],
      ['zz.last', 'Last'],
    ]);
  });

  it('gives apps absolute media URLs under PUBLIC_URL, and leaves absolute ones alone', async () => {
    // The same database behind the address users reach: stored paths stay paths, the published file resolves them.
    const deployed = await buildApp({
      database: t.database,
      config: { ...t.config, PUBLIC_URL: 'https://console.example.com/' },
      storage: t.app.storage,
    });
    try {
      const res = await deployed.inject({
        method: 'POST',
        url: '/api/content/upload_json?lang=en',
        headers: { authorization: `Bearer ${t.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const build: Build & { versioned_url: string } = res.json();
      expect(build.url).toBe('https://console.example.com/media/catalog/en.json');
      const file = await deployed.inject({ method: 'GET', url: new URL(build.url).pathname });
      const catalogue: Catalogue = JSON.parse(file.body);
      expect(validateCatalogue(catalogue)).toBe(true);
      const cats = brandOf(catalogue, d.cats);
      expect(cats.logo_url).toBe('https://console.example.com/media/images/cats-en.png');
      expect(cats.content[0].thumbnail_url).toBe('https://console.example.com/media/images/mouse.jpg');
      expect(cats.content[0].video.playback_url).toBe('https://cdn.example.com/mouse/en.m3u8');
      expect(brandOf(catalogue, d.robots).content[0].thumbnail_url).toBe(
        'https://console.example.com/media/thumbs/beep.jpg',
      );
      expect(brandOf(catalogue, d.robots).content[0].video.poster_url).toBe(
        'https://console.example.com/media/thumbs/beep.jpg',
      );
      expect(catalogue.streams.map((s) => s.poster_url)).toEqual(['https://console.example.com/media/p.png', null]);
      // What the brand itself stores is unchanged.
      const brands: { id: number; logo_url: string | null }[] = await brandList(t);
      expect(brands.find((b) => b.id === d.cats)?.logo_url).toBe('/media/images/cats.png');
    } finally {
      await deployed.close();
    }
  });

  it('builds each language from its own versions, links, banners, streams and strings', async () => {
    const { build, catalogue } = await publish('ru');
    expect(build.url).toBe('/media/catalog/ru.json');
    expect(build.counts).toEqual({
      brands: 2,
      content: 2,
      links: 1,
      promos: 2,
      streams: 1,
      strings: 2,
      content_without_video: 0,
      content_video_processing: 0,
      content_video_failed: 0,
    });
    expect(catalogue.brands.map((b) => b.id)).toEqual([d.cats, d.masha]);
    const cats = brandOf(catalogue, d.cats);
    // No Russian logo: the brand's own.
    expect(cats).toMatchObject({ title: 'Весёлые коты', description: '', logo_url: '/media/images/cats.png' });
    expect(cats.content).toMatchObject([
      { id: d.catsS1E1, title: 'Первая мышь', thumbnail_url: null, video: { duration_sec: null } },
    ]);
    expect(cats.linked_content).toEqual([{ content_id: d.mashaE1, brand_id: d.masha }]);
    expect(brandOf(catalogue, d.masha)).toMatchObject({
      countries: { include: null, exclude: ['BY', 'RU'] },
      content: [{ id: d.mashaE1, title: 'Маша и каша' }],
    });
    expect(catalogue.promos.map((p) => p.id)).toEqual([d.promoRu, d.promoEveryLang]);
    expect(catalogue.streams.map((s) => s.id)).toEqual([d.streamRu]);
    expect(catalogue.strings).toEqual({ 'home.title': 'Главная', 'only.ru': 'Только' });
  });

  it('keeps a versioned copy with the same bytes, cached forever, while the stable file is revalidated', async () => {
    const { build, bytes } = await publish('en');
    const [record] = (await t.call(api.catalog.builds, { lang_id: ENGLISH, limit: 1 })) as {
      versioned_url: string;
      sha256: string;
    }[];
    expect(record).toMatchObject({ ...build, lang_id: ENGLISH, lang_code: 'en' });
    expect(record.versioned_url).toBe(`/media/catalog/en-${build.sha256.slice(0, 16)}.json`);
    const copy = await t.app.inject({ method: 'GET', url: record.versioned_url });
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(bytes)).toBe(true);
    expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stable = await t.app.inject({ method: 'GET', url: build.url });
    expect(stable.headers['cache-control']).toBe('no-cache');
  });

  it('writes the same text however many content rows the cursor fetches at a time', async () => {
    const texts: string[] = [];
    // Batches of 1 and 2 end inside a brand's run of content and between brands, with a skipped row between.
    for (const batchSize of [1, 2, 3, 1000]) {
      const text = await t.database.db.transaction(
        async (tx) => {
          const lang = await findLanguageByCode(tx, 'en');
          let written = '';
          const emit = (piece: string) => {
            written += piece;
          };
          await writeCatalogue(tx, lang, '2030-01-01T00:00:00.000Z', emit, { batchSize });
          return written;
        },
        { isolationLevel: 'repeatable read' },
      );
      texts.push(text);
    }
    expect(new Set(texts).size).toBe(1);
    const catalogue = JSON.parse(texts[0]);
    expect(validateCatalogue(catalogue)).toBe(true);
    expect(catalogue.brands.map((b: CatalogueBrand) => contentIds(b))).toEqual([
      [d.catsS1E1, d.catsS2E1],
      [d.robotsE1],
      [],
    ]);
  });

  it('replaces the stable file on every build, keeps the earlier copies and lists builds newest first', async () => {
    const before = await publish('en');
    await t.call(api.brand.update, { id: d.robots, is_published: false });
    await t.call(api.locale.upsert, { key: 'home.title', lang_id: ENGLISH, value: 'Start' });
    const after = await publish('en');
    expect(after.build.sha256).not.toBe(before.build.sha256);
    expect(after.build.created_at > before.build.created_at).toBe(true);
    // Robots is gone, and with it its item linked into the compilation.
    expect(after.catalogue.brands.map((b) => b.id)).toEqual([d.cats, d.best]);
    expect(brandOf(after.catalogue, d.best).linked_content).toEqual([{ content_id: d.catsS1E1, brand_id: d.cats }]);
    expect(after.catalogue.strings['home.title']).toBe('Start');
    expect(after.build.counts).toMatchObject({ brands: 2, content: 2, links: 1 });

    const english = await t.call(api.catalog.builds, { lang_id: ENGLISH });
    expect(english.slice(0, 2).map((b) => b.sha256)).toEqual([after.build.sha256, before.build.sha256]);
    expect(english.every((b) => b.lang_code === 'en')).toBe(true);
    const earlier = await t.app.inject({ method: 'GET', url: english[1].versioned_url });
    expect(earlier.rawPayload.equals(before.bytes)).toBe(true);

    const all = await t.call(api.catalog.builds, {});
    expect(all.map((b) => b.lang_code)).toContain('ru');
    const times = all.map((b) => b.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(await t.call(api.catalog.builds, { limit: 2 })).toHaveLength(2);
    expect((await t.refused(api.catalog.builds, { limit: 0 })).status).toBe(400);
  });

  it('records no build when storing fails', async () => {
    const before = await t.call(api.catalog.builds, { limit: 200 });
    const put = vi.spyOn(t.app.storage, 'put').mockRejectedValue(new Error('disk full'));
    try {
      const res = await t.refused(api.catalog.publish, { query: { lang: 'en' } });
      expect(res.status).toBe(500);
      expect(res.detail).toBe('Internal server error');
    } finally {
      put.mockRestore();
    }
    expect(await t.call(api.catalog.builds, { limit: 200 })).toEqual(before);
  });

  it('publishes an empty catalogue for a language with nothing in it yet', async () => {
    const lang = await t.call(api.locale.addLanguage, { code: 'pt-br', name: 'Brazilian Portuguese' });
    const { build, catalogue } = await publish('PT-BR');
    expect(build.url).toBe('/media/catalog/pt-br.json');
    expect(catalogue).toMatchObject({
      lang: 'pt-br',
      lang_id: lang.id,
      brands: [],
      streams: [],
      strings: {},
      promos: [{ id: d.promoEveryLang }],
    });
  });

  it('publishes a language whose code is long, with its strings in byte order even where keys are numbers', async () => {
    const lang = await t.call(api.locale.addLanguage, { code: 'ca-valencia', name: 'Valencian' });
    for (const key of ['10', '9', 'b', '1.x']) await t.call(api.locale.upsert, { key, lang_id: lang.id, value: key });
    const { build, bytes } = await publish('ca-valencia');
    expect(build).toMatchObject({ url: '/media/catalog/ca-valencia.json', lang_code: 'ca-valencia' });
    // JSON.parse would reorder them as an object does: the text is what apps get.
    const text = bytes.toString('utf8');
    expect(text.slice(text.indexOf('"strings":'))).toBe('"strings":{"1.x":"1.x","10":"10","9":"9","b":"b"}}');
  });

  it('answers 404 for an unknown language, 400 without one and 401 without a session', async () => {
    const unknown = await t.refused(api.catalog.publish, { query: { lang: 'xx' } });
    expect(unknown.status).toBe(404);
    expect(unknown.detail).toBe('Language xx not found');
    expect((await t.refused(api.catalog.publish)).status).toBe(400);
    const anonymous = await t.send(api.catalog.publish, { query: { lang: 'en' }, token: null });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.send(api.catalog.builds, {}, { token: null })).statusCode).toBe(401);
  });
});
