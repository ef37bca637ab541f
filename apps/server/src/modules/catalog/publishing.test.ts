import { createHash } from 'node:crypto';
import { api, type Catalogue, type CatalogueChange, type HiddenItem } from '@kids-vod/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff } from '../../test/staff.ts';
import { attachNewVideo } from '../../test/videos.ts';
import { readJsonParts } from './json-parts.ts';

let t: TestApp;
afterAll(() => t.close());

const ENGLISH = 1;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The app's rule, as docs/catalog-format.md gives it to app developers (written here, not imported). */
const mayWatch = ({ include, exclude }: { include: string[] | null; exclude: string[] }, country: string) =>
  (include === null || include.includes(country)) && !exclude.includes(country);

/** What an app in `country` shows of a downloaded catalogue, as the format's page tells apps to filter it. */
function asAppShows(file: Catalogue, country: string): Omit<Catalogue, 'generated_at'> {
  const ok = new Set(file.brands.filter((b) => mayWatch(b.countries, country)).map((b) => b.id));
  const { generated_at: _, ...rest } = file;
  return {
    ...rest,
    brands: file.brands
      .filter((b) => ok.has(b.id))
      .map((b) => ({ ...b, linked_content: b.linked_content.filter((l) => ok.has(l.brand_id)) })),
    promos: file.promos.filter((p) => p.brand_id === null || ok.has(p.brand_id)),
  };
}

/** A published brand with a published English version and one playable episode; country rules as given. */
async function watchable(name: string, sort: number, rules: { code2: string[]; exclude: boolean }[] = []) {
  const { id } = await t.call(api.brand.add, { name, sort, is_published: true });
  await t.call(api.brand.langAdd, { brand_id: id, lang_id: ENGLISH, title: name, is_published: true });
  for (const rule of rules) await t.call(api.brand.addCountryRule, { brand_id: id, ...rule });
  const episode = await episodeOf(id, `${name} 1`);
  return { id, episode };
}

async function episodeOf(
  brandId: number,
  title: string,
  { video = true, published = true, versionPublished = true } = {},
) {
  const { id } = await t.call(api.content.add, { brand_id: brandId, is_published: published });
  await t.call(api.content.langAdd, { content_id: id, lang_id: ENGLISH, title, is_published: versionPublished });
  if (video) await attachNewVideo(t, id, ENGLISH);
  return id;
}

