import {
  BIN_DAYS,
  type BinEntity,
  type BinPage,
  type BinRow,
  DEFAULT_LANG_ID,
  type Permission,
} from '@kids-vod/contract';
import { and, eq, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { brandLangs, brands, content, contentLangs, promos, streams, videoFiles } from '../../db/schema.ts';
import { currentActor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type BinTable, brandLangShown, contentLangShown, contentShown, notInBin } from '../../lib/in-bin.ts';

interface BinKind {
  table: BinTable & { id: PgColumn };
  /** How a refusal names it. */
  what: string;
  /** What a role needs to delete it, restore it, or restore a version of it. */
  permission: Permission;
  /** Shown: neither it nor what it belongs to is in the bin. */
  shown: () => SQL;
}

/** The kinds of item that go to the bin, by the audit log's names (api.md, "Bin and history"). */
export const BIN: Record<BinEntity, BinKind> = {
  brands: { table: brands, what: 'Brand', permission: 'catalogue', shown: () => notInBin(brands) },
  content: { table: content, what: 'Content', permission: 'catalogue', shown: contentShown },
  brand_langs: {
    table: brandLangs,
    what: 'Brand language version',
    permission: 'catalogue',
    shown: brandLangShown,
  },
  content_langs: {
    table: contentLangs,
    what: 'Content language version',
    permission: 'catalogue',
    shown: contentLangShown,
  },
  promos: { table: promos, what: 'Promo banner', permission: 'marketing', shown: () => notInBin(promos) },
  streams: { table: streams, what: 'Stream', permission: 'catalogue', shown: () => notInBin(streams) },
  video_files: {
    table: videoFiles,
    what: 'Video file',
    permission: 'catalogue',
    shown: () => notInBin(videoFiles),
  },
};

/**
 * Moves an item to the bin: it keeps its id, language versions, videos and links, and is in no list or catalogue
 * until restored. What belongs to it (a brand's content, content's language versions) goes with it by being
 * hidden with it, not by being marked: restoring the one item brings all of it back. 404 when it is not shown.
 */
export async function moveToBin(db: Executor, entity: BinEntity, id: number): Promise<void> {
  const { table, what, shown } = BIN[entity];
  const rows = await db
    .update(table)
    .set({ deleted_at: sql`now()`, deleted_by: currentActor()?.user_email ?? null } as never)
    .where(and(eq(table.id, id), shown()))
    .returning({ id: table.id });
  if (rows.length === 0) throw notFound(what);
}

/** Everything in the bin as one list; `name` in words a user reads. */
const binned = sql`
  select 'brands' as entity, b.id, b.name, b.deleted_at, b.deleted_by from brands b where b.deleted_at is not null
  union all
  select 'content', c.id, concat(b.name, ' · S', c.season, 'E', c.sort_number, ' · ' || cl.title), c.deleted_at, c.deleted_by
    from content c join brands b on b.id = c.brand_id
    left join content_langs cl on cl.content_id = c.id and cl.lang_id = ${DEFAULT_LANG_ID} and cl.deleted_at is null
    where c.deleted_at is not null
  union all
  select 'brand_langs', bl.id, concat(b.name, ' · ', l.name), bl.deleted_at, bl.deleted_by
    from brand_langs bl join brands b on b.id = bl.brand_id join languages l on l.id = bl.lang_id
    where bl.deleted_at is not null
  union all
  select 'content_langs', cl.id, concat(b.name, ' · S', c.season, 'E', c.sort_number, ' · ', l.name), cl.deleted_at, cl.deleted_by
    from content_langs cl join content c on c.id = cl.content_id join brands b on b.id = c.brand_id
    join languages l on l.id = cl.lang_id
    where cl.deleted_at is not null
  union all
  select 'promos', p.id, coalesce(nullif(p.title, ''), concat('Promo banner ', p.id)), p.deleted_at, p.deleted_by
    from promos p where p.deleted_at is not null
  union all
  select 'streams', s.id, s.title, s.deleted_at, s.deleted_by from streams s where s.deleted_at is not null
  union all
  select 'video_files', v.id, v.name, v.deleted_at, v.deleted_by from video_files v where v.deleted_at is not null`;

/** Rows of a raw query; both drivers answer `{rows}`. */
const rowsOf = async <T>(db: Executor, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export async function listBin(
  db: Executor,
  filter: { entity?: BinEntity; offset: number; limit: number },
): Promise<BinPage> {
  const where = filter.entity ? sql`where entity = ${filter.entity}` : sql``;
  const [rows, [total]] = [
    await rowsOf<Omit<BinRow, 'deleted_at'> & { deleted_at: string | Date }>(
      db,
      sql`select * from (${binned}) as bin ${where} order by deleted_at desc, entity, id desc
          limit ${filter.limit} offset ${filter.offset}`,
    ),
    await rowsOf<{ n: string | number }>(db, sql`select count(*) as n from (${binned}) as bin ${where}`),
  ];
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), deleted_at: new Date(r.deleted_at).toISOString() })),
    count: Number(total.n),
  };
}

