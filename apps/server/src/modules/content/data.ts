import {
  type api,
  type Content,
  type ContentPage,
  type ContentPageRow,
  type ContentSort,
  DEFAULT_LANG_ID,
} from '@kids-vod/contract';
import { type AnyColumn, and, asc, count, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brands, content, contentLangs, contentLinks, contentNotPlanned, promos, videoFiles } from '../../db/schema.ts';
import { conflict, itemNotFound, notFound, staleUpdate } from '../../lib/errors.ts';
import { bumpUpdatedAt, guardedUpdate } from '../../lib/guarded-update.ts';
import { contentShown, notInBin, shownColumns } from '../../lib/in-bin.ts';
import { likeAnywhere } from '../../lib/like.ts';
import type { Body } from '../../lib/route.ts';
import { assertBrand } from '../brands/index.ts';

type Parsed<K extends keyof typeof api.content> = Body<(typeof api.content)[K]>;

/**
 * Content rows with their language versions and the languages they are not planned in, in two more queries whatever
 * the number of rows. `of` is the condition
 * the rows were selected by, joined again rather than thousands of ids sent back as parameters (10 of 25 ms for
 * 2,000 items in drizzle); versions of items added in between are skipped.
 */
async function withLangs(
  db: Executor,
  rows: Omit<typeof content.$inferSelect, 'deleted_at' | 'deleted_by'>[],
  of: SQL | undefined,
): Promise<Content[]> {
  if (rows.length === 0) return [];
  const langs = await db
    .select({
      id: contentLangs.id,
      content_id: contentLangs.content_id,
      lang_id: contentLangs.lang_id,
      title: contentLangs.title,
      // Its own video, or one it plays of another version (decision 068): either way it is not missing one.
      has_video: sql<boolean>`(${videoFiles.id} is not null or ${contentLangs.video_from_lang_id} is not null)`,
    })
    .from(contentLangs)
    .innerJoin(content, eq(content.id, contentLangs.content_id))
    .leftJoin(videoFiles, eq(videoFiles.content_lang_id, contentLangs.id))
    .where(and(of, notInBin(contentLangs)))
    .orderBy(asc(contentLangs.lang_id));
  const notPlanned = await db
    .select({ content_id: contentNotPlanned.content_id, lang_id: contentNotPlanned.lang_id })
    .from(contentNotPlanned)
    .innerJoin(content, eq(content.id, contentNotPlanned.content_id))
    .where(of)
    .orderBy(asc(contentNotPlanned.lang_id));
  const byContent = new Map(
    rows.map((c) => [c.id, { ...c, langs: [] as Content['langs'], not_planned_lang_ids: [] as number[] }]),
  );
  for (const { content_id, ...lang } of langs) byContent.get(content_id)?.langs.push(lang);
  for (const { content_id, lang_id } of notPlanned) byContent.get(content_id)?.not_planned_lang_ids.push(lang_id);
  return [...byContent.values()];
}

/** The season order: by season, then number; the tie-break of every other order too. */
const bySeasonOrder = (
  of: { season: SQL | AnyColumn; sort_number: SQL | AnyColumn; id: SQL | AnyColumn },
  dir: SQL,
) => [sql`${of.season} ${dir}`, sql`${of.sort_number} ${dir}`, sql`${of.id} asc`];

/**
 * Content of a brand as the spec's call answers it (every item, or one season's), or searched, sorted and paged
 * (decision 033): with `limit` a ContentPage, read in four statements whatever the brand's size (the brand, the
 * page with its count, the page's language versions, the seasons). Positions are counted over the brand's whole
 * content before the season and the search are applied: they are where an item stands in its season.
 */
