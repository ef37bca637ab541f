/** A brand's episodes × languages as the sheet the import reads back: XLSX (exceljs) or CSV. */
import { PassThrough } from 'node:stream';
import { METADATA_COLUMNS, type MetadataFormat } from '@kids-vod/contract';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Executor } from '../../db/client.ts';
import { brandLangs, languages } from '../../db/schema.ts';
import { csvRecord, UTF8_BOM } from '../../lib/csv.ts';
import { brandLangShown } from '../../lib/in-bin.ts';
import { brandSheetState } from './plan.ts';

export const SHEET_TYPES: Record<MetadataFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A moment as the sheet writes it: `dd/MM/yyyy` when it is a day's start in UTC, else ISO 8601 (nothing lost). */
export function sheetDate(d: Date | null): string {
  if (!d) return '';
  const s = d.toISOString();
  if (!s.endsWith('T00:00:00.000Z')) return s;
  return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
}

/** The languages asked, or every language the brand or one of its episodes has, in id order. */
async function sheetLanguages(db: Executor, brandId: number, asked: number[] | undefined, versionLangs: number[]) {
  const own = asked
    ? asked
    : [
        ...versionLangs,
        ...(
          await db
            .select({ lang_id: brandLangs.lang_id })
            .from(brandLangs)
            .where(and(eq(brandLangs.brand_id, brandId), brandLangShown()))
        ).map((l) => l.lang_id),
      ];
  const ids = [...new Set(own)];
  if (ids.length === 0) return [];
  return db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(inArray(languages.id, ids))
    .orderBy(languages.id);
}

/** The sheet's rows: one per episode (season order) and language, with the version's texts or empty cells. */
export async function sheetRows(db: Executor, body: { brand_id: number; lang_ids?: number[] }) {
  const state = await brandSheetState(db, body.brand_id);
  const langs = await sheetLanguages(
    db,
    body.brand_id,
    body.lang_ids,
    state.versions.map((v) => v.lang_id),
  );
  const versions = new Map(state.versions.map((v) => [`${v.content_id}:${v.lang_id}`, v]));
  const episodes = [...state.episodes].sort(
    (a, b) => a.season - b.season || a.sort_number - b.sort_number || a.id - b.id,
  );
  const rows: (string | number)[][] = [];
  for (const e of episodes) {
    for (const l of langs) {
      const v = versions.get(`${e.id}:${l.id}`);
      rows.push([
        e.id,
        e.season,
        e.sort_number,
        l.code,
        v?.title ?? '',
        v?.description ?? '',
        sheetDate(e.available_from),
        sheetDate(e.available_until),
      ]);
    }
  }
  return { slug: state.brand.slug, rows };
}

export function csvSheet(rows: (string | number)[][]): Buffer {
  const lines = [UTF8_BOM, csvRecord(METADATA_COLUMNS), ...rows.map(csvRecord)];
  return Buffer.from(lines.join(''), 'utf8');
}

/** Written by exceljs's streaming writer (no shared strings, no styles): the least it costs per row. */
export async function xlsxSheet(rows: (string | number)[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Episodes');
  sheet.addRow([...METADATA_COLUMNS]).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
