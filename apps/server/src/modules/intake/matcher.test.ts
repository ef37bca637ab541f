import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_LANGUAGES } from '../reference/index.ts';
import { type MatchContext, matchContext, matchName } from './matcher.ts';

// The service's first languages, ids in their order.
const LANGS = INITIAL_LANGUAGES.map(([code, name], i) => ({ id: i + 1, code, name }));
const lang = (code: string) => LANGS.find((l) => l.code === code)?.id;

const conejitos = matchContext({ name: 'Conejitos de la Luna', slug: 'conejitos-de-la-luna' }, LANGS, [
  { id: 101, season: 1, sort_number: 3 },
  { id: 102, season: 1, sort_number: 4 },
]);
const comet = matchContext({ name: 'Captain Comet', slug: 'captain-comet' }, LANGS, [
  { id: 210, season: 2, sort_number: 10 },
]);

const match = (name: string, context: MatchContext = comet) => {
  const { season, episode, lang_id, content_id, title } = matchName(name, context);
  return { season, episode, lang_id, content_id, title };
};

describe('intake name matching', () => {
  it.each([
    ['Conejitos_de_la_Luna_S01E03_ES_final.mov', conejitos, [1, 3, 'es', 101, '']],
    ['Conejitos de la Luna - S01E04 - La Gran Carrera (Español).mov', conejitos, [1, 4, 'es', 102, 'La Gran Carrera']],
    ['conejitos_de_la_luna_s01e05_en_master_v3.mov', conejitos, [1, 5, 'en', null, '']],
    ['captain-comet.s2e10.en.mp4', comet, [2, 10, 'en', 210, '']],
    [
      'Captain Comet - Season 2 Episode 10 - The Comet Returns (English).mxf',
      comet,
      [2, 10, 'en', 210, 'The Comet Returns'],
    ],
    ['1x03 - Title [FR].mov', comet, [1, 3, 'fr', null, 'Title']],
    ['CaptainComet_S02.E10_RU_HD_1080p.mxf', comet, [2, 10, 'ru', 210, '']],
    ['Captain Comet S1 E3 the moon party DE.mov', comet, [1, 3, 'de', null, 'The Moon Party']],
    ['Episode 7 - Starlight.it.mov', comet, [1, 7, 'it', null, 'Starlight']],
    ['Ep 12 Space Picnic.mp4', comet, [1, 12, null, null, 'Space Picnic']],
    ['captain_comet_E05_textless_PRORES.mov', comet, [1, 5, null, null, '']],
    ['Season 3 Ep4 - Comet Cup (German).mov', comet, [3, 4, 'de', null, 'Comet Cup']],
    ['CC_S03E01_SPA_20241128.mxf', comet, [3, 1, 'es', null, 'Cc']],
    ['Saison 2 Épisode 10 - Le Retour (Français).mov', comet, [2, 10, 'fr', 210, 'Le Retour']],
    ['Captain Comet 02x10 Русский.mp4', comet, [2, 10, 'ru', 210, '']],
    ['Captain Comet - It Came From Space - S01E08.mov', comet, [1, 8, null, null, 'It Came From Space']],
    ['final_v2.mov', comet, [null, null, null, null, '']],
    ['Captain Comet trailer (English).mp4', comet, [null, null, 'en', null, 'Trailer']],
    ['Season 2 teaser.mov', comet, [null, null, null, null, 'Season 2 Teaser']],
    ['uploads/Season 1/captain-comet-s01e02-pt.mov', comet, [1, 2, 'pt', null, '']],
  ] as const)('%s', (name, context, [season, episode, code, content_id, title]) => {
    expect(match(name, context)).toEqual({
      season,
      episode,
      lang_id: code === null ? null : lang(code),
      content_id,
      title,
    });
  });

  it('reads any S/E numbers back, whatever the separators, case and padding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('_', '.', ' - ', '-', ' '),
        fc.constantFrom(
          (s: number, e: number) => `S${pad(s)}E${pad(e)}`,
          (s: number, e: number) => `s${s}e${e}`,
          (s: number, e: number) => `${s}x${pad(e)}`,
          (s: number, e: number) => `Season ${s} Episode ${e}`,
          (s: number, e: number) => `S${s} E${e}`,
        ),
        fc.constantFrom(...LANGS),
        (season, episode, sep, code, language) => {
          const name = ['Captain Comet', code(season, episode), language.code.toUpperCase(), 'final'].join(sep);
          const row = match(`${name}.mov`);
          expect([row.season, row.episode, row.lang_id]).toEqual([season, episode, language.id]);
          expect(row.content_id).toBe(season === 2 && episode === 10 ? 210 : null);
        },
      ),
    );
  });

  it('never fails on any name, and answers the name it was given', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const row = matchName(name, comet);
        expect(row.name).toBe(name);
        expect(row.season === null).toBe(row.episode === null);
      }),
    );
  });
});

