/**
 * The answer of a list call that answers a page when asked for one (`content/list`, `brand/list` with `limit`,
 * decision 033) and the spec's array otherwise: its type is either, so these check which one came instead of trusting
 * a cast. Without zod, so the console's first load does not carry it.
 */
export function wholeList<A extends unknown[] | { rows: unknown[] }>(answer: A): Exclude<A, { rows: unknown[] }> {
  if (!Array.isArray(answer)) throw new Error('a list asked without limit answered a page');
  return answer as Exclude<A, { rows: unknown[] }>;
}

/** The answer of a list call asked with `limit`: a page. */
export function listPage<A extends unknown[] | { rows: unknown[] }>(answer: A): Extract<A, { rows: unknown[] }> {
  if (Array.isArray(answer)) throw new Error('a list asked with limit answered no page');
  return answer as Extract<A, { rows: unknown[] }>;
}