const d = {} as Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  // The four cases of country rules: none, include only, exclude only, include and exclude.
  const everywhere = await watchable('Everywhere', 1);
  const included = await watchable('Only DE and FR', 2, [{ code2: ['DE', 'FR'], exclude: false }]);
  const excluded = await watchable('Not in FR', 3, [{ code2: ['FR'], exclude: true }]);
  const both = await watchable('DE and AT but not AT', 4, [
    { code2: ['DE', 'AT'], exclude: false },
    { code2: ['AT'], exclude: true },
  ]);
  Object.assign(d, {
    everywhere: everywhere.id,
    everywhereE1: everywhere.episode,
    included: included.id,
    includedE1: included.episode,
    excluded: excluded.id,
    excludedE1: excluded.episode,
    both: both.id,
  });
  // A compilation (everywhere) linking an episode of the brand not watchable in France.
  const best = await watchable('Best of', 5);
  d.best = best.id;
  d.linkToExcluded = (await t.call(api.link.add, { brand_id: best.id, content_id: excluded.episode })).id;
  d.linkToEverywhere = (await t.call(api.link.add, { brand_id: best.id, content_id: everywhere.episode })).id;
  d.promoExcluded = (
    await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Not in France',
      lang_id: ENGLISH,
      brand_id: excluded.id,
    })
  ).id;

  // One of each reason the build itself gives.
  d.unpublishedBrand = (await t.call(api.brand.add, { name: 'Withdrawn brand', is_published: false })).id;
  await t.call(api.brand.langAdd, {
    brand_id: d.unpublishedBrand,
    lang_id: ENGLISH,
    title: 'Withdrawn',
    is_published: true,
  });
  d.ofUnpublishedBrand = await episodeOf(d.unpublishedBrand, 'Episode of a withdrawn brand');
  d.noVersionBrand = (await t.call(api.brand.add, { name: 'Only in Russian', is_published: true })).id;
  d.draftVersionBrand = (await t.call(api.brand.add, { name: 'Draft version', is_published: true })).id;
  await t.call(api.brand.langAdd, {
    brand_id: d.draftVersionBrand,
    lang_id: ENGLISH,
    title: 'Draft',
    is_published: false,
  });
  d.deletedBrand = (await watchable('In the bin', 9)).id;
  await t.call(api.brand.delete, { id: d.deletedBrand });
  d.unpublishedEpisode = await episodeOf(everywhere.id, 'Withdrawn episode', { published: false });
  d.draftEpisode = await episodeOf(everywhere.id, 'Draft episode', { versionPublished: false });
  d.noVideoEpisode = await episodeOf(everywhere.id, 'Not filmed yet', { video: false });
  d.noVersionEpisode = (await t.call(api.content.add, { brand_id: everywhere.id, is_published: true })).id;
  d.deletedEpisode = await episodeOf(everywhere.id, 'Deleted episode');
  await t.call(api.content.delete, { id: d.deletedEpisode });
  d.linkToNoVideo = (await t.call(api.link.add, { brand_id: best.id, content_id: d.noVideoEpisode })).id;
  d.promoOff = (
    await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Off',
      lang_id: ENGLISH,
      is_active: false,
    })
  ).id;
  d.promoNoTarget = (
    await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Opens nothing shown',
      lang_id: ENGLISH,
      brand_id: d.unpublishedBrand,
    })
  ).id;
  d.streamOff = (
    await t.call(api.stream.add, {
      lang_id: ENGLISH,
      title: 'Off air',
      url: 'https://live.example.com/a.m3u8',
      is_active: false,
    })
  ).id;
  d.streamOn = (
    await t.call(api.stream.add, { lang_id: ENGLISH, title: 'On air', url: 'https://live.example.com/b.m3u8' })
  ).id;
  await t.call(api.locale.upsert, { key: 'home.title', lang_id: ENGLISH, value: 'Home' });
});

async function publishedFile(): Promise<{ catalogue: Catalogue; sha: string; id: number }> {
  const build = await t.call(api.catalog.publish, { query: { lang: 'en' } });
  const file = await t.app.inject({ method: 'GET', url: build.url });
  return { catalogue: JSON.parse(file.body), sha: sha256(file.rawPayload), id: build.id };
}

const reasonsOf = (hidden: HiddenItem[], kind: HiddenItem['kind'], id: number) =>
  hidden.find((h) => h.kind === kind && h.id === id)?.reasons;