describe('a studio delivery: kinds, several languages, production numbers', () => {
  const zippy = matchContext({ name: 'Zippy Zoo', slug: 'zippy-zoo' }, LANGS, [{ id: 301, season: 1, sort_number: 4 }]);
  const full = (name: string, context: MatchContext = zippy) => {
    const { season, episode, lang_id, lang_ids, kind, content_id, title } = matchName(name, context);
    return { season, episode, lang_id, lang_ids, kind, content_id, title };
  };
  const ids = (...codes: string[]) => codes.map(lang);

  it('a master carrying two languages says both, in order, and neither is its title', () => {
    expect(full('ZippyZoo_S01E06_EN_ES.mp4')).toEqual({
      season: 1,
      episode: 6,
      lang_id: lang('en'),
      lang_ids: ids('en', 'es'),
      kind: 'video',
      content_id: null,
      title: '',
    });
    expect(full('Zippy Zoo S01E02 The Big Splash (English, Spanish).mov').lang_ids).toEqual(ids('en', 'es'));
    expect(full('zippy_zoo_s01e02_fr_de_v3.mov')).toMatchObject({ lang_ids: ids('fr', 'de'), title: '' });
  });

  it('a three-digit production number is season and episode, unless the brand numbers past 99', () => {
    expect(full('ZIPPY_ZOO_EP104_ENG_v2.mp4')).toEqual({
      season: 1,
      episode: 4,
      lang_id: lang('en'),
      lang_ids: ids('en'),
      kind: 'video',
      content_id: 301,
      title: '',
    });
    expect(full('Zippy Zoo Ep 212 Moon Night.mov')).toMatchObject({ season: 2, episode: 12, title: 'Moon Night' });
    const long = matchContext({ name: 'Zippy Zoo', slug: 'zippy-zoo' }, LANGS, [
      { id: 9, season: 1, sort_number: 150 },
    ]);
    expect(full('ZIPPY_ZOO_EP104_ENG_v2.mp4', long)).toMatchObject({ season: 1, episode: 104 });
    // An explicit season keeps its number as written.
    expect(full('Zippy Zoo S01E104.mov')).toMatchObject({ season: 1, episode: 104 });
  });

  it.each([
    ['ZippyZoo_S01E06_ES.srt', 'subtitles', ['es'], ''],
    ['ZippyZoo_S01E06_EN.vtt', 'subtitles', ['en'], ''],
    ['ZippyZoo_S01E06_EN_SDH.srt', 'captions', ['en'], ''],
    ['ZippyZoo S01E06 English CC.vtt', 'captions', ['en'], ''],
    ['ZippyZoo_S01E06_captions_fr.srt', 'captions', ['fr'], ''],
    ['ZippyZoo_S01E06_thumb.JPG', 'thumbnail', [], 'Thumb'],
    ['ZippyZoo_S01E06.webp', 'thumbnail', [], ''],
    ['ZippyZoo_S01E06.jpeg', 'thumbnail', [], ''],
    ['poster.png', 'thumbnail', [], 'Poster'],
    ['Zippy Zoo season 1 metadata.xlsx', 'sheet', [], 'Season 1 Metadata'],
    ['titles.csv', 'sheet', [], 'Titles'],
    ['notes.pdf', 'other', [], 'Notes'],
    ['README', 'other', [], 'Readme'],
  ] as const)('%s is %s', (name, kind, codes, title) => {
    expect(full(name)).toMatchObject({ kind, lang_ids: ids(...codes), title });
  });

  it('never takes a version tag or a language code in capitals for a title', () => {
    expect(full('ZippyZoo_S01E07_Rainy_Day_ENG_ver2.mov')).toMatchObject({ title: 'Rainy Day', lang_ids: ids('en') });
    expect(full('ZippyZoo_S01E07_FR_Rainy_Day_DE.mov').title).toBe('Rainy Day');
  });
});

const pad = (n: number) => String(n).padStart(2, '0');
