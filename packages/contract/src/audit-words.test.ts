import { describe, expect, it } from 'vitest';
import { changeLine, entryWords } from './audit-words.ts';

const entry = (fields: Partial<Parameters<typeof entryWords>[0]>): Parameters<typeof entryWords>[0] => ({
  id: 1,
  at: '2026-11-28T10:00:00.000Z',
  user_id: null,
  user_email: null,
  call: null,
  entity: 'brands',
  entity_id: '5',
  action: 'insert',
  before: null,
  after: null,
  ...fields,
});

describe('an audit entry in words', () => {
  it('says a build’s size in B, KB or MB as it reads best', () => {
    const sizes = [812, 12 * 1024, 14_540, 21.7 * 1024 * 1024].map((size_bytes) =>
      entryWords(entry({ entity: 'catalog_builds', after: { id: 5, size_bytes } })).changes.map(changeLine),
    );
    expect(sizes).toEqual([['Size: 812 B'], ['Size: 12 KB'], ['Size: 14.2 KB'], ['Size: 21.7 MB']]);
  });

  it('names a promo banner and a stream by their title, as a brand is named by its name', () => {
    const banner = entryWords(
      entry({
        entity: 'promos',
        action: 'update',
        before: { id: 5, title: 'Winter' },
        after: { id: 5, title: 'Snow' },
      }),
    );
    expect([banner.kind, banner.subject]).toEqual(['Promo banner', 'Snow']);
    const stream = entryWords(entry({ entity: 'streams', action: 'delete', before: { id: 5, title: 'Radio' } }));
    expect([stream.kind, stream.subject]).toEqual(['Stream', 'Radio']);
    const brand = entryWords(entry({ after: { id: 5, name: 'Ducks' } }));
    expect([brand.kind, brand.subject]).toEqual(['Brand', 'Ducks']);
    // An untitled banner is named by its kind alone.
    expect(entryWords(entry({ entity: 'promos', after: { id: 5, title: '' } })).subject).toBeNull();
  });

  it('names a subtitles file by its name, and its kind as subtitles or captions', () => {
    const words = entryWords(
      entry({
        entity: 'subtitles',
        action: 'insert',
        after: { id: 3, name: 'mouse.ru.srt', kind: 'captions', cues: 2, encoding: 'windows-1251', storage_key: 'x' },
      }),
    );
    expect([words.kind, words.subject]).toEqual(['Subtitles', 'file mouse.ru.srt']);
    expect(words.changes.map(changeLine)).toEqual([
      'Name: mouse.ru.srt',
      'Kind: captions',
      'Cues: 2',
      'Read as: windows-1251',
    ]);
  });
});