describe('preview', () => {
  it('shows what the published file shows an app in each country, for every case of country rules', async () => {
    const { catalogue: file } = await publishedFile();
    for (const country of ['DE', 'AT', 'FR', 'US']) {
      const preview = await t.call(api.catalog.preview, { lang: 'en', country });
      const { generated_at: _, ...seen } = preview.catalogue;
      expect(seen, country).toEqual(asAppShows(file, country));
    }
    const ids = async (country: string) =>
      (await t.call(api.catalog.preview, { lang: 'en', country })).catalogue.brands.map((b) => b.id);
    expect(await ids('DE')).toEqual([d.everywhere, d.included, d.excluded, d.both, d.best]);
    expect(await ids('AT')).toEqual([d.everywhere, d.excluded, d.best]);
    expect(await ids('FR')).toEqual([d.everywhere, d.included, d.best]);
    expect(await ids('US')).toEqual([d.everywhere, d.excluded, d.best]);
  });

  it('lists what exists but is not shown, with every reason', async () => {
    const { hidden } = await t.call(api.catalog.preview, { lang: 'en', country: 'FR' });
    expect(reasonsOf(hidden, 'brand', d.excluded)).toEqual(['not_in_country']);
    expect(reasonsOf(hidden, 'content', d.excludedE1)).toEqual(['brand_not_in_country']);
    expect(reasonsOf(hidden, 'link', d.linkToExcluded)).toEqual(['target_hidden']);
    expect(reasonsOf(hidden, 'promo', d.promoExcluded)).toEqual(['brand_not_in_country']);
    expect(reasonsOf(hidden, 'brand', d.unpublishedBrand)).toEqual(['unpublished']);
    expect(reasonsOf(hidden, 'content', d.ofUnpublishedBrand)).toEqual(['brand_unpublished']);
    expect(reasonsOf(hidden, 'brand', d.noVersionBrand)).toEqual(['no_version']);
    // Nothing to watch in it either: every reason is listed (decision 064).
    expect(reasonsOf(hidden, 'brand', d.draftVersionBrand)).toEqual(['version_unpublished', 'no_playable_content']);
    expect(reasonsOf(hidden, 'brand', d.deletedBrand)).toEqual(['deleted']);
    expect(reasonsOf(hidden, 'content', d.unpublishedEpisode)).toEqual(['unpublished']);
    expect(reasonsOf(hidden, 'content', d.draftEpisode)).toEqual(['version_unpublished']);
    expect(reasonsOf(hidden, 'content', d.noVideoEpisode)).toEqual(['no_video']);
    expect(reasonsOf(hidden, 'content', d.noVersionEpisode)).toEqual(['no_version']);
    expect(reasonsOf(hidden, 'content', d.deletedEpisode)).toEqual(['deleted']);
    expect(reasonsOf(hidden, 'link', d.linkToNoVideo)).toEqual(['target_hidden']);
    expect(reasonsOf(hidden, 'promo', d.promoOff)).toEqual(['unpublished']);
    expect(reasonsOf(hidden, 'promo', d.promoNoTarget)).toEqual(['target_hidden']);
    expect(reasonsOf(hidden, 'stream', d.streamOff)).toEqual(['unpublished']);
    // What is shown is not in the list; an episode names its brand, so the console can link to it.
    expect(reasonsOf(hidden, 'brand', d.everywhere)).toBeUndefined();
    expect(reasonsOf(hidden, 'link', d.linkToEverywhere)).toBeUndefined();
    expect(hidden.find((h) => h.id === d.noVideoEpisode && h.kind === 'content')).toMatchObject({
      name: 'Not filmed yet',
      brand_id: d.everywhere,
    });
    // In Germany the brand is watchable: its episode and the link to it are not hidden.
    const germany = await t.call(api.catalog.preview, { lang: 'en', country: 'de' });
    expect(reasonsOf(germany.hidden, 'brand', d.excluded)).toBeUndefined();
    expect(reasonsOf(germany.hidden, 'link', d.linkToExcluded)).toBeUndefined();
    expect(germany.catalogue.brands.find((b) => b.id === d.best)?.linked_content).toEqual([
      { content_id: d.excludedE1, brand_id: d.excluded },
      { content_id: d.everywhereE1, brand_id: d.everywhere },
    ]);
  });

  it('keeps with each build what it left out, the same list as the preview without the country', async () => {
    const { id } = await publishedFile();
    const { hidden } = await t.call(api.catalog.leftOut, { id });
    const preview = await t.call(api.catalog.preview, { lang: 'en', country: 'US' });
    const withoutCountry = preview.hidden.filter((h) => !h.reasons.some((r) => r.endsWith('in_country')));
    expect(hidden).toEqual(withoutCountry);
    expect(reasonsOf(hidden, 'content', d.noVideoEpisode)).toEqual(['no_video']);
    expect((await t.refused(api.catalog.leftOut, { id: 999_999 })).status).toBe(404);
  });

  it('refuses an unknown language or country with 400 naming it', async () => {
    const lang = await t.refused(api.catalog.preview, { lang: 'xx', country: 'FR' });
    expect(lang).toMatchObject({ status: 400, detail: 'Unknown language xx' });
    const country = await t.refused(api.catalog.preview, { lang: 'en', country: 'QQ' });
    expect(country).toMatchObject({ status: 400, detail: 'Unknown country QQ' });
    expect((await t.refused(api.catalog.preview, { lang: 'en', country: 'France' })).status).toBe(400);
    expect(await t.refused(api.catalog.diff, { lang: 'zz' })).toMatchObject({
      status: 400,
      detail: 'Unknown language zz',
    });
  });
});

