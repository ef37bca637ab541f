import type { MetadataError } from '@kids-vod/contract';

/** A value of the sheet as read: XLSX keeps numbers, dates and booleans; CSV is text. */
export type Cell = string | number | boolean | Date | null;

/** A sheet as read, before its columns mean anything: the header's words and each row by its number in the file. */
export interface Grid {
  header: string[];
  rows: { row: number; cells: Cell[] }[];
  /** What the reading found wrong (merged cells, formulas with no result), each naming its cell. */
  errors: MetadataError[];
}
