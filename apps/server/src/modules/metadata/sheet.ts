/** The import: a sheet's bytes read, compared with the brand, and (unless a dry run) written. */
import { METADATA_MAX_ROWS, type MetadataError, type MetadataImportAnswer } from '@kids-vod/contract';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { matchColumns, readRows } from './columns.ts';
import { answerOf, brandSheetState, languageIndex, planChanges, writeChanges } from './plan.ts';
import { NEITHER, readCsv } from './read-csv.ts';
import { readXlsx } from './read-xlsx.ts';

/** A zip's first bytes: XLSX is one. */
const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** XLSX by its bytes (a zip), CSV by being text; a name saying .xlsx that is no zip is neither. */
async function readGrid(bytes: Buffer, filename: string, maxRows: number) {
  if (bytes.length === 0) throw new HttpError(400, 'The file is empty: it has no header row');
  if (isZip(bytes)) return readXlsx(bytes, maxRows);
  if (/\.(xlsx|xlsm|xls|ods|zip)$/i.test(filename)) throw new HttpError(415, NEITHER);
  return readCsv(bytes, maxRows);
}

export async function importSheet(
  db: Executor,
  input: { brandId: number; dryRun: boolean; bytes: Buffer; filename: string; maxRows?: number },
): Promise<MetadataImportAnswer> {
  // An unknown brand is a 404 before the file is read.
  const state = await brandSheetState(db, input.brandId);
  const grid = await readGrid(input.bytes, input.filename, input.maxRows ?? METADATA_MAX_ROWS);
  const errors: MetadataError[] = [...grid.errors];
  const at = matchColumns(grid.header, errors);
  const rows = errors.length > 0 ? [] : readRows(grid, at, await languageIndex(db), errors);
  const planned = await planChanges(db, state, rows, errors);
  const answer = answerOf(planned, errors);
  if (errors.length > 0) {
    if (input.dryRun) return answer;
    const count = errors.length === 1 ? '1 error' : `${errors.length} errors`;
    throw new HttpError(400, `The sheet has ${count}: nothing was written. ${describe(errors[0])}`, undefined, answer);
  }
  if (!input.dryRun) await writeChanges(db, input.brandId, planned);
  return answer;
}

/** An error in one sentence: where, then what. */
export function describe(e: MetadataError): string {
  const where = [e.row === null ? '' : `Row ${e.row}`, e.column === null ? '' : `column ${e.column}`]
    .filter(Boolean)
    .join(', ');
  return where ? `${where}: ${e.detail}` : e.detail;
}
