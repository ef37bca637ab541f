/** The record of the catalogue's builds: one at a time, each with what it left out; as the contract lists them. */
import type { CatalogueBuildRecord, HiddenItem } from '@kids-vod/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { catalogueBuildLeftOut, catalogueBuilds, languages } from '../../db/schema.ts';

/**
 * Builds run one at a time, and each one reads its snapshot only once it has the lock (LOCK TABLE, unlike
 * a SELECT, takes no snapshot): so the stable file always ends up holding the build that read the data
 * last. Nothing but builds writes catalog_builds, and readers of the list are not blocked.
 */
export async function lockBuilds(tx: Executor): Promise<void> {
  await tx.execute(sql`lock table ${catalogueBuilds} in share row exclusive mode`);
}

export async function recordBuild(
  db: Executor,
  build: Omit<typeof catalogueBuilds.$inferInsert, 'id'> & { created_at: string },
): Promise<typeof catalogueBuilds.$inferSelect> {
  const [row] = await db.insert(catalogueBuilds).values(build).returning();
  return row;
}

/** Keeps what a build left out, for the console's "left out" list of that build (decision 022). */
export async function recordLeftOut(db: Executor, buildId: number, items: HiddenItem[]): Promise<void> {
  await db.insert(catalogueBuildLeftOut).values({ build_id: buildId, items });
}

const earlier = alias(catalogueBuilds, 'earlier');
const newer = alias(catalogueBuilds, 'newer');

/** Build records as the contract answers them: with the build a rollback made live again, and which one is live. */
function buildRecords(db: Executor) {
  return db
    .select({
      id: catalogueBuilds.id,
      lang_id: catalogueBuilds.lang_id,
      lang_code: languages.code,
      url: catalogueBuilds.url,
      versioned_url: catalogueBuilds.versioned_url,
      size_bytes: catalogueBuilds.size_bytes,
      sha256: catalogueBuilds.sha256,
      counts: catalogueBuilds.counts,
      created_at: catalogueBuilds.created_at,
      created_by: catalogueBuilds.created_by,
      automatic: catalogueBuilds.automatic,
      earlier_id: earlier.id,
      earlier_created_at: earlier.created_at,
      // The live build of a language is its newest entry (a rollback adds one): no newer entry of that language.
      is_live: sql<boolean>`not exists (select 1 from ${catalogueBuilds} ${newer} where ${newer.lang_id} = ${catalogueBuilds.lang_id} and (${newer.created_at}, ${newer.id}) > (${catalogueBuilds.created_at}, ${catalogueBuilds.id}))`,
    })
    .from(catalogueBuilds)
    .innerJoin(languages, eq(languages.id, catalogueBuilds.lang_id))
    .leftJoin(earlier, eq(earlier.id, catalogueBuilds.rollback_of));
}

type BuildRow = Awaited<ReturnType<ReturnType<typeof buildRecords>['execute']>>[number];
const toRecord = ({ earlier_id, earlier_created_at, ...row }: BuildRow): CatalogueBuildRecord => ({
  ...row,
  is_live: Boolean(row.is_live),
  rollback_of:
    earlier_id === null || earlier_created_at === null ? null : { id: earlier_id, created_at: earlier_created_at },
});

export async function listBuilds(
  db: Executor,
  filter: { lang_id?: number; limit: number },
): Promise<CatalogueBuildRecord[]> {
  const rows = await buildRecords(db)
    .where(filter.lang_id === undefined ? undefined : eq(catalogueBuilds.lang_id, filter.lang_id))
    .orderBy(desc(catalogueBuilds.created_at), desc(catalogueBuilds.id))
    .limit(filter.limit);
  return rows.map(toRecord);
}

export async function findBuild(db: Executor, id: number): Promise<CatalogueBuildRecord | undefined> {
  const [row] = await buildRecords(db).where(eq(catalogueBuilds.id, id));
  return row && toRecord(row);
}

/** The build apps of a language download now, or undefined before its first publish. */
export async function liveBuild(db: Executor, langId: number): Promise<CatalogueBuildRecord | undefined> {
  const [live] = await listBuilds(db, { lang_id: langId, limit: 1 });
  return live;
}

/** What a build left out; a rollback's entry answers the list of the build it made live again. */
export async function leftOutOf(db: Executor, build: CatalogueBuildRecord): Promise<HiddenItem[]> {
  const [row] = await db
    .select({ items: catalogueBuildLeftOut.items })
    .from(catalogueBuildLeftOut)
    .where(eq(catalogueBuildLeftOut.build_id, build.rollback_of?.id ?? build.id));
  // Builds from before the list was kept have none.
  return row?.items ?? [];
}
