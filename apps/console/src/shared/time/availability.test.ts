import { describe, expect, it } from 'vitest';
import { formatInZone, relativeTo, windowBadge, windowWords } from './availability.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const LONDON = { now: NOW, timeZone: 'Europe/London' };

describe('windowWords', () => {
  it('says an item without limits is available', () => {
    expect(windowWords({ from: null, until: null }, LONDON)).toBe('Available');
    expect(windowWords({ from: '2026-01-01T00:00:00Z', until: null }, LONDON)).toBe('Available');
  });

  it('says until when, in the zone given, and where when told', () => {
    const window = { from: '2026-11-01T00:00:00Z', until: '2028-11-30T00:00:00Z' };
    expect(windowWords(window, LONDON)).toBe('Available until 30/11/2028 00:00 GMT');
    expect(windowWords(window, { ...LONDON, live: 'Live in GB, IE' })).toBe(
      'Live in GB, IE until 30/11/2028 00:00 GMT',
    );
    // Midnight in London is 01:00 in Paris.
    expect(windowWords(window, { now: NOW, timeZone: 'Europe/Paris' })).toBe('Available until 30/11/2028 01:00 CET');
  });

  it('says when a scheduled item starts, in days and as a date', () => {
    expect(windowWords({ from: '2026-12-01T12:00:00Z', until: null }, LONDON)).toBe(
      'Starts in 5 days (01/12/2026 12:00 GMT)',
    );
    expect(windowWords({ from: '2026-11-27T12:00:00Z', until: '2027-01-06T00:00:00Z' }, LONDON)).toBe(
      'Starts tomorrow (27/11/2026 12:00 GMT, until 06/01/2027 00:00 GMT)',
    );
  });

  it('says how long ago an item ended', () => {
    expect(windowWords({ from: null, until: '2026-11-23T12:00:00Z' }, LONDON)).toBe(
      'Ended 3 days ago (23/11/2026 12:00 GMT)',
    );
  });
});

describe('relativeTo', () => {
  it.each([
    ['2026-11-26T14:30:00Z', 'in 2 hours'],
    ['2026-11-26T12:20:00Z', 'in 20 minutes'],
    ['2026-11-26T12:00:20Z', 'in less than a minute'],
    ['2027-02-26T12:00:00Z', 'in 3 months'],
    ['2024-11-20T12:00:00Z', '2 years ago'],
  ])('%s is %s', (iso, words) => {
    expect(relativeTo(iso, NOW)).toBe(words);
  });
});

describe('formatInZone', () => {
  it('shows the wall time of the zone, through daylight saving', () => {
    expect(formatInZone('2026-07-01T10:15:00Z', 'Europe/London')).toBe('01/07/2026 11:15 BST');
    expect(formatInZone('2026-12-31T23:00:00Z', 'Europe/Paris')).toBe('01/01/2027 00:00 CET');
  });
});

describe('windowBadge', () => {
  it('marks scheduled and expired items only, naming the moment', () => {
    expect(windowBadge({ from: null, until: null }, NOW)).toBeNull();
    expect(windowBadge({ from: '2026-12-01T12:00:00Z', until: null }, NOW)?.text).toBe('Scheduled');
    const expired = windowBadge({ from: null, until: '2026-11-23T12:00:00Z' }, NOW);
    expect(expired?.text).toBe('Expired');
    expect(expired?.label).toMatch(/^Expired: Ended 3 days ago/);
  });
});
