import { describe, expect, it } from 'vitest';
import { momentOf, sameWallTime, typedWallTime, wallTime } from './zoned-time.ts';

describe('moments entered in a time zone', () => {
  it.each([
    ['2026-11-27T00:00', 'Europe/Paris', '2026-11-26T23:00:00.000Z'],
    ['2026-07-01T00:00', 'Europe/Paris', '2026-06-30T22:00:00.000Z'],
    ['2026-12-01T00:00', 'Europe/London', '2026-12-01T00:00:00.000Z'],
    ['2026-06-01T00:00', 'Europe/London', '2026-05-31T23:00:00.000Z'],
    ['2026-12-01T00:00', 'America/New_York', '2026-12-01T05:00:00.000Z'],
    // The evening before and the morning after the clocks change in Paris (29/03/2026 and 25/10/2026).
    ['2026-03-28T23:00', 'Europe/Paris', '2026-03-28T22:00:00.000Z'],
    ['2026-03-29T04:00', 'Europe/Paris', '2026-03-29T02:00:00.000Z'],
    ['2026-10-25T04:00', 'Europe/Paris', '2026-10-25T03:00:00.000Z'],
  ])('%s in %s is %s in UTC, and back', (wall, zone, iso) => {
    expect(momentOf(wall, zone)).toBe(iso);
    expect(wallTime(iso, zone)).toBe(wall);
  });

  it('reads an empty field as no limit', () => {
    expect(momentOf('', 'Europe/Paris')).toBeNull();
    expect(wallTime(null, 'Europe/Paris')).toBe('');
  });

  it('keeps the wall time when the zone changes', () => {
    const londonMidnight = momentOf('2026-12-01T00:00', 'Europe/London');
    expect(sameWallTime(londonMidnight, 'Europe/London', 'Europe/Paris')).toBe('2026-11-30T23:00:00.000Z');
    expect(sameWallTime(null, 'Europe/London', 'Europe/Paris')).toBeNull();
  });
});

describe('a wall time typed en-GB, whatever the browser language', () => {
  it.each([
    ['01/12/2026 18:30', '2026-12-01 18:30:00'],
    ['1/2/2027 7:05', '2027-02-01 07:05:00'],
    ['29/02/2028', '2028-02-29 00:00:00'],
    [' 31/12/2026 23:59 ', '2026-12-31 23:59:00'],
  ])('%s is day/month/year: %s', (typed, wall) => {
    expect(typedWallTime(typed)).toBe(wall);
  });

  it.each(['12/31/2026', '31/02/2026', '01/12/2026 24:00', '2026-12-01', 'tomorrow', ''])('%s is refused', (typed) => {
    expect(typedWallTime(typed)).toBeNull();
  });
});
