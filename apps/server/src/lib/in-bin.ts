import { and, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { brandLangs, content, contentLangs } from '../db/schema.ts';

/** A table whose rows can be in the bin (docs/decisions/015-bin.md). */
export type BinTable = PgTable & { deleted_at: PgColumn; deleted_by: PgColumn };

/** A table's columns without the bin's two: what the answers carry. */
export function shownColumns<T extends BinTable>(table: T): Omit<T['_']['columns'], 'deleted_at' | 'deleted_by'> {
  const { deleted_at: _at, deleted_by: _by, ...shown } = getTableColumns(table);
  return shown as Omit<T['_']['columns'], 'deleted_at' | 'deleted_by'>;
}

/** The row itself is not in the bin. */
export const notInBin = (table: BinTable): SQL => isNull(table.deleted_at);

/** Content not in the bin, nor gone with its brand. */
export const contentShown = (): SQL =>
  and(
    isNull(content.deleted_at),
    sql`not exists (select from brands as binned where binned.id = ${content.brand_id} and binned.deleted_at is not null)`,
  ) as SQL;

/** A brand's language version not in the bin, nor gone with its brand. */
export const brandLangShown = (): SQL =>
  and(
    isNull(brandLangs.deleted_at),
    sql`not exists (select from brands as binned where binned.id = ${brandLangs.brand_id} and binned.deleted_at is not null)`,
  ) as SQL;

/** Content's language version not in the bin, nor gone with its content or the content's brand. */
export const contentLangShown = (): SQL =>
  and(
    isNull(contentLangs.deleted_at),
    sql`not exists (select from content as binned_content join brands as binned_brand on binned_brand.id = binned_content.brand_id
      where binned_content.id = ${contentLangs.content_id}
        and (binned_content.deleted_at is not null or binned_brand.deleted_at is not null))`,
  ) as SQL;
