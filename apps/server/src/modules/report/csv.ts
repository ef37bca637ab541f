/**
 * CSV as RFC 4180 has it (CRLF line ends, fields with a quote, comma or line break quoted, quotes doubled),
 * made safe to open in a spreadsheet.
 */

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets
// (tab and carriage return too, per OWASP's CSV injection advice).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** Either of the above: most cells (plain titles) are then written as they are after one test. */
const NEEDS_WORK = /^[=+\-@\t\r]|[",\r\n]/;

/** A text cell: formula starts get a leading apostrophe, then quoted when needed. */
export function csvText(value: string): string {
  if (!NEEDS_WORK.test(value)) return value;
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One record; numbers are written as they are (they never start a formula: ids and minutes are not negative). */
export function csvRecord(cells: readonly (string | number)[]): string {
  return `${cells.map((c) => (typeof c === 'number' ? String(c) : csvText(c))).join(',')}\r\n`;
}

/** `2024-05-31` → `31.05.2024`, the date format of the download's file name. */
export const dottedDate = (isoDate: string) => isoDate.split('-').reverse().join('.');
