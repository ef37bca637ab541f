import { describe, expect, it } from 'vitest';
import { pageOf, sortRows } from './url-state.ts';

interface Row {
  name: string;
  n: number | null;
}
const rows: Row[] = [
  { name: 'Ёжик', n: 3 },
  { name: 'apple', n: null },
  { name: 'Banana 10', n: 1 },
  { name: 'banana 9', n: 2 },
];

describe('list state in the URL', () => {
  it('sorts text as en-GB (case-insensitive, numbers in text by value) and numbers as numbers', () => {
    expect(sortRows(rows, (r) => r.name, 'asc').map((r) => r.name)).toEqual(['apple', 'banana 9', 'Banana 10', 'Ёжик']);
    expect(sortRows(rows, (r) => r.name, 'desc').map((r) => r.name)).toEqual([
      'Ёжик',
      'Banana 10',
      'banana 9',
      'apple',
    ]);
    expect(sortRows(rows, (r) => r.n, 'asc').map((r) => r.n)).toEqual([1, 2, 3, null]);
  });

  it('puts empty values last in both directions, and leaves the rows given alone', () => {
    expect(sortRows(rows, (r) => r.n, 'desc').map((r) => r.n)).toEqual([3, 2, 1, null]);
    expect(rows.map((r) => r.n)).toEqual([3, null, 1, 2]);
  });

  it('shows the page asked for, and the nearest one when the number is out of range or not a number', () => {
    const items = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(pageOf(items, '2', 10)).toEqual({ page: 2, pages: 3, pageRows: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20] });
    expect(pageOf(items, '9', 10)).toMatchObject({ page: 3, pageRows: [21, 22, 23, 24, 25] });
    expect(pageOf(items, '0', 10).page).toBe(1);
    expect(pageOf(items, 'abc', 10).page).toBe(1);
    expect(pageOf([], '4', 10)).toEqual({ page: 1, pages: 1, pageRows: [] });
  });
});
