import type { Language, LocaleEntry } from '@kids-vod/contract';
import { describe, expect, it } from 'vitest';
import { defaultColumns, filterEntries, isMissing, missingCounts, visibleColumns } from './grid-model.ts';

const en: Language = { id: 1, code: 'en', name: 'English' };
const ru: Language = { id: 2, code: 'ru', name: 'Russian' };
const fr: Language = { id: 3, code: 'fr', name: 'French' };
const de: Language = { id: 4, code: 'de', name: 'German' };
const languages = [en, ru, fr, de];

const entry = (key: string, values: Record<string, string>): LocaleEntry => ({
  key,
  values,
  created_at: '2026-11-25T10:00:00.000Z',
});
const entries = [
  entry('home.title', { 1: 'Watch now', 2: 'Смотреть' }),
  entry('player.play', { 1: 'Play', 3: '' }),
  entry('errors.offline', { 2: 'Нет сети' }),
];

describe('locales grid model', () => {
  it('counts a translation as missing only when the language has no text; an empty text is one', () => {
    expect(isMissing(entries[1], 3)).toBe(false);
    expect(isMissing(entries[1], 2)).toBe(true);
    expect(isMissing(entries[2], 1)).toBe(true);
  });

  it('shows English and every language with a string by default, in the languages order', () => {
    expect(defaultColumns(languages, entries).map((l) => l.code)).toEqual(['en', 'ru', 'fr']);
    expect(defaultColumns(languages, []).map((l) => l.code)).toEqual(['en']);
  });

  it('shows the languages the URL names, in the languages order, and the default when it names none known', () => {
    expect(visibleColumns(languages, entries, 'de,en').map((l) => l.code)).toEqual(['en', 'de']);
    expect(visibleColumns(languages, entries, 'xx,').map((l) => l.code)).toEqual(['en', 'ru', 'fr']);
    expect(visibleColumns(languages, entries, '').map((l) => l.code)).toEqual(['en', 'ru', 'fr']);
  });

  it('counts the missing keys of each shown language over every key', () => {
    expect(Object.fromEntries(missingCounts(entries, [en, ru, fr, de]))).toEqual({ 1: 1, 2: 1, 3: 2, 4: 3 });
  });

  it('filters by key or text, case-insensitively, and by missing in a shown language', () => {
    const none = { search: '', onlyMissing: false, columns: [en, ru], kept: new Set<string>() };
    expect(filterEntries(entries, none)).toHaveLength(3);
    expect(filterEntries(entries, { ...none, search: ' PLAYER ' }).map((e) => e.key)).toEqual(['player.play']);
    expect(filterEntries(entries, { ...none, search: 'сети' }).map((e) => e.key)).toEqual(['errors.offline']);
    expect(filterEntries(entries, { ...none, onlyMissing: true }).map((e) => e.key)).toEqual([
      'player.play',
      'errors.offline',
    ]);
    // A key translated while "Only missing" is on stays until the filter changes.
    const kept = new Set(['home.title']);
    expect(filterEntries(entries, { ...none, onlyMissing: true, kept }).map((e) => e.key)).toEqual([
      'home.title',
      'player.play',
      'errors.offline',
    ]);
    expect(filterEntries(entries, { ...none, onlyMissing: true, search: 'play' }).map((e) => e.key)).toEqual([
      'player.play',
    ]);
  });
});
