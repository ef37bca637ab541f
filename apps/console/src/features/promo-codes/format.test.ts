import type { PromoCode } from '@kids-vod/contract';
import { describe, expect, it } from 'vitest';
import { codeStatus, formatDate, formatUses, formatValue, generateCode, valueUnit } from './format.ts';

const code = (change: Partial<PromoCode>): PromoCode => ({
  id: 1,
  code: 'KIDS-7H2K9Q',
  description: '',
  kind: 'free_days',
  value: 30,
  max_uses: null,
  used_count: 0,
  valid_from: null,
  valid_until: null,
  is_active: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...change,
});

describe('promo code formatters', () => {
  it('writes a value with its unit', () => {
    expect(formatValue({ kind: 'free_days', value: 30 })).toBe('30 days');
    expect(formatValue({ kind: 'free_days', value: 1 })).toBe('1 day');
    expect(formatValue({ kind: 'percent_off', value: 20 })).toBe('20%');
    expect(valueUnit('percent_off', 1)).toBe('%');
  });

  it('writes dates as dd/MM/yyyy and uses against the limit', () => {
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
    expect(formatDate(null)).toBe('');
    expect(formatUses({ used_count: 3, max_uses: 1000 })).toBe('3 / 1,000');
    expect(formatUses({ used_count: 1234, max_uses: null })).toBe('1,234 / unlimited');
  });

  it('says why a code cannot be redeemed today, switched off first', () => {
    const today = '2026-11-25';
    expect(codeStatus(code({}), today)).toBe('Active');
    expect(codeStatus(code({ valid_from: today, valid_until: today }), today)).toBe('Active');
    expect(codeStatus(code({ is_active: false, valid_until: '2026-01-01' }), today)).toBe('Inactive');
    expect(codeStatus(code({ valid_until: '2026-11-24' }), today)).toBe('Expired');
    expect(codeStatus(code({ valid_from: '2026-11-26' }), today)).toBe('Scheduled');
    expect(codeStatus(code({ max_uses: 5, used_count: 5 }), today)).toBe('Used up');
  });

  it('generates readable codes: KIDS- and six letters without 0/O, 1/I/L or 5/S', () => {
    const codes = Array.from({ length: 200 }, generateCode);
    for (const c of codes) expect(c).toMatch(/^KIDS-[2346789ABCDEFGHJKMNPQRTUVWXYZ]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});
