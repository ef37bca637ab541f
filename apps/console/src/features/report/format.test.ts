import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { daysOf, defaultRange, formatMinutes, isIsoDate, reportFileName, shortDate } from './format.ts';

describe('report formatters', () => {
  it('defaults to the last three days up to today', () => {
    expect(defaultRange(dayjs('2026-03-02'))).toEqual({ from: '2026-02-27', to: '2026-03-02' });
  });

  it('takes only a yyyy-MM-dd that names a real day', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-09')).toBe(false);
    expect(isIsoDate('31.05.2024')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('names the download after its dates, and writes dates and minutes as en-GB', () => {
    expect(reportFileName({ from: '2024-05-01', to: '2024-05-31' })).toBe('report_01.05.2024-31.05.2024.csv');
    expect(shortDate('2024-05-31')).toBe('31/05/2024');
    expect(formatMinutes(1234.56)).toBe('1,234.6');
    expect(formatMinutes(0)).toBe('0.0');
  });

  it('lists every day of a range, both ends included, across a month end', () => {
    expect(daysOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysOf({ from: '2024-03-01', to: '2024-03-01' })).toEqual(['2024-03-01']);
    expect(daysOf({ from: '2024-03-02', to: '2024-03-01' })).toEqual([]);
  });
});
