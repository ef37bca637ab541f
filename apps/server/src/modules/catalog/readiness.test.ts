import { api, type HiddenItem, type Readiness } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promos } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { fileUpload } from '../../test/multipart.ts';
import { attachNewVideo, markVideoReady, setVideoState } from '../../test/videos.ts';

/**
 * Readiness (api.md "Episode intake and readiness", decision 064) through the real app: what a child could watch per
 * language and what stops the rest, counted with the catalogue's rules so the two agree. Runs on PGlite and on the
 * PostgreSQL server.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ENGLISH = 1;
const RUSSIAN = 2;
const READABLE = { button_text: 'Watch', button_color: '#1f2937' };

async function brand(name: string, fields: object = {}) {
  const { id } = await t.call(api.brand.add, { name, is_published: true, ...fields });
  await t.call(api.brand.langAdd, { brand_id: id, lang_id: ENGLISH, title: name, is_published: true });
  return id;
}

async function episode(brandId: number, season: number, version: object | null, langId = ENGLISH) {
  const { id } = await t.call(api.content.add, { brand_id: brandId, season, is_published: true });
  if (version) await t.call(api.content.langAdd, { content_id: id, lang_id: langId, is_published: true, ...version });
  return id;
}

const readiness = (brandId: number) => t.call(api.brand.readiness, { brand_id: brandId });
const langOf = (r: Readiness, langId: number) => {
  const lang = r.langs.find((l) => l.lang_id === langId);
  if (!lang) throw new Error(`no language ${langId}`);
  return lang;
};
const problemsOf = (r: Readiness, langId: number, kind: string, id: number) =>
  langOf(r, langId)
    .problems.filter((p) => p.kind === kind && p.id === id)
    .map((p) => `${p.kind} ${p.problem}`);
const reasonsOf = (hidden: HiddenItem[], kind: HiddenItem['kind'], id: number) =>
  hidden.find((h) => h.kind === kind && h.id === id)?.reasons;

describe('brand readiness', () => {
  it('answers 404 with a sentence for an unknown brand or one in the bin, and needs a session', async () => {
    expect(await t.refused(api.brand.readiness, { brand_id: 987654 })).toMatchObject({
      status: 404,
      detail: expect.stringMatching(/Brand.*987654/),
    });
    const gone = await brand('Gone');
    await t.call(api.brand.delete, { id: gone });
    expect((await t.refused(api.brand.readiness, { brand_id: gone })).status).toBe(404);
    expect((await t.send(api.brand.readiness, { brand_id: gone }, { token: null })).statusCode).toBe(401);
  });

  it('counts what a child could watch per language, names what stops the rest, and agrees with the catalogue', async () => {
    const b = await brand('Moon Bunnies');
    await t.call(api.brand.langAdd, { brand_id: b, lang_id: RUSSIAN, title: 'Lunnye zaychata', is_published: true });
    const full = { title: 'Ready', description: 'All there', thumbnail_url: 'https://cdn.example.com/t.png' };
    const ready = await episode(b, 1, full);
    await attachNewVideo(t, ready, ENGLISH);
    // No thumbnail of its own: the ready video's poster stands in.
    const poster = await episode(b, 1, { title: 'Poster', description: 'Has one' });
    await attachNewVideo(t, poster, ENGLISH, { thumbnail_url: 'https://cdn.example.com/poster.jpg' });
    const bare = await episode(b, 2, { title: '', description: '' });
    const processing = await episode(b, 2, full);
    await setVideoState(t, (await attachNewVideo(t, processing, ENGLISH)).id, { status: 'processing' });
    const failed = await episode(b, 2, full);
    await setVideoState(t, (await attachNewVideo(t, failed, ENGLISH)).id, { status: 'failed' });
    const binned = await episode(b, 3, { title: '' });
    await t.call(api.content.delete, { id: binned });

    const r = await readiness(b);
    expect(r.langs.map((l) => l.lang_id)).toEqual([ENGLISH, RUSSIAN]);
    const en = langOf(r, ENGLISH);
    expect(en.playable).toBe(2);
    // No country rule: the catalogue shows it everywhere, so that is no problem (issue 36).
    expect(problemsOf(r, ENGLISH, 'brand', b)).toEqual(['brand no_logo']);
    expect(problemsOf(r, ENGLISH, 'content', ready)).toEqual([]);
    expect(problemsOf(r, ENGLISH, 'content', poster)).toEqual([]);
    expect(problemsOf(r, ENGLISH, 'content', bare)).toEqual([
      'content no_title',
      'content no_description',
      'content no_video',
      'content no_thumbnail',
    ]);
    expect(problemsOf(r, ENGLISH, 'content', processing)).toEqual(['content video_processing']);
    expect(problemsOf(r, ENGLISH, 'content', failed)).toEqual(['content video_failed']);
    expect(problemsOf(r, ENGLISH, 'content', binned)).toEqual([]);
    // Each names its item, so the console links to it: an episode without a title by its place.
    expect(en.problems.find((p) => p.id === bare)?.name).toBe('Moon Bunnies S2 E1');
    expect(en.problems.find((p) => p.id === b)?.name).toBe('Moon Bunnies');

    // In Russian nothing has a version: nothing to watch, and the catalogue leaves the brand out for it.
    const ru = langOf(r, RUSSIAN);
    expect(ru.playable).toBe(0);
    expect(ru.problem_count).toBe(ru.problems.length);
    expect(problemsOf(r, RUSSIAN, 'brand', b)).toEqual(['brand no_logo', 'brand no_playable_content']);
    // An episode without a Russian version: every problem at once, not its title first and the rest once it is
    // written (issue 38).
    expect(problemsOf(r, RUSSIAN, 'content', ready)).toEqual([
      'content unpublished',
      'content no_title',
      'content no_description',
      'content no_video',
      'content no_thumbnail',
    ]);
    const inRussian = await t.call(api.catalog.preview, { lang: 'ru', country: 'DE' });
    expect(reasonsOf(inRussian.hidden, 'brand', b)).toEqual(['no_playable_content']);
    const inEnglish = await t.call(api.catalog.preview, { lang: 'en', country: 'DE' });
    expect(inEnglish.catalogue.brands.find((x) => x.id === b)?.content.map((c) => c.id)).toEqual([ready, poster]);

    // A logo, a rule and a Russian version with a ready video: Russian is ready, and in its catalogue.
    await t.call(api.brand.update, { id: b, logo_url: 'https://cdn.example.com/logo.png' });
    await t.call(api.brand.addCountryRule, { brand_id: b, code2: ['DE'], exclude: false });
    await t.call(api.content.langAdd, { content_id: ready, lang_id: RUSSIAN, is_published: true, ...full });
    const video = await attachNewVideo(t, ready, RUSSIAN, { status: 'queued' });
    expect(langOf(await readiness(b), RUSSIAN).playable).toBe(0);
    await markVideoReady(t, video.id);
    const after = await readiness(b);
    expect(langOf(after, RUSSIAN).playable).toBe(1);
    expect(problemsOf(after, RUSSIAN, 'brand', b)).toEqual([]);
    expect(problemsOf(after, RUSSIAN, 'content', ready)).toEqual([]);
    const shown = await t.call(api.catalog.preview, { lang: 'ru', country: 'DE' });
    expect(shown.catalogue.brands.map((x) => x.id)).toContain(b);
  });

  it('lists an item begun within the limit whole: the last listed episode has all its problems (issue 38)', async () => {
    const b = await brand('Many Bunnies');
    await t.call(api.brand.langAdd, { brand_id: b, lang_id: RUSSIAN, title: 'Mnogo', is_published: true });
    // 101 episodes without a Russian version, five problems each, after the brand's two: 507 in all.
    const ids: number[] = [];
    for (let n = 0; n < 101; n++) ids.push(await episode(b, 1, { title: `E${n}` }));
    const ru = langOf(await readiness(b), RUSSIAN);
    expect(ru.problem_count).toBe(507);
    const perItem = new Map<number, number>();
    for (const p of ru.problems.filter((x) => x.kind === 'content')) perItem.set(p.id, (perItem.get(p.id) ?? 0) + 1);
    // The 100th begins at 497, within the 500 listed, and is listed whole; the 101st is counted only.
    expect([...perItem.keys()]).toEqual(ids.slice(0, 100));
    expect(new Set(perItem.values())).toEqual(new Set([5]));
    expect(ru.problems.length).toBe(502);
  });

  it('counts an unpublished brand’s episodes (readiness comes before publishing) but not unpublished episodes', async () => {
    const b = await brand('Not yet', { is_published: false });
    const e = await episode(b, 1, { title: 'One', description: 'd', thumbnail_url: 'https://cdn.example.com/1.png' });
    await attachNewVideo(t, e, ENGLISH);
    expect(langOf(await readiness(b), ENGLISH).playable).toBe(1);
    await t.call(api.content.update, { id: e, is_published: false });
    expect(langOf(await readiness(b), ENGLISH).playable).toBe(0);
  });

  it('counts a compilation’s links to episodes the catalogue lists, and not once their brand is withdrawn', async () => {
    const source = await brand('Source');
    const e = await episode(source, 1, { title: 'Linked' });
    await attachNewVideo(t, e, ENGLISH);
    const compilation = await brand('Best of Source');
    await t.call(api.link.add, { brand_id: compilation, content_id: e });
    expect(langOf(await readiness(compilation), ENGLISH).playable).toBe(1);
    let preview = await t.call(api.catalog.preview, { lang: 'en', country: 'DE' });
    expect(preview.catalogue.brands.find((x) => x.id === compilation)?.linked_content).toEqual([
      { content_id: e, brand_id: source },
    ]);

    await t.call(api.brand.update, { id: source, is_published: false });
    const r = await readiness(compilation);
    expect(langOf(r, ENGLISH).playable).toBe(0);
    expect(problemsOf(r, ENGLISH, 'brand', compilation)).toContain('brand no_playable_content');
    preview = await t.call(api.catalog.preview, { lang: 'en', country: 'DE' });
    expect(reasonsOf(preview.hidden, 'brand', compilation)).toEqual(['no_playable_content']);
    // Said before a build, with a published brand's name; the withdrawn one is out on purpose, not listed.
    const { not_ready } = await t.call(api.catalog.diff, { lang: 'en' });
    expect(not_ready).toContainEqual({
      kind: 'brand',
      id: compilation,
      name: 'Best of Source',
      problem: 'no_playable_content',
    });
    expect(not_ready?.some((p) => p.kind === 'brand' && p.id === source)).toBe(false);
  });

  it('says before a build each brand’s episode problems too, as its readiness words them (issue 36)', async () => {
    const b = await brand('Half Done');
    const whole = await episode(b, 1, {
      title: 'Whole',
      description: 'd',
      thumbnail_url: 'https://cdn.example.com/w.png',
    });
    await attachNewVideo(t, whole, ENGLISH);
    const bare = await episode(b, 1, { title: 'Bare' });
    const empty = await episode(b, 2, { title: 'Empty' });
    const hidden = await brand('Draft Brand', { is_published: false });
    const draft = await episode(hidden, 1, { title: 'Draft episode' });
    const diff = await t.call(api.catalog.diff, { lang: 'en' });
    const ours = (diff.not_ready ?? []).filter((p) => p.kind === 'content' && [whole, bare, empty].includes(p.id));
    const own = langOf(await readiness(b), ENGLISH).problems.filter((p) => p.kind === 'content');
    // The same items and words as the brand modal's, each naming the brand it opens in.
    expect(ours).toEqual(own.map((p) => ({ ...p, brand_id: b })));
    expect(ours.map((p) => `${p.name} ${p.problem}`)).toEqual([
      'Bare no_description',
      'Bare no_video',
      'Bare no_thumbnail',
      'Empty no_description',
      'Empty no_video',
      'Empty no_thumbnail',
    ]);
    // A brand unpublished on purpose is not a problem, nor are its drafts.
    expect(diff.not_ready?.some((p) => p.id === draft && p.kind === 'content')).toBe(false);
    expect(diff.not_ready_count).toBe(diff.not_ready?.length);
  });

  it('shows a banner saved before the rule with a button a child cannot read, in the languages it is shown in', async () => {
    const b = await brand('Bannered');
    await t.call(api.brand.langAdd, { brand_id: b, lang_id: RUSSIAN, title: 'Banner RU', is_published: true });
    const e = await episode(b, 1, { title: 'One' });
    const fine = await t.call(api.promo.add, { title: 'Fine', brand_id: b, ...READABLE });
    const old = await t.call(api.promo.add, { title: 'White on white', content_id: e, lang_id: RUSSIAN, ...READABLE });
    const empty = await t.call(api.promo.add, { title: 'Says nothing', brand_id: b, ...READABLE });
    // Saved before the rule existed: straight into the table, as an older server left them. They stay saved.
    await t.database.db.update(promos).set({ button_color: '#ffffff' }).where(eq(promos.id, old.id));
    await t.database.db.update(promos).set({ button_text: '' }).where(eq(promos.id, empty.id));
    const r = await readiness(b);
    expect(problemsOf(r, ENGLISH, 'promo', fine.id)).toEqual([]);
    expect(problemsOf(r, ENGLISH, 'promo', old.id)).toEqual([]);
    expect(problemsOf(r, RUSSIAN, 'promo', old.id)).toEqual(['promo unreadable_colours']);
    expect(problemsOf(r, ENGLISH, 'promo', empty.id)).toEqual(['promo unreadable_colours']);
    expect(langOf(r, RUSSIAN).problems.find((p) => p.id === old.id)?.name).toBe('White on white');
    expect((await t.call(api.promo.get, { id: old.id })).button_color).toBe('#ffffff');
  });

  it('counts a version a child of its language can neither hear nor read, until it has subtitles (issue 31)', async () => {
    const b = await brand('Dubbed Later');
    const e = await episode(b, 1, { title: 'Mice', description: 'Mice at home.' });
    await t.call(api.brand.langAdd, { brand_id: b, lang_id: RUSSIAN, title: 'Позже', is_published: true });
    await t.call(api.content.langAdd, {
      content_id: e,
      lang_id: RUSSIAN,
      title: 'Мыши',
      description: 'Мыши дома.',
      is_published: true,
    });
    const track = (lang_id: number | null) => ({
      index: 1,
      lang_id,
      tag: null,
      problem: null,
      playlist: 'a0/index.m3u8',
    });
    // English has an English track; the Russian version's own video speaks English only; an untagged track is taken
    // for the version's own language.
    for (const [lang, tracks] of [
      [ENGLISH, [track(ENGLISH)]],
      [RUSSIAN, [track(ENGLISH)]],
    ] as const) {
      const video = await attachNewVideo(t, e, lang, { audio_tracks: [...tracks] });
      await markVideoReady(t, video.id, { thumbnail_url: '/media/images/poster.jpg' });
    }
    let r = await readiness(b);
    expect(problemsOf(r, ENGLISH, 'content', e)).toEqual([]);
    expect(problemsOf(r, RUSSIAN, 'content', e)).toEqual(['content no_audio_or_subtitles']);

    const [ru] = (await t.call(api.content.langList, { content_id: e })).filter((v) => v.lang_id === RUSSIAN);
    const vtt = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nМыши!\n');
    const upload = await t.request(
      fileUpload(`/api/content_lang/subtitles?content_lang_id=${ru.id}&kind=subtitles`, {
        data: vtt,
        filename: 'ru.vtt',
      }),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    r = await readiness(b);
    expect(problemsOf(r, RUSSIAN, 'content', e)).toEqual([]);
  });

  it('counts a draft as not ready: the brand or its version, and an episode or its version, until published', async () => {
    const b = await brand('Still a Draft');
    const e = await episode(b, 1, { title: 'Draft', description: 'Not yet.', thumbnail_url: '/media/images/d.png' });
    await markVideoReady(t, (await attachNewVideo(t, e, ENGLISH)).id);
    const [version] = await t.call(api.brand.langList, { brand_id: b });
    await t.call(api.brand.langUpdate, { id: version.id, is_published: false });
    await t.call(api.content.update, { id: e, is_published: false });
    const r = await readiness(b);
    expect(problemsOf(r, ENGLISH, 'brand', b)).toEqual([
      'brand unpublished',
      'brand no_logo',
      'brand no_playable_content',
    ]);
    expect(problemsOf(r, ENGLISH, 'content', e)).toEqual(['content unpublished']);
  });

  it('names no country rule only when include rules license it nowhere now, as the catalogue leaves it out (issue 36)', async () => {
    const b = await brand('Licensed Later', { logo_url: 'https://cdn.example.com/l.png' });
    const e = await episode(b, 1, { title: 'One', description: 'd', thumbnail_url: 'https://cdn.example.com/1.png' });
    await markVideoReady(t, (await attachNewVideo(t, e, ENGLISH)).id);
    // No rule at all: shown everywhere, and readiness agrees.
    expect(problemsOf(await readiness(b), ENGLISH, 'brand', b)).toEqual([]);
    expect(
      (await t.call(api.catalog.preview, { lang: 'en', country: 'BR' })).catalogue.brands.map((x) => x.id),
    ).toContain(b);
    // Only an exclude rule: still watched elsewhere.
    await t.call(api.brand.addCountryRule, { brand_id: b, code2: ['FR'], exclude: true });
    expect(problemsOf(await readiness(b), ENGLISH, 'brand', b)).toEqual([]);
    // An include rule that starts next year: nowhere now, so the catalogue leaves it out, and readiness says why.
    const next = new Date(Date.now() + 365 * 86_400_000).toISOString();
    await t.call(api.brand.addCountryRule, { brand_id: b, code2: ['DE'], exclude: false, starts_at: next });
    expect(problemsOf(await readiness(b), ENGLISH, 'brand', b)).toEqual(['brand no_country_rule']);
    const preview = await t.call(api.catalog.preview, { lang: 'en', country: 'DE' });
    expect(reasonsOf(preview.hidden, 'brand', b)).toEqual(['not_yet_available']);
  });
});