export async function listContent(db: Executor, body: Parsed<'list'>): Promise<Content[] | ContentPage> {
  await assertBrand(db, body.brand_id);
  const ofBrand = and(eq(content.brand_id, body.brand_id), notInBin(content));
  const ranked = db
    .select({
      ...shownColumns(content),
      position:
        sql<number>`row_number() over (partition by ${content.season} order by ${content.sort_number}, ${content.id})`
          .mapWith(Number)
          .as('position'),
    })
    .from(content)
    .where(ofBrand)
    .as('ranked');
  const code = body.search?.match(/^s(\d{1,4})e(\d{1,7})$/i);
  const matching = and(
    body.season == null ? undefined : eq(ranked.season, body.season),
    body.search
      ? or(
          code ? and(eq(ranked.season, Number(code[1])), eq(ranked.sort_number, Number(code[2]))) : undefined,
          // The brand's ids given first: asked with `exists`, the planner (expecting one title to match) read every
          // brand's language versions for it, 110,000 on the large catalogue (72 of 82 ms on the embedded database).
          sql`${ranked.id} in (select ${contentLangs.content_id} from ${contentLangs}
            where ${contentLangs.content_id} = any(array(select ${content.id} from ${content} where ${ofBrand}))
            and ${contentLangs.deleted_at} is null and ${contentLangs.title} ilike ${likeAnywhere(body.search)})`,
        )
      : undefined,
  );
  const dir = sql.raw(body.dir ?? 'asc');
  const asc_ = sql.raw('asc');
  const sortKey: Record<ContentSort, SQL[]> = {
    season: bySeasonOrder(ranked, dir),
    number: [sql`${ranked.sort_number} ${dir}`],
    title: [
      sql`(select lower(nullif(${contentLangs.title}, '')) from ${contentLangs} where ${contentLangs.content_id} = ${ranked.id}
        and ${contentLangs.lang_id} = ${DEFAULT_LANG_ID} and ${contentLangs.deleted_at} is null) ${dir} nulls last`,
    ],
    languages: [
      sql`(select count(*) from ${contentLangs} where ${contentLangs.content_id} = ${ranked.id} and ${contentLangs.deleted_at} is null) ${dir}`,
    ],
    video: [
      sql`(select count(*) from ${contentLangs} join ${videoFiles} on ${videoFiles.content_lang_id} = ${contentLangs.id}
        where ${contentLangs.content_id} = ${ranked.id} and ${contentLangs.deleted_at} is null) ${dir}`,
    ],
    published: [sql`${ranked.is_published} ${dir}`],
    duration: [sql`${ranked.duration_sec} ${dir}`],
  };
  const sort = body.sort ?? 'season';
  const order = sort === 'season' ? sortKey.season : [...sortKey[sort], ...bySeasonOrder(ranked, asc_)];
  const paged = body.limit !== undefined;
  const { position: _, ...columns } = ranked._.selectedFields;
  const query = db
    .select({ ...(paged ? ranked._.selectedFields : columns), count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(ranked)
    .where(matching)
    .orderBy(...order)
    .offset(body.offset ?? 0);
  const found = await (paged ? query.limit(body.limit as number) : query);
  const rows = found.map(({ count: _count, ...row }) => row);
  const items = await withLangs(
    db,
    rows,
    rows.length > 0
      ? inArray(
          content.id,
          rows.map((r) => r.id),
        )
      : undefined,
  );
  if (!paged) return items;
  const seasons = await db
    .select({ season: content.season, count: count().mapWith(Number) })
    .from(content)
    .where(ofBrand)
    .groupBy(content.season)
    .orderBy(asc(content.season));
  // Past the last row there is no row to carry the count: it is counted apart.
  const matched =
    found[0]?.count ?? (body.offset ? (await db.select({ n: count() }).from(ranked).where(matching))[0].n : 0);
  return {
    rows: items as ContentPageRow[],
    count: matched,
    total: seasons.reduce((sum, s) => sum + s.count, 0),
    seasons,
  };
}

export async function getContent(db: Executor, id: number): Promise<Content> {
  const of = and(eq(content.id, id), contentShown());
  const rows = await db.select(shownColumns(content)).from(content).where(of);
  const [item] = await withLangs(db, rows, of);
  if (!item) throw itemNotFound('Content', id);
  return item;
}

/** 404 unless the content exists (and neither it nor its brand is in the bin). */
export async function assertContent(db: Executor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.id, id), contentShown()));
  if (!row) throw notFound('Content');
}

/**
 * Locks brand rows for the rest of the transaction, so that the numbering of a brand's content is
 * changed by one transaction at a time. Locked in id order: two moves between the same two brands
 * never wait on each other crosswise. `no key update` (what an ordinary UPDATE takes) still excludes
 * other movers, but unlike `update` lets foreign-key checks through: a statement saving content with
 * brand_id = this brand while we wait for that content row would otherwise deadlock with us.
 * 404 when a brand does not exist.
 */
async function lockBrands(tx: Executor, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const locked = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(inArray(brands.id, wanted), notInBin(brands)))
    .orderBy(asc(brands.id))
    .for('no key update');
  if (locked.length < wanted.length) throw notFound('Brand');
}