describe('changes before publishing', () => {
  it('lists added, removed and changed items with the fields that changed, and nothing when nothing did', async () => {
    await publishedFile();
    expect((await t.call(api.catalog.diff, { lang: 'en' })).changes).toEqual([]);

    const [version] = await t.call(api.content.langList, { content_id: d.everywhereE1 });
    await t.call(api.content.langUpdate, { id: version.id, title: 'Everywhere, the first' });
    await t.call(api.brand.update, { id: d.both, is_published: false });
    const added = await watchable('Brand new', 6);
    await t.call(api.stream.update, { id: d.streamOff, is_active: true });
    await t.call(api.locale.upsert, { key: 'home.title', lang_id: ENGLISH, value: 'Start' });

    const { live, changes } = await t.call(api.catalog.diff, { lang: 'en' });
    expect(live).toMatchObject({ lang_code: 'en', is_live: true });
    const find = (kind: CatalogueChange['kind'], id: number | string) =>
      changes.filter((c) => c.kind === kind && c.id === id);
    expect(find('content', d.everywhereE1)).toEqual([
      {
        kind: 'content',
        id: d.everywhereE1,
        name: 'Everywhere, the first',
        change: 'changed',
        fields: ['title'],
        brand_id: d.everywhere,
      },
    ]);
    expect(find('brand', d.both)).toMatchObject([{ change: 'removed', name: 'DE and AT but not AT' }]);
    expect(find('brand', added.id)).toMatchObject([{ change: 'added', name: 'Brand new' }]);
    expect(find('stream', d.streamOff)).toMatchObject([{ change: 'added' }]);
    expect(find('string', 'home.title')).toEqual([
      { kind: 'string', id: 'home.title', name: 'home.title', change: 'changed', fields: ['text'] },
    ]);
    // The compilation's link list is a field of the brand.
    await t.call(api.link.delete, { id: d.linkToEverywhere });
    const again = await t.call(api.catalog.diff, { lang: 'en' });
    expect(again.changes.find((c) => c.kind === 'brand' && c.id === d.best)).toMatchObject({
      change: 'changed',
      fields: ['linked_content'],
    });
    d.linkToEverywhere = (await t.call(api.link.add, { brand_id: d.best, content_id: d.everywhereE1 })).id;
  });

  it('reads a file part by part, wherever its chunks end', async () => {
    const text = JSON.stringify({
      format_version: 1,
      lang: 'e"n',
      brands: [
        { id: 1, t: 'a]}{,"' },
        { id: 2, n: [1, [2]] },
      ],
      promos: [],
      streams: [3, 'x'],
      strings: { 'a.b': 'c\\"d' },
      n: null,
    });
    for (const size of [1, 2, 7, text.length]) {
      const values: [string, unknown][] = [];
      const elements: [string, unknown][] = [];
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
        text.slice(i * size, (i + 1) * size),
      );
      await readJsonParts(
        (async function* () {
          yield* chunks;
        })(),
        { value: (k, v) => values.push([k, v]), element: (k, e) => elements.push([k, e]) },
      );
      expect(values).toEqual([
        ['format_version', 1],
        ['lang', 'e"n'],
        ['strings', { 'a.b': 'c\\"d' }],
        ['n', null],
      ]);
      expect(elements).toEqual([
        ['brands', { id: 1, t: 'a]}{,"' }],
        ['brands', { id: 2, n: [1, [2]] }],
        ['streams', 3],
        ['streams', 'x'],
      ]);
    }
  });
});

