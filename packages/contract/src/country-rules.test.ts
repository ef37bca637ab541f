import { describe, expect, it } from 'vitest';
import { mayWatch, whereToWatch } from './country-rules.ts';

const may = (rules: { code2: string[]; exclude: boolean }[], country: string) => mayWatch(whereToWatch(rules), country);

describe('where a brand may be watched', () => {
  it('applies include and exclude rules', () => {
    expect(may([], 'DE')).toBe(true);
    expect(may([{ code2: ['DE', 'AT'], exclude: false }], 'AT')).toBe(true);
    expect(may([{ code2: ['DE', 'AT'], exclude: false }], 'FR')).toBe(false);
    expect(may([{ code2: ['FR'], exclude: true }], 'FR')).toBe(false);
    expect(may([{ code2: ['FR'], exclude: true }], 'DE')).toBe(true);
    const both = [
      { code2: ['DE', 'FR'], exclude: false },
      { code2: ['FR'], exclude: true },
    ];
    expect(may(both, 'FR')).toBe(false);
    expect(may(both, 'DE')).toBe(true);
    expect(may(both, 'IT')).toBe(false);
  });

  it('folds several rules into one include and one exclude list, without repeats, in the rules order', () => {
    expect(whereToWatch([])).toEqual({ include: null, exclude: [] });
    expect(
      whereToWatch([
        { code2: ['DE', 'AT'], exclude: false },
        { code2: ['RU'], exclude: true },
        { code2: ['CH', 'DE'], exclude: false },
        { code2: ['BY', 'RU'], exclude: true },
      ]),
    ).toEqual({ include: ['DE', 'AT', 'CH'], exclude: ['RU', 'BY'] });
    // Only exclude rules: everywhere else, so there is no include list at all.
    expect(whereToWatch([{ code2: ['FR'], exclude: true }])).toEqual({ include: null, exclude: ['FR'] });
  });

  it('an include rule naming no country allows nowhere', () => {
    const where = whereToWatch([{ code2: [], exclude: false }]);
    expect(where).toEqual({ include: [], exclude: [] });
    expect(mayWatch(where, 'DE')).toBe(false);
  });
});
