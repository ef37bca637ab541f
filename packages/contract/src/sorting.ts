export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

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
  // Each row's value worked out once, not twice a comparison ("Where available" reads the rules' dates).
  const keyed = rows.map((row, index) => ({ row, index, value: value(row) }));
  keyed.sort((a, b) => {
    const x = a.value;
    const y = b.value;
    if (x === y) return a.index - b.index;
    if (x === null) return 1;
    if (y === null) return -1;
    const order = typeof x === 'string' && typeof y === 'string' ? collator.compare(x, y) : x < y ? -1 : 1;
    return order === 0 ? a.index - b.index : order * sign;
  });
  return keyed.map((k) => k.row);
}
