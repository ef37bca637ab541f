import { describe, expect, it } from 'vitest';
import { pageOf } from './url-state.ts';

describe('list state in the URL', () => {
  it('shows the page asked for, and the nearest one when the number is out of range or not a number', () => {
    const items = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(pageOf(items, '2', 10)).toEqual({ page: 2, pages: 3, pageRows: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20] });
    expect(pageOf(items, '9', 10)).toMatchObject({ page: 3, pageRows: [21, 22, 23, 24, 25] });
    expect(pageOf(items, '0', 10).page).toBe(1);
    expect(pageOf(items, 'abc', 10).page).toBe(1);
    expect(pageOf([], '4', 10)).toEqual({ page: 1, pages: 1, pageRows: [] });
  });
});
