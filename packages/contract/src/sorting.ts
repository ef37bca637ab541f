export type SortDirection = 'asc' | 'desc';

/**
 * Sorts rows by a column accessor; text compares as en-GB (numbers within it as numbers: "Brand 9" before
 * "Brand 10"), numbers as numbers, nulls last either way. Stable: ties keep the order they came in. Shared by the
 * console's tables that sort in place and the server's lists that sort before paging, so a column reads the same.
 */
export function sortRows<R>(
  rows: R[],
  value: (row: R) => string | number | boolean | null,
  direction: SortDirection,
): R[] {
  const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x === 'string' && typeof y === 'string') return collator.compare(x, y) * sign;
    return (x < y ? -1 : 1) * sign;
  });
}
