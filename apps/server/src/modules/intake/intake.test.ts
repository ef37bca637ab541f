import { api, INTAKE_MAX_NAMES } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function langId(code: string) {
  const langs = await t.call(api.reference.langList);
  return langs.find((l) => l.code === code)?.id as number;
}

describe('POST /api/intake/match', () => {
  it("matches names to the brand's existing episodes, in order, with their titles in that language", async () => {
    const brand = await t.call(api.brand.add, { name: 'Conejitos de la Luna' });
    const es = await langId('es');
    const en = await langId('en');
    const third = await t.call(api.content.add, { brand_id: brand.id, season: 1, sort_number: 3 });
    await t.call(api.content.langAdd, { content_id: third.id, lang_id: es, title: 'La Luna Llena' });
    const gone = await t.call(api.content.add, { brand_id: brand.id, season: 1, sort_number: 4 });
    await t.call(api.content.delete, { id: gone.id });

    const names = [
      'Conejitos_de_la_Luna_S01E03_ES_final.mov',
      'Conejitos_de_la_Luna_S01E03_EN_final.mov',
      'conejitos-de-la-luna.s01e04.en.mp4',
      'final_v2.mov',
    ];
    const { rows } = await t.call(api.intake.match, { brand_id: brand.id, names });
    const video = { kind: 'video' };
    expect(rows).toEqual(
      [
        { ...video, name: names[0], season: 1, episode: 3, lang_id: es, content_id: third.id, title: 'La Luna Llena' },
        { ...video, name: names[1], season: 1, episode: 3, lang_id: en, content_id: third.id, title: '' },
        // The episode in the bin is not offered: a new one is.
        { ...video, name: names[2], season: 1, episode: 4, lang_id: en, content_id: null, title: '' },
        { ...video, name: names[3], season: null, episode: null, lang_id: null, content_id: null, title: '' },
      ].map((row) => ({ ...row, lang_ids: row.lang_id === null ? [] : [row.lang_id] })),
    );
  });

  it("tells a delivery's files apart and every language of a master, on the real call", async () => {
    const brand = await t.call(api.brand.add, { name: 'Zippy Zoo' });
    const [en, es] = [await langId('en'), await langId('es')];
    const names = ['ZippyZoo_S01E06_EN_ES.mp4', 'ZIPPY_ZOO_EP104_ENG_v2.mp4', 'ZippyZoo_S01E06_ES_SDH.srt', 'ep6.jpg'];
    const { rows } = await t.call(api.intake.match, { brand_id: brand.id, names });
    expect(
      rows.map(({ kind, lang_ids, season, episode, title }) => ({ kind, lang_ids, season, episode, title })),
    ).toEqual([
      { kind: 'video', lang_ids: [en, es], season: 1, episode: 6, title: '' },
      { kind: 'video', lang_ids: [en], season: 1, episode: 4, title: '' },
      { kind: 'captions', lang_ids: [es], season: 1, episode: 6, title: '' },
      { kind: 'thumbnail', lang_ids: [], season: 1, episode: 6, title: '' },
    ]);
  });

  it('answers 404 with a sentence for a brand that does not exist, and 400 for no names', async () => {
    const missing = await t.refused(api.intake.match, { brand_id: 987_654, names: ['a.mov'] });
    expect(missing).toMatchObject({ status: 404, detail: 'Brand 987654 does not exist or is in the bin' });
    const brand = await t.call(api.brand.add, { name: 'Captain Comet' });
    expect((await t.refused(api.intake.match, { brand_id: brand.id, names: [] })).status).toBe(400);
    const tooMany = Array.from({ length: INTAKE_MAX_NAMES + 1 }, (_, i) => `e${i}.mov`);
    expect((await t.refused(api.intake.match, { brand_id: brand.id, names: tooMany })).status).toBe(400);
  });

  it('is a catalogue call', async () => {
    const brand = await t.call(api.brand.add, { name: 'Read Only Brand' });
    const analyst = await addStaff(t, 'analyst');
    const refused = await t.refused(
      api.intake.match,
      { brand_id: brand.id, names: ['a.mov'] },
      { token: analyst.token },
    );
    expect(refused.status).toBe(403);
  });
});