describe('rollback', () => {
  it('makes an earlier build live again: the stable URL answers its file, the history and the audit log say so', async () => {
    const before = await publishedFile();
    await t.call(api.locale.upsert, { key: 'home.title', lang_id: ENGLISH, value: 'Rolled forward' });
    const after = await publishedFile();
    expect(after.sha).not.toBe(before.sha);

    const entry = await t.call(api.catalog.publishBuild, { id: before.id, lang: 'en' });
    expect(entry).toMatchObject({
      sha256: before.sha,
      lang_code: 'en',
      is_live: true,
      created_by: 'admin@example.com',
      rollback_of: { id: before.id },
    });
    const stable = await t.app.inject({ method: 'GET', url: '/media/catalog/en.json' });
    expect(sha256(stable.rawPayload)).toBe(before.sha);

    const [newest, previous] = await t.call(api.catalog.builds, { lang_id: ENGLISH, limit: 2 });
    expect(newest).toMatchObject({ id: entry.id, is_live: true, rollback_of: { id: before.id } });
    expect(previous).toMatchObject({ id: after.id, is_live: false, rollback_of: null });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'catalog_builds'), eq(auditLog.entity_id, String(entry.id))));
    expect(audit).toMatchObject([
      { action: 'insert', user_email: 'admin@example.com', call: 'POST /api/catalog/publish_build' },
    ]);
    // Its left-out list is the build's it made live again; the changes are now against that build.
    expect((await t.call(api.catalog.leftOut, { id: entry.id })).hidden).toEqual(
      (await t.call(api.catalog.leftOut, { id: before.id })).hidden,
    );
    const diff = await t.call(api.catalog.diff, { lang: 'en' });
    expect(diff.live?.id).toBe(entry.id);
    expect(diff.changes.filter((c) => c.kind === 'string')).toMatchObject([{ id: 'home.title', change: 'changed' }]);

    // Already live: answered as it is, and nothing is added to the history.
    expect((await t.call(api.catalog.publishBuild, { id: before.id })).id).toBe(entry.id);
    expect((await t.call(api.catalog.builds, { lang_id: ENGLISH, limit: 1 }))[0].id).toBe(entry.id);
    // Back to the newer one (through the entry of the build itself).
    const forward = await t.call(api.catalog.publishBuild, { id: after.id });
    expect(forward.rollback_of?.id).toBe(after.id);
    const stableAgain = await t.app.inject({ method: 'GET', url: '/media/catalog/en.json' });
    expect(sha256(stableAgain.rawPayload)).toBe(after.sha);
  });

  it('refuses an unknown build (404) and a build of another language (400), changing nothing', async () => {
    const { id } = await publishedFile();
    const history = await t.call(api.catalog.builds, { limit: 200 });
    expect(await t.refused(api.catalog.publishBuild, { id: 999_999 })).toMatchObject({
      status: 404,
      detail: 'Build 999999 not found',
    });
    expect(await t.refused(api.catalog.publishBuild, { id, lang: 'ru' })).toMatchObject({
      status: 400,
      detail: `Build ${id} is a build of en, not of ru`,
    });
    expect((await t.refused(api.catalog.publishBuild, { id: 0 })).status).toBe(400);
    expect(await t.call(api.catalog.builds, { limit: 200 })).toEqual(history);
  });

  it('waits for a build of the language running meanwhile, so the history says what the stable file holds', async () => {
    const first = await publishedFile();
    await t.call(api.locale.upsert, { key: 'home.title', lang_id: ENGLISH, value: 'Meanwhile' });
    const [build, rollback] = await Promise.all([
      t.call(api.catalog.publish, { query: { lang: 'en' } }),
      t.call(api.catalog.publishBuild, { id: first.id }),
    ]);
    const [live] = await t.call(api.catalog.builds, { lang_id: ENGLISH, limit: 1 });
    expect([build.id, rollback.id]).toContain(live.id);
    const stable = await t.app.inject({ method: 'GET', url: '/media/catalog/en.json' });
    expect(sha256(stable.rawPayload)).toBe(live.sha256);
  });
});

describe('who may', () => {
  it('lets every role preview and see changes, and only admins and editors roll back', async () => {
    const analyst = await addStaff(t, 'analyst');
    const editor = await addStaff(t, 'editor');
    const { id } = await publishedFile();
    await t.call(api.locale.upsert, { key: 'home.title', lang_id: ENGLISH, value: 'Once more' });
    await publishedFile();
    expect(
      (await t.send(api.catalog.preview, { lang: 'en', country: 'FR' }, { token: analyst.token })).statusCode,
    ).toBe(200);
    expect((await t.send(api.catalog.diff, { lang: 'en' }, { token: analyst.token })).statusCode).toBe(200);
    const refused = await t.refused(api.catalog.publishBuild, { id }, { token: analyst.token });
    expect(refused.status).toBe(403);
    expect(refused.detail).toMatch(/analyst/i);
    const done = await t.send(api.catalog.publishBuild, { id }, { token: editor.token });
    expect(done.statusCode).toBe(200);
    expect(done.json().created_by).toBe(editor.email);
  });
});
