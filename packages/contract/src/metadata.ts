import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id } from './common.ts';

/**
 * The metadata sheet (api.md, fourth wave, "Studio delivery"): a brand's episodes × languages with their titles,
 * descriptions and availability, out to translators as XLSX or CSV and back as a reviewed change.
 */

/** The sheet's columns, as the export writes them and the import reads them (by header, in any case). */
export const METADATA_COLUMNS = [
  'id',
  'season',
  'episode',
  'language',
  'title',
  'description',
  'available_from',
  'available_until',
] as const;
export type MetadataColumn = (typeof METADATA_COLUMNS)[number];

/** Header words of the console's other language (Russian) for each column; English ones are the column's name. */
export const METADATA_HEADER_WORDS: Record<MetadataColumn, readonly string[]> = {
  id: ['id', 'content_id', 'ид'],
  season: ['season', 'сезон'],
  episode: ['episode', 'эпизод', 'серия'],
  language: ['language', 'lang', 'язык'],
  title: ['title', 'name', 'название', 'заголовок'],
  description: ['description', 'synopsis', 'описание'],
  available_from: ['available_from', 'available from', 'доступен с', 'доступно с'],
  available_until: ['available_until', 'available until', 'доступен до', 'доступно до'],
};

/** What the import changes of a language version and its episode, each a field of `changes[].fields`. */
export const METADATA_FIELDS = ['title', 'description', 'available_from', 'available_until'] as const;
export type MetadataField = (typeof METADATA_FIELDS)[number];

export const METADATA_FORMATS = ['xlsx', 'csv'] as const;
export type MetadataFormat = (typeof METADATA_FORMATS)[number];

/** Limits of one sheet, each refusal a sentence naming it. */
export const METADATA_MAX_ROWS = 20_000;
/** The upload's size: a season's sheet is kilobytes, 20,000 rows with long descriptions a few megabytes. */
export const METADATA_MAX_BYTES = 20 * 1024 * 1024;
/** What an XLSX (a zip) may unpack to, all its entries together: checked before the sheet is read. */
export const METADATA_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const METADATA_ACCEPT = '.xlsx,.csv';

export const MetadataImportQuery = z.object({
  brand_id: z.coerce.number().pipe(Id),
  /** 1: answer what would change and write nothing; 0: write it, when the sheet has no errors. */
  dry_run: z.enum(['1', '0']).transform((v) => v === '1'),
});

/** One field's change: what the version (or its episode, for the dates) has now and what the sheet says. */
export const MetadataFieldChange = z.object({ from: z.string().nullable(), to: z.string().nullable() });
export type MetadataFieldChange = z.infer<typeof MetadataFieldChange>;

/**
 * One row of the sheet and what it does: `create` (the episode or its language version does not exist yet and is
 * made as a draft), `update` or `unchanged`. `row` is the sheet's row number (the header is row 1); `content_id` is
 * null for an episode to be created. Dates are ISO 8601 in UTC. An episode's availability, which all its languages
 * share, is listed on the first row of the episode that changes it.
 */
export const MetadataChange = z.object({
  row: z.int(),
  season: z.int(),
  episode: z.int(),
  lang_id: Id,
  content_id: Id.nullable(),
  action: z.enum(['create', 'update', 'unchanged']),
  fields: z.partialRecord(z.enum(METADATA_FIELDS), MetadataFieldChange),
});
export type MetadataChange = z.infer<typeof MetadataChange>;

/** A mistake of the sheet: its row (null for the file as a whole) and column (null for the whole row). */
export const MetadataError = z.object({ row: z.int().nullable(), column: z.string().nullable(), detail: z.string() });
export type MetadataError = z.infer<typeof MetadataError>;

export const MetadataImportAnswer = z.object({
  summary: z.object({ create: z.int(), update: z.int(), unchanged: z.int() }),
  changes: z.array(MetadataChange),
  errors: z.array(MetadataError),
});
export type MetadataImportAnswer = z.infer<typeof MetadataImportAnswer>;

/** A refused import (400 without `dry_run`): the same answer, with `detail` saying how many errors it has. */
export const MetadataImportRefusal = MetadataImportAnswer.extend({ detail: z.string() });
export type MetadataImportRefusal = z.infer<typeof MetadataImportRefusal>;

export const MetadataExportBody = z.object({
  brand_id: Id,
  /** The languages to write, each episode a row in each; the brand's languages when left out. */
  lang_ids: z.array(Id).min(1).max(200).optional(),
  format: z.enum(METADATA_FORMATS),
});
export type MetadataExportBody = z.input<typeof MetadataExportBody>;

/** The export answers the file itself (an attachment), not JSON. */
export const MetadataExportFile = z.string().describe('The sheet: XLSX or CSV (UTF-8 with BOM), as an attachment');

export const metadataCalls = {
  import: call({
    ...addresses.metadata.import,
    summary:
      'Read a metadata sheet (multipart `file`: XLSX, or CSV with commas or semicolons in UTF-8 or Windows-1251) and answer every change field by field; with `dry_run=0` and no errors write them all in one transaction (400 with the same body when it has errors)',
    query: MetadataImportQuery,
    response: MetadataImportAnswer,
  }),
  export: call({
    ...addresses.metadata.export,
    read: true,
    summary:
      "A brand's episodes × languages as a metadata sheet (XLSX or CSV), empty cells where a version has no text yet: the file the import reads back",
    body: MetadataExportBody,
    response: MetadataExportFile,
  }),
};
