import { api, type HiddenItem, type Readiness } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff } from '../../test/staff.ts';
import { attachNewVideo } from '../../test/videos.ts';

/**
 * An episode not planned in a language, and readiness as a worklist across the catalogue (api.md "Studio delivery",
 * decision 074), through the real app on PGlite and PostgreSQL. Its own app: the worklist counts every brand.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ENGLISH = 1;
const SPANISH = 3;
const FULL = { title: 'Ready', description: 'All there', thumbnail_url: 'https://cdn.example.com/t.png' };

async function brand(name: string, langs: number[], fields: object = {}) {
  const { id } = await t.call(api.brand.add, {
    name,
    is_published: true,
    logo_url: 'https://cdn.example.com/logo.png',
    ...fields,
  });
  for (const lang_id of langs)
    await t.call(api.brand.langAdd, { brand_id: id, lang_id, title: name, is_published: true });
  return id;
}
/** An episode ready in the languages given (a version, a ready video): no problem in them. */
async function readyEpisode(brandId: number, langs: number[]) {
  const { id } = await t.call(api.content.add, { brand_id: brandId, is_published: true });
  for (const lang_id of langs) {
    await t.call(api.content.langAdd, { content_id: id, lang_id, is_published: true, ...FULL });
    await attachNewVideo(t, id, lang_id);
  }
  return id;
}
const langOf = (r: Readiness, langId: number) => r.langs.find((l) => l.lang_id === langId);
const hiddenIds = (hidden: HiddenItem[]) => hidden.filter((h) => h.kind === 'content').map((h) => h.id);

describe('POST /api/content/not_planned', () => {
  it('takes the episode out of the language’s readiness and catalogue, says so in the content answers, and back', async () => {
    const b = await brand('Dubbed Once', [ENGLISH, SPANISH]);
    const both = await readyEpisode(b, [ENGLISH, SPANISH]);
    const englishOnly = await readyEpisode(b, [ENGLISH]);
    const before = langOf(await t.call(api.brand.readiness, { brand_id: b }), SPANISH);
    expect(before?.problems.filter((p) => p.id === englishOnly).map((p) => p.problem)).toEqual([
      'unpublished',
      'no_title',
      'no_description',
      'no_video',
      'no_thumbnail',
    ]);
    expect(hiddenIds((await t.call(api.catalog.preview, { lang: 'es', country: 'ES' })).hidden)).toContain(englishOnly);

    const marked = await t.call(api.content.notPlanned, {
      content_id: englishOnly,
      lang_id: SPANISH,
      not_planned: true,
    });
    expect(marked).toMatchObject({ id: englishOnly, not_planned_lang_ids: [SPANISH] });
    // Saying it twice is no error and no second row.
    await t.call(api.content.notPlanned, { content_id: englishOnly, lang_id: SPANISH, not_planned: true });
    expect((await t.call(api.content.get, { id: englishOnly })).not_planned_lang_ids).toEqual([SPANISH]);
    const page = await t.call(api.content.list, { brand_id: b, limit: 10 });
    expect('rows' in page && page.rows.map((r) => [r.id, r.not_planned_lang_ids])).toEqual([
      [both, []],
      [englishOnly, [SPANISH]],
    ]);

    const spanish = langOf(await t.call(api.brand.readiness, { brand_id: b }), SPANISH);
    expect(spanish).toMatchObject({ playable: 1, problem_count: 0, problems: [] });
    // English is untouched: it is still ready there, and listed.
    expect(langOf(await t.call(api.brand.readiness, { brand_id: b }), ENGLISH)?.playable).toBe(2);
    const es = await t.call(api.catalog.preview, { lang: 'es', country: 'ES' });
    expect(hiddenIds(es.hidden)).not.toContain(englishOnly);
    expect(es.catalogue.brands.find((x) => x.id === b)?.content.map((c) => c.id)).toEqual([both]);
    const en = await t.call(api.catalog.preview, { lang: 'en', country: 'ES' });
    expect(en.catalogue.brands.find((x) => x.id === b)?.content.map((c) => c.id)).toEqual([both, englishOnly]);

    // In the episode's history, in the person's name.
    const history = await t.call(api.audit.list, {
      entity: 'content',
      entity_id: String(englishOnly),
      with_parts: true,
    });
    expect(history.items.map((e) => `${e.entity} ${e.action}`)).toContain('content_not_planned insert');

    const planned = await t.call(api.content.notPlanned, {
      content_id: englishOnly,
      lang_id: SPANISH,
      not_planned: false,
    });
    expect(planned.not_planned_lang_ids).toEqual([]);
    expect(langOf(await t.call(api.brand.readiness, { brand_id: b }), SPANISH)?.problem_count).toBe(5);
  });

  it('answers 404 for an episode unknown or in the bin, 400 for an unknown language, and is a catalogue change', async () => {
    const b = await brand('Refusals', [ENGLISH]);
    const e = await readyEpisode(b, []);
    expect(
      await t.refused(api.content.notPlanned, { content_id: 987_654, lang_id: ENGLISH, not_planned: true }),
    ).toMatchObject({ status: 404, detail: expect.any(String) });
    expect(await t.refused(api.content.notPlanned, { content_id: e, lang_id: 9_999, not_planned: true })).toMatchObject(
      { status: 400, detail: expect.stringContaining('9999') },
    );
    const analyst = await addStaff(t, 'analyst');
    const refused = await t.refused(
      api.content.notPlanned,
      { content_id: e, lang_id: ENGLISH, not_planned: true },
      { token: analyst.token },
    );
    expect(refused.status).toBe(403);
    await t.call(api.content.delete, { id: e });
    const binned = await t.refused(api.content.notPlanned, { content_id: e, lang_id: ENGLISH, not_planned: true });
    expect(binned.status).toBe(404);
  });
});

