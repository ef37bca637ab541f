/** A CSV sheet as a grid of text: its encoding and separator found, its quoting (RFC 4180) undone. */
import { HttpError } from '../../lib/errors.ts';
import { decodeText, hasControlCharacter } from '../../lib/text-encoding.ts';
import type { Cell, Grid } from './grid.ts';
import { tooManyRows } from './read-xlsx.ts';

export const NEITHER = 'The file is neither an XLSX workbook nor a CSV text: upload the sheet as .xlsx or .csv';
const UNKNOWN_ENCODING =
  'The CSV is in an encoding other than UTF-8 or Windows-1251: save it again as "CSV UTF-8" (Excel) or in UTF-8';

/** What the export defuses (lib/csv.ts): an apostrophe before a formula start, at a cell's start or after a `;`. */
const DEFUSED = /(^|;)'(?=[=+\-@\t\r])/g;

/** The separator of the first line: comma, semicolon (Excel in Russian, German, French) or tab, outside quotes. */
function separatorOf(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

/** Records of RFC 4180 (quoted cells may hold separators, quotes doubled, line breaks); `\n` or `\r\n` ends one. */
function* records(text: string, sep: string): Generator<string[]> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      yield cells;
      cells = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    yield cells;
  }
}

/** A CSV in UTF-8 (BOM or not), UTF-16 with its BOM, or Windows-1251; any other encoding is refused with 415. */
export function readCsv(bytes: Buffer, maxRows: number): Grid {
  const decoded = decodeText(bytes);
  if (!decoded || hasControlCharacter(decoded.text)) throw new HttpError(415, NEITHER);
  if (decoded.encoding === 'windows-1252') throw new HttpError(415, UNKNOWN_ENCODING);
  const text = decoded.text.replace(/^\uFEFF/, '');
  const sep = separatorOf(text);
  const grid: Grid = { header: [], rows: [], errors: [] };
  let number = 0;
  for (const cells of records(text, sep)) {
    number += 1;
    if (number === 1) {
      grid.header = cells.map((h) => h.trim());
      continue;
    }
    if (number - 1 > maxRows) throw tooManyRows(maxRows);
    grid.rows.push({ row: number, cells: cells.map((c): Cell => c.replace(DEFUSED, '$1')) });
  }
  if (number === 0) throw new HttpError(400, 'The file is empty: it has no header row');
  return grid;
}
