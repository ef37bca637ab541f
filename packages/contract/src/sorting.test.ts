import { describe, expect, it } from 'vitest';
import { sortRows } from './sorting.ts';

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

describe('sorting a list by a column', () => {
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
});
