/**
 * A PostgreSQL array literal (`{1,2,3}`, `{"a","b"}`), sent as one text parameter and cast where it is used
 * (`${arrayLiteral(ids)}::int[]`). For calls that send thousands of values at once: pg's own encoding of a JS
 * array looks at each element's type and escapes it on its own, which took about 18 ms and a share of the
 * garbage collector's time in every 10,000-event ingestion batch (bench/README.md, "View ingestion").
 */
export function arrayLiteral(values: readonly (number | string)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    // Quoted, every text is taken as it is (NULL, spaces, commas, braces); only `"` and `\` are escaped.
    parts[i] =
      typeof value === 'number'
        ? String(value)
        : `"${QUOTED_SPECIALS.test(value) ? value.replace(QUOTED_SPECIALS_ALL, '\\$&') : value}"`;
  }
  return `{${parts.join(',')}}`;
}

const QUOTED_SPECIALS = /["\\]/;
const QUOTED_SPECIALS_ALL = /["\\]/g;
