/** An XLSX workbook's first sheet as a grid of values, after its archive was checked to unpack within the limit. */
import { METADATA_MAX_UNPACKED_BYTES, type MetadataError } from '@kids-vod/contract';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { HttpError } from '../../lib/errors.ts';
import type { Cell, Grid } from './grid.ts';

const NOT_XLSX = 'The file is not an XLSX workbook that can be read: save it again from the spreadsheet as .xlsx';
const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/**
 * Refuses an archive that unpacks to more than the limit, before any of it is parsed: each entry is inflated and
 * counted, never kept, and stops at the limit. The sizes an archive declares are not trusted (a zip bomb lies).
 */
export async function checkUnpackedSize(bytes: Buffer, limit = METADATA_MAX_UNPACKED_BYTES): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new HttpError(415, NOT_XLSX);
  }
  let total = 0;
  const tooBig = () =>
    new HttpError(
      413,
      `The workbook unpacks to more than ${megabytes(limit)} (a sheet of 20,000 rows is a few megabytes): is it a workbook?`,
    );
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer');
      stream
        .on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > limit) {
            stream.pause();
            reject(tooBig());
          }
        })
        .on('error', () => reject(new HttpError(415, NOT_XLSX)))
        .on('end', () => resolve());
    });
  }
}

/** A cell of the sheet as a value: a formula gives its saved result; rich text and links their text. */
function cellValue(cell: ExcelJS.Cell, errors: MetadataError[], row: number, column: string): Cell {
  const v = cell.value;
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if ('formula' in v || 'sharedFormula' in v) {
    const result = (v as ExcelJS.CellFormulaValue).result;
    if (result === undefined || result === null || typeof result === 'object') {
      if (result instanceof Date) return result;
      errors.push({
        row,
        column,
        detail: `Cell ${cell.address} is a formula with no saved result: type its value instead, or save the file in Excel so it keeps the result`,
      });
      return null;
    }
    return result;
  }
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v) return typeof v.text === 'string' ? v.text : null;
  if ('error' in v) {
    errors.push({ row, column, detail: `Cell ${cell.address} holds the error ${v.error}: type its value instead` });
    return null;
  }
  return null;
}

/** The first sheet's rows (the header is row 1), merged cells refused by their range. */
export async function readXlsx(bytes: Buffer, maxRows: number): Promise<Grid> {
  await checkUnpackedSize(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(415, NOT_XLSX);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new HttpError(400, 'The workbook has no sheet');
  if (sheet.actualRowCount - 1 > maxRows) throw tooManyRows(maxRows);
  const errors: MetadataError[] = [];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => (h == null ? '' : String(h).trim()));
  const columnName = (col: number) => header[col - 1] || sheet.getColumn(col).letter;
  for (const range of (sheet.model as { merges?: string[] }).merges ?? []) {
    const top = sheet.getCell(range.split(':')[0]);
    errors.push({
      row: Number(top.row),
      column: columnName(Number(top.col)),
      detail: `Cells ${range} are merged: unmerge them, so that every row has its own values`,
    });
  }
  const rows: Grid['rows'] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: Cell[] = [];
    row.eachCell((cell, col) => {
      cells[col - 1] = cellValue(cell, errors, number, columnName(col));
    });
    rows.push({ row: number, cells });
  });
  return { header, rows, errors };
}

export const tooManyRows = (maxRows: number) =>
  new HttpError(
    413,
    `The sheet has more than ${maxRows.toLocaleString('en-GB')} rows, the most one import takes: split it`,
  );
