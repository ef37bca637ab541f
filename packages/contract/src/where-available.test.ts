import { describe, expect, it } from 'vitest';
import { whereAvailable } from './where-available.ts';

const include = (...code2: string[]) => ({ code2, exclude: false });
const exclude = (...code2: string[]) => ({ code2, exclude: true });

describe('where a brand is available, in a few words', () => {
  it('says everywhere without rules, and everywhere except the excluded', () => {
    expect(whereAvailable([])).toBe('Everywhere');
    expect(whereAvailable([exclude('FR'), exclude('RU', 'FR')])).toBe('Everywhere except FR, RU');
  });

  it('names the included countries in the rules order, less the excluded ones', () => {
    expect(whereAvailable([include('DE', 'AT')])).toBe('Only DE, AT');
    expect(whereAvailable([include('DE', 'FR'), exclude('FR'), include('AT', 'DE')])).toBe('Only DE, AT');
    expect(whereAvailable([include('FR'), exclude('FR')])).toBe('Nowhere');
  });

  it('shortens a long list to the limit with the rest counted', () => {
    const many = include('DE', 'AT', 'CH', 'FR', 'IT', 'ES', 'PT', 'NL');
    expect(whereAvailable([many])).toBe('Only DE, AT, CH, FR, IT, ES +2 more');
    expect(whereAvailable([many], 2)).toBe('Only DE, AT +6 more');
    expect(whereAvailable([many], Number.POSITIVE_INFINITY)).toBe('Only DE, AT, CH, FR, IT, ES, PT, NL');
  });

  it('reads the rules at a moment with their dates: a licence not begun or ended leaves its countries out', () => {
    const at = '2026-11-26T12:00:00Z';
    const licence = { code2: ['GB', 'IE'], exclude: false, starts_at: '2026-12-01T00:00:00Z', ends_at: null };
    const embargo = { code2: ['FR'], exclude: true, starts_at: null, ends_at: '2026-11-26T12:00:00Z' };
    expect(whereAvailable([licence], 6, at)).toBe('Nowhere');
    expect(whereAvailable([licence], 6, '2026-12-01T00:00:00Z')).toBe('Only GB, IE');
    // An exclusion ended (until is exclusive) excludes no more.
    expect(whereAvailable([embargo], 6, at)).toBe('Everywhere');
    expect(whereAvailable([embargo], 6, '2026-11-26T11:59:59Z')).toBe('Everywhere except FR');
  });
});
