import { describe, expect, it } from 'vitest';
import { licenceAt, mayWatch, ruleEdgesAfter, whereToWatch, whereToWatchLater } from './country-rules.ts';

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

describe('where a brand may be watched at a moment', () => {
  const START = '2026-12-01T00:00:00.000Z';
  const END = '2028-11-30T00:00:00.000Z';
  const before = '2026-11-30T23:59:59.999Z';
  const last = '2028-11-29T23:59:59.999Z';
  const licence = [{ code2: ['GB', 'IE'], exclude: false, starts_at: START, ends_at: END }];
  const notFrance = [{ code2: ['FR'], exclude: true, starts_at: null, ends_at: START }];

  it.each([
    // An include rule is a licence: nowhere before it starts and from its end on (from inclusive, until exclusive).
    [licence, before, { include: [], exclude: [] }],
    [licence, START, { include: ['GB', 'IE'], exclude: [] }],
    [licence, last, { include: ['GB', 'IE'], exclude: [] }],
    [licence, END, { include: [], exclude: [] }],
    // An exclude rule excludes only while in force.
    [notFrance, before, { include: null, exclude: ['FR'] }],
    [notFrance, START, { include: null, exclude: [] }],
    // Any offset: the same instant.
    [licence, '2026-12-01T01:00:00+01:00', { include: ['GB', 'IE'], exclude: [] }],
    [licence, '2026-12-01T00:59:59.999+01:00', { include: [], exclude: [] }],
  ])('%j at %s: %j', (rules, at, where) => {
    expect(whereToWatch(rules, at)).toEqual(where);
    expect(whereToWatch(rules, new Date(at))).toEqual(where);
  });

  it('reads rules without dates as before, at any moment', () => {
    const rules = [
      { code2: ['DE', 'AT'], exclude: false },
      { code2: ['AT'], exclude: true, starts_at: null, ends_at: null },
    ];
    for (const at of [0, Date.parse(START), Date.now()]) {
      expect(whereToWatch(rules, at)).toEqual({ include: ['DE', 'AT'], exclude: ['AT'] });
    }
  });

  it('says whether a brand is licensed anywhere, and when that changes', () => {
    expect(licenceAt(licence, before)).toBe('before');
    expect(licenceAt(licence, START)).toBe('open');
    expect(licenceAt(licence, END)).toBe('after');
    expect(licenceAt(notFrance, before)).toBe('open');
    expect(licenceAt([], before)).toBe('open');
    expect(whereToWatchLater([...licence, ...notFrance], before)).toEqual([
      { from: START, include: ['GB', 'IE'], exclude: [] },
      { from: END, include: [], exclude: [] },
    ]);
    // Up to the brand's own end; nothing when no rule changes anything later.
    expect(whereToWatchLater(licence, before, END)).toEqual([{ from: START, include: ['GB', 'IE'], exclude: [] }]);
    expect(whereToWatchLater(licence, END)).toEqual([]);
    expect(ruleEdgesAfter([...licence, ...notFrance], before)).toEqual([Date.parse(START), Date.parse(END)]);
  });
});
