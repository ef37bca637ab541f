import type { BrandRow, ScheduleEdge } from '@kids-vod/contract';
import { describe, expect, it } from 'vitest';
import { byDay, edgeAddress, edgeMatches, monthOf, monthParam, shiftMonth } from './schedule-model.ts';

const edge = (fields: Partial<ScheduleEdge>): ScheduleEdge => ({
  at: '2026-12-01T10:00:00.000Z',
  edge: 'opens',
  entity: 'brands',
  id: 1,
  name: 'Ducks',
  langs: ['en'],
  ...fields,
});
const brands = new Map([
  [1, { id: 1, country_rules: [{ code2: ['GB', 'IE'], exclude: false }] } as unknown as BrandRow],
  [2, { id: 2, country_rules: [] } as unknown as BrandRow],
]);
const ALL = { country: '', lang: '', kind: '' };

describe('the schedule filters', () => {
  it('keep edges of the language and kind asked for', () => {
    expect(edgeMatches(edge({}), { ...ALL, lang: 'en' }, brands)).toBe(true);
    expect(edgeMatches(edge({}), { ...ALL, lang: 'fr' }, brands)).toBe(false);
    expect(edgeMatches(edge({}), { ...ALL, kind: 'promos' }, brands)).toBe(false);
  });

  it('keep a territory’s rules and the items whose brand may be watched there', () => {
    const rule = edge({ entity: 'country_rules', id: 7, brand_id: 1, countries: ['FR'], exclude: true });
    expect(edgeMatches(rule, { ...ALL, country: 'FR' }, brands)).toBe(true);
    expect(edgeMatches(rule, { ...ALL, country: 'GB' }, brands)).toBe(false);
    expect(edgeMatches(edge({ brand_id: 1 }), { ...ALL, country: 'GB' }, brands)).toBe(true);
    expect(edgeMatches(edge({ brand_id: 1 }), { ...ALL, country: 'FR' }, brands)).toBe(false);
    expect(edgeMatches(edge({ entity: 'streams', brand_id: null }), { ...ALL, country: 'FR' }, brands)).toBe(true);
  });
});

describe('the schedule’s months and links', () => {
  it('reads a month from the address, else today’s', () => {
    const today = new Date(2026, 10, 26);
    expect(monthOf('2027-02', today)).toEqual({ year: 2027, month: 1 });
    expect(monthOf('2027-13', today)).toEqual({ year: 2026, month: 10 });
    expect(monthParam(shiftMonth({ year: 2026, month: 11 }, 1))).toBe('2027-01');
  });

  it('links an edge to its item’s edit modal, a rule to its brand', () => {
    expect(edgeAddress(edge({ id: 4 }))).toBe('/admin/brands?edit=4');
    expect(edgeAddress(edge({ entity: 'country_rules', id: 9, brand_id: 4 }))).toBe('/admin/brands?edit=4');
    expect(edgeAddress(edge({ entity: 'content', id: 5, brand_id: 4 }))).toBe('/admin/content?brand=4&edit=5');
    expect(edgeAddress(edge({ entity: 'promos', id: 6 }))).toBe('/admin/promo?edit=6');
  });

  it('groups edges by day in time order', () => {
    const days = byDay([edge({ id: 2, at: '2026-12-02T10:00:00Z' }), edge({ id: 1, at: '2026-12-01T10:00:00Z' })]);
    expect([...days.keys()]).toEqual(['2026-12-01', '2026-12-02']);
  });
});
