/** What the sheet's columns mean: headers matched in either language, each cell read as its column's kind. */
import { METADATA_COLUMNS, METADATA_HEADER_WORDS, type MetadataColumn, type MetadataError } from '@kids-vod/contract';
import type { Cell, Grid } from './grid.ts';

/** One row of the sheet as it reads: null where its cell is empty (an empty cell changes nothing). */
export interface SheetRow {
  row: number;
  id: number | null;
  season: number;
  episode: number;
  lang_id: number;
  title: string | null;
  description: string | null;
  available_from: Date | null;
  available_until: Date | null;
}

const REQUIRED: MetadataColumn[] = ['season', 'episode', 'language'];
const byWord = new Map(METADATA_COLUMNS.flatMap((c) => METADATA_HEADER_WORDS[c].map((w) => [w, c] as const)));
const normal = (word: string) =>
  word
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');
for (const [w, c] of [...byWord]) byWord.set(normal(w), c);

/** Where each column is; an unknown or repeated header, or a missing column, is an error of row 1. */
export function matchColumns(header: string[], errors: MetadataError[]): Map<MetadataColumn, number> {
  const at = new Map<MetadataColumn, number>();
  header.forEach((word, i) => {
    if (word.trim() === '') return;
    const column = byWord.get(normal(word));
    if (!column) {
      errors.push({
        row: 1,
        column: word,
        detail: `Unknown column "${word}": the sheet's columns are ${METADATA_COLUMNS.join(', ')}`,
      });
    } else if (at.has(column)) {
      errors.push({ row: 1, column: word, detail: `The column ${column} is there twice` });
    } else at.set(column, i);
  });
  for (const column of REQUIRED) {
    if (!at.has(column)) errors.push({ row: 1, column, detail: `The sheet has no column ${column}` });
  }
  return at;
}

const text = (v: Cell) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));

function wholeNumber(v: Cell, min: number, max: number): number | string {
  const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(text(v)) ? Number(text(v)) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    return `Enter a whole number from ${min} to ${max.toLocaleString('en-GB')}`;
  return n;
}

/** Excel counts days from 30 December 1899 (its 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** A date: a date cell, Excel's day number, `dd/MM/yyyy` (or with dots), ISO date, or ISO date-time with offset. */
export function readDate(v: Cell): Date | string {
  const bad = 'Enter a date as dd/MM/yyyy or ISO 8601 (2026-11-29)';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? bad : v;
  if (typeof v === 'number') {
    return v >= 1 && v <= 2_958_465 ? new Date(EXCEL_EPOCH + Math.round(v * DAY_MS)) : bad;
  }
  const s = text(v).trim();
  let m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(s);
  if (m) return calendarDate(Number(m[3]), Number(m[2]), Number(m[1])) ?? bad;
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) ?? bad;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 ? bad : d;
  }
  if (/^\d+(\.\d+)?$/.test(s)) return readDate(Number(s));
  return bad;
}

function calendarDate(year: number, month: number, day: number): Date | undefined {
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d : undefined;
}

/** Languages by code and English name, in lower case. */
export type LanguageIndex = Map<string, number>;

/**
 * Each row read by its columns; a row with every cell empty is skipped. A cell that does not read is an error
 * naming its row and column, and the row is left out of the change.
 */
export function readRows(
  grid: Grid,
  at: Map<MetadataColumn, number>,
  languages: LanguageIndex,
  errors: MetadataError[],
): SheetRow[] {
  const rows: SheetRow[] = [];
  for (const { row, cells } of grid.rows) {
    if (cells.every((c) => text(c).trim() === '')) continue;
    const cell = (c: MetadataColumn) => {
      const i = at.get(c);
      return i === undefined ? null : (cells[i] ?? null);
    };
    const before = errors.length;
    const fail = (column: MetadataColumn, detail: string) => errors.push({ row, column, detail });
    const number = (c: MetadataColumn, min: number, max: number) => {
      const n = wholeNumber(cell(c), min, max);
      if (typeof n === 'string') fail(c, n);
      return typeof n === 'number' ? n : 0;
    };
    // A title is kept trimmed (as content saves it); a description as written.
    const words = (c: MetadataColumn, max: number, trim: boolean) => {
      const s = trim ? text(cell(c)).trim() : text(cell(c));
      if (s.length > max) fail(c, `At most ${max.toLocaleString('en-GB')} characters`);
      return s.trim() === '' ? null : s;
    };
    const date = (c: MetadataColumn) => {
      if (text(cell(c)).trim() === '') return null;
      const d = readDate(cell(c));
      if (typeof d === 'string') fail(c, d);
      return typeof d === 'string' ? null : d;
    };
    const language = text(cell('language')).trim();
    const langId = languages.get(language.toLowerCase());
    if (!langId)
      fail(
        'language',
        language === ''
          ? 'Enter the language: a code such as en or a name such as English'
          : `Unknown language "${language}": a code such as en or a name such as English`,
      );
    const parsed: SheetRow = {
      row,
      id: text(cell('id')).trim() === '' ? null : number('id', 1, 2_147_483_647),
      season: number('season', 1, 1000),
      episode: number('episode', 1, 1_000_000),
      lang_id: langId ?? 0,
      title: words('title', 300, true),
      description: words('description', 5000, false),
      available_from: date('available_from'),
      available_until: date('available_until'),
    };
    if (errors.length === before) rows.push(parsed);
  }
  return rows;
}