describe('POST /api/readiness/list', () => {
  it('lists every brand and language with problems, soonest first, as the brand’s own readiness counts them', async () => {
    const later = await brand('Later', [ENGLISH], { available_from: '2031-01-01T00:00:00.000Z' });
    await t.call(api.content.add, { brand_id: later });
    const sooner = await brand('Sooner', [ENGLISH, SPANISH], { available_from: '2030-01-01T00:00:00.000Z' });
    await readyEpisode(sooner, [ENGLISH]);
    const ready = await brand('All Ready', [ENGLISH]);
    await readyEpisode(ready, [ENGLISH]);
    const gone = await brand('In The Bin', [ENGLISH]);
    await t.call(api.brand.delete, { id: gone });

    const { rows, count } = await t.call(api.brand.readinessList, { offset: 0, limit: 100 });
    expect(rows.length).toBe(count);
    const ours = rows.filter((r) => [later, sooner, ready, gone].includes(r.brand_id));
    expect(ours.map((r) => [r.name, r.lang_id, r.starts_at])).toEqual([
      ['Sooner', SPANISH, '2030-01-01T00:00:00.000Z'],
      ['Later', ENGLISH, '2031-01-01T00:00:00.000Z'],
    ]);
    // Undated brands (available as soon as ready) come before dated ones; dated ones by their start.
    const starts = rows.map((r) => r.starts_at);
    const dated = starts.filter((s) => s !== null);
    expect(starts).toEqual([...starts.filter((s) => s === null), ...dated]);
    expect(dated).toEqual([...dated].sort());
    // The same counts as the brand's own readiness.
    for (const row of ours) {
      const lang = langOf(await t.call(api.brand.readiness, { brand_id: row.brand_id }), row.lang_id);
      expect(row).toMatchObject({ playable: lang?.playable, problem_count: lang?.problem_count });
      expect(row.problem_count).toBeGreaterThan(0);
    }

    const spanish = await t.call(api.brand.readinessList, { lang_id: SPANISH, offset: 0, limit: 100 });
    expect(spanish.rows.every((r) => r.lang_id === SPANISH)).toBe(true);
    expect(spanish.rows.map((r) => r.brand_id)).toContain(sooner);
    // Paged: a page of one, and past the end an empty page with the count.
    const second = await t.call(api.brand.readinessList, { offset: 1, limit: 1 });
    expect(second).toEqual({ rows: [rows[1]], count });
    expect(await t.call(api.brand.readinessList, { offset: count, limit: 10 })).toEqual({ rows: [], count });
  });

  it('refuses a page too large with a sentence, and needs a session', async () => {
    const refused = await t.refused(api.brand.readinessList, { offset: 0, limit: 1000 });
    expect(refused).toMatchObject({ status: 400, detail: expect.any(String) });
    expect((await t.send(api.brand.readinessList, { offset: 0, limit: 10 }, { token: null })).statusCode).toBe(401);
  });
});
