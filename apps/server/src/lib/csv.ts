/**
 * CSV as RFC 4180 has it (CRLF line ends, every text cell quoted, quotes doubled), made safe to open in a
 * spreadsheet whichever separator it splits on. Excel in Russian, German or French splits on `;` and reads a quote
 * as one only at the start of a cell, so a title `Episode;=1+1;x` would give it a cell `=1+1`, quoted or not: a
 * formula start is defused with an apostrophe at the start of a cell and after every `;` in it.
 */

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets
// (tab and carriage return too, per OWASP's CSV injection advice).
const FORMULA_STARTS = /(^|;)(?=[=+\-@\t\r])/g;

/**
 * The UTF-8 byte order mark, first in a download: without it Excel reads the file in the machine's code page, and
 * "Saturn’s Rings" shows as "Saturnâ€™s Rings".
 */
export const UTF8_BOM = '\uFEFF';

/** A text cell: quoted, with every formula start (the cell's own, or one after a `;`) defused. */
export function csvText(value: string): string {
  const safe = value.replace(FORMULA_STARTS, "$1'");
  return `"${safe.includes('"') ? safe.replaceAll('"', '""') : safe}"`;
}

/** One record; numbers are written as they are (they never start a formula: ids and minutes are not negative). */
export function csvRecord(cells: readonly (string | number)[]): string {
  return `${cells.map((c) => (typeof c === 'number' ? String(c) : csvText(c))).join(',')}\r\n`;
}

/** `2024-05-31` → `31.05.2024`, the date format of the download's file name. */
export const dottedDate = (isoDate: string) => isoDate.split('-').reverse().join('.');