/** The other items of one season of a brand, in their current order. */
function seasonOrder(tx: Executor, brandId: number, season: number, exceptId: number) {
  return tx
    .select({ id: content.id, sort_number: content.sort_number })
    .from(content)
    .where(and(eq(content.brand_id, brandId), eq(content.season, season), ne(content.id, exceptId)))
    .orderBy(asc(content.sort_number), asc(content.id));
}

/**
 * Numbers `ordered` 1..n in one statement. Only items whose number changes are written, and they get a
 * new updated_at: an editor still holding the old number must reload before saving.
 */
async function renumber(tx: Executor, ordered: { id: number; sort_number: number }[]): Promise<void> {
  const moved = ordered.map((c, i) => ({ id: c.id, from: c.sort_number, to: i + 1 })).filter((c) => c.from !== c.to);
  if (moved.length === 0) return;
  const cases = sql.join(
    moved.map((c) => sql`when ${c.id} then ${c.to}::integer`),
    sql` `,
  );
  await tx
    .update(content)
    .set({ sort_number: sql`case ${content.id} ${cases} end`, updated_at: bumpUpdatedAt(content) })
    .where(
      inArray(
        content.id,
        moved.map((c) => c.id),
      ),
    );
}

export async function addContent(db: Executor, body: Parsed<'add'>): Promise<Content> {
  const id = await db.transaction(async (tx) => {
    // The lock keeps two items added at once from both taking the same last number.
    await lockBrands(tx, [body.brand_id]);
    let sortNumber = body.sort_number;
    if (sortNumber === undefined) {
      const [last] = await tx
        .select({ max: sql<number | null>`max(${content.sort_number})` })
        .from(content)
        .where(and(eq(content.brand_id, body.brand_id), eq(content.season, body.season)));
      sortNumber = (last?.max ?? 0) + 1;
    }
    const [row] = await tx
      .insert(content)
      .values({ ...body, sort_number: sortNumber })
      .returning({ id: content.id });
    return row.id;
  });
  return getContent(db, id);
}

/**
 * Content moving to another brand: a link of that brand to it would list it twice there (as its own and as
 * linked), so the link goes; a banner opening it under its old brand would open the wrong page, so the move is
 * refused until the banner is changed.
 */
async function prepareMove(tx: Executor, id: number, toBrand: number): Promise<void> {
  const [banner] = await tx
    .select({ title: promos.title })
    .from(promos)
    .where(and(eq(promos.content_id, id), isNotNull(promos.brand_id), ne(promos.brand_id, toBrand)))
    .limit(1);
  if (banner) throw conflict(`The promo banner “${banner.title}” opens this content under its brand: change it first`);
  await tx.delete(contentLinks).where(and(eq(contentLinks.brand_id, toBrand), eq(contentLinks.content_id, id)));
}

export async function updateContent(db: Executor, body: Parsed<'update'>): Promise<Content> {
  const { id, updated_at, sort_number_changed, ...changes } = body;
  if (!sort_number_changed) {
    await db.transaction(async (tx) => {
      if (changes.brand_id !== undefined) await prepareMove(tx, id, changes.brand_id);
      await guardedUpdate(tx, content, id, changes, updated_at, 'Content');
    });
    return getContent(db, id);
  }
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ brand_id: content.brand_id }).from(content).where(eq(content.id, id));
    if (!before) throw notFound('Content');
    const brandId = changes.brand_id ?? before.brand_id;
    await lockBrands(tx, [before.brand_id, brandId]);
    const [current] = await tx.select().from(content).where(eq(content.id, id)).for('no key update');
    if (!current) throw notFound('Content');
    // Moved to another brand while we waited for the lock: its new brand is not locked by us.
    if (current.brand_id !== before.brand_id) throw staleUpdate('Content');

    if (brandId !== current.brand_id) await prepareMove(tx, id, brandId);
    const season = changes.season ?? current.season;
    const ordered = await seasonOrder(tx, brandId, season, id);
    const position = Math.min(Math.max(changes.sort_number ?? current.sort_number, 1), ordered.length + 1);
    await guardedUpdate(tx, content, id, { ...changes, sort_number: position }, updated_at, 'Content');
    ordered.splice(position - 1, 0, { id, sort_number: position });
    await renumber(tx, ordered);
    if (brandId !== current.brand_id || season !== current.season) {
      await renumber(tx, await seasonOrder(tx, current.brand_id, current.season, id));
    }
  });
  return getContent(db, id);
}