/** What must be shown before an item comes back, and what it would clash with now: 409 naming it. */
async function assertRestorable(db: Executor, entity: BinEntity, id: number): Promise<void> {
  const exists = async (query: SQL) =>
    (await rowsOf(db, sql`select exists (${query}) as found`))[0] as { found: boolean };
  switch (entity) {
    case 'brands': {
      const [row] = await db.select({ slug: brands.slug }).from(brands).where(eq(brands.id, id));
      const [taken] = await db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.slug, row.slug), notInBin(brands), ne(brands.id, id)));
      if (taken) throw conflict(`A brand with the slug “${row.slug}” exists now: change its slug first`);
      return;
    }
    case 'content':
      if (
        (
          await exists(
            sql`select from content c join brands b on b.id = c.brand_id where c.id = ${id} and b.deleted_at is not null`,
          )
        ).found
      )
        throw conflict('Its brand is in the bin: restore the brand first');
      return;
    case 'brand_langs': {
      const [row] = await db.select().from(brandLangs).where(eq(brandLangs.id, id));
      const [brand] = await db
        .select({ deleted_at: brands.deleted_at })
        .from(brands)
        .where(eq(brands.id, row.brand_id));
      if (brand.deleted_at) throw conflict('Its brand is in the bin: restore the brand first');
      const [again] = await db
        .select({ id: brandLangs.id })
        .from(brandLangs)
        .where(and(eq(brandLangs.brand_id, row.brand_id), eq(brandLangs.lang_id, row.lang_id), notInBin(brandLangs)));
      if (again) throw conflict('The brand has a version in this language again: delete that one first');
      return;
    }
    case 'content_langs': {
      const [row] = await db.select().from(contentLangs).where(eq(contentLangs.id, id));
      const [parent] = await db
        .select({ id: content.id })
        .from(content)
        .where(and(eq(content.id, row.content_id), contentShown()));
      if (!parent) throw conflict('Its content is in the bin: restore the content first');
      const [again] = await db
        .select({ id: contentLangs.id })
        .from(contentLangs)
        .where(
          and(
            eq(contentLangs.content_id, row.content_id),
            eq(contentLangs.lang_id, row.lang_id),
            notInBin(contentLangs),
          ),
        );
      if (again) throw conflict('The content has a version in this language again: delete that one first');
      return;
    }
    default:
      return;
  }
}

/** 404 unless the item is in the bin itself (not only gone with what it belongs to). */
async function assertInBin(db: Executor, entity: BinEntity, id: number): Promise<void> {
  const { table, what } = BIN[entity];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), isNotNull(table.deleted_at)))
    .for('update');
  if (!row) throw notFound(`${what} in the bin`);
}

/** Takes an item out of the bin, whole; a clash with what exists now is refused (409) and nothing changes. */
export async function restoreFromBin(db: Executor, entity: BinEntity, id: number): Promise<void> {
  const { table } = BIN[entity];
  await assertInBin(db, entity, id);
  await assertRestorable(db, entity, id);
  await db
    .update(table)
    .set({ deleted_at: null, deleted_by: null } as never)
    .where(eq(table.id, id));
}

/** Deletes an item in the bin for good, with what belongs to it (the database's cascades). */
export async function purgeFromBin(db: Executor, entity: BinEntity, id: number): Promise<void> {
  const { table } = BIN[entity];
  await assertInBin(db, entity, id);
  await db.delete(table).where(eq(table.id, id));
}

/** Whether an item is in the bin, itself or with what it belongs to; undefined when it does not exist. */
export async function isInBin(db: Executor, entity: BinEntity, id: number): Promise<boolean | undefined> {
  const { table, shown } = BIN[entity];
  const [row] = await db
    .select({ shown: sql<boolean>`${shown()}` })
    .from(table)
    .where(eq(table.id, id));
  return row ? !row.shown : undefined;
}

/**
 * Empties the bin of what was deleted more than BIN_DAYS days before `now`; the job `empty-bin`. Language versions
 * first, then content, then brands: nothing is counted twice by a cascade. Answers how many items went.
 */
export async function emptyBin(db: Executor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - BIN_DAYS * 86_400_000).toISOString();
  let purged = 0;
  for (const entity of ['content_langs', 'brand_langs', 'content', 'promos', 'streams', 'brands'] as const) {
    const { table } = BIN[entity];
    const rows = await db
      .delete(table)
      .where(and(isNotNull(table.deleted_at), lt(table.deleted_at, before)))
      .returning({ id: table.id });
    purged += rows.length;
  }
  return purged;
}
