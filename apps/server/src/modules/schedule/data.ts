import type { AutomaticBuild, ScheduleEdge, ScheduleEntity, ScheduleJobsPage } from '@kids-vod/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { automaticBuilds, catalogueBuilds, languages } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';

/* ------------------------------------------------------------------------------------------------
 * Edges: where a window opens or closes, or a country rule starts or ends
 * --------------------------------------------------------------------------------------------- */

/**
 * The languages of a brand's versions (not in the bin), as ids joined by commas: the catalogues a brand, its rules and
 * its episodes without versions of their own are in. Ids, not codes: an index-only scan of the versions' unique
 * index with no join or sort per edge (codes are put in once per answer, `langCodes`).
 */
const brandLangs = (brandId: string) =>
  `array_to_string(array(select bl.lang_id from brand_langs bl where bl.brand_id = ${brandId} and bl.deleted_at is null), ',')`;
/** In `langs`: every language (a banner with none is shown in all). */
const EVERY_LANGUAGE = '*';

interface EdgeSource {
  entity: ScheduleEntity;
  /** The table with its joins, aliased so the expressions below can name it. */
  from: string;
  /** The item's id (a rule's own id). */
  id: string;
  /** Only what is not in the bin (nor under a brand in the bin). */
  alive: string;
  opens: string;
  closes: string;
  name: string;
  brandId: string;
  langs: string;
  countries?: string;
  exclude?: string;
}

/**
 * Each kind of item, in SQL written here once (no user input: the moments are parameters). Names are the ones a
 * person reads: "Ducks", "Ducks · S1E2", "Ducks · only GB, IE", a banner's title, a stream's.
 */
const SOURCES: EdgeSource[] = [
  {
    entity: 'brands',
    from: 'brands b',
    id: 'b.id',
    alive: 'b.deleted_at is null',
    opens: 'b.available_from',
    closes: 'b.available_until',
    name: 'b.name',
    brandId: 'b.id',
    langs: brandLangs('b.id'),
  },
  {
    entity: 'content',
    from: 'content c join brands b on b.id = c.brand_id',
    id: 'c.id',
    alive: 'c.deleted_at is null and b.deleted_at is null',
    opens: 'c.available_from',
    closes: 'c.available_until',
    name: `b.name || ' · S' || c.season || 'E' || c.sort_number`,
    brandId: 'c.brand_id',
    // An episode is in the catalogues of its own versions; one without any, in its brand's.
    langs: `coalesce(nullif(array_to_string(array(
      select cl.lang_id from content_langs cl where cl.content_id = c.id and cl.deleted_at is null), ','), ''),
      ${brandLangs('c.brand_id')})`,
  },
  {
    entity: 'promos',
    from: 'promos p',
    id: 'p.id',
    alive: 'p.deleted_at is null',
    opens: 'p.available_from',
    closes: 'p.available_until',
    name: `coalesce(nullif(p.title, ''), 'Banner ' || p.id)`,
    brandId: 'p.brand_id',
    // A banner without a language is shown in every catalogue.
    langs: `coalesce(p.lang_id::text, '${EVERY_LANGUAGE}')`,
  },
  {
    entity: 'streams',
    from: 'streams s',
    id: 's.id',
    alive: 's.deleted_at is null',
    opens: 's.available_from',
    closes: 's.available_until',
    name: 's.title',
    brandId: 'null::integer',
    langs: 's.lang_id::text',
  },
  {
    entity: 'country_rules',
    from: 'country_rules r join brands b on b.id = r.brand_id',
    id: 'r.id',
    alive: 'b.deleted_at is null',
    opens: 'r.starts_at',
    closes: 'r.ends_at',
    name: `b.name || case when r.exclude then ' · all but ' else ' · only ' end || array_to_string(r.code2, ', ')`,
    brandId: 'r.brand_id',
    langs: brandLangs('r.brand_id'),
    countries: 'r.code2',
    exclude: 'r.exclude',
  },
];

interface EdgeRow {
  /** Milliseconds since 1970: a number for the driver to pass on, not a timestamp text to parse 10,000 times. */
  at: number;
  edge: 'opens' | 'closes';
  entity: ScheduleEntity;
  id: number;
  name: string;
  langs: string;
  brand_id: number | null;
  countries: string[] | null;
  exclude: boolean | null;
}

/** One SELECT per kind and edge, each an index range on its moment column (migration 0008), in one UNION ALL. */
function edgeQuery(from: string, to: string) {
  const parts = SOURCES.flatMap((s) =>
    (['opens', 'closes'] as const).map((edge) => {
      const column = s[edge];
      return sql`select (extract(epoch from ${sql.raw(column)}) * 1000)::float8 as at, ${edge} as edge, ${s.entity} as entity, ${sql.raw(s.id)} as id, ${sql.raw(s.name)} as name, ${sql.raw(s.langs)} as langs, ${sql.raw(s.brandId)} as brand_id,
        ${sql.raw(s.countries ?? 'null::text[]')} as countries, ${sql.raw(s.exclude ?? 'null::boolean')} as exclude
        from ${sql.raw(s.from)}
        where ${sql.raw(s.alive)} and ${sql.raw(column)} >= ${from}::timestamptz and ${sql.raw(column)} < ${to}::timestamptz`;
    }),
  );
  return sql`${sql.join(parts, sql` union all `)} order by at, entity, id, edge`;
}

/** Turns `langs` ("3,1", or "*" for all) into sorted language codes, each distinct list worked out once. */
async function langCodes(db: Executor): Promise<(ids: string) => string[]> {
  const all = await db.select({ id: languages.id, code: languages.code }).from(languages);
  const byId = new Map(all.map((l) => [String(l.id), l.code]));
  const known = new Map<string, string[]>();
  return (ids) => {
    let list = known.get(ids);
    if (!list) {
      const some = ids === EVERY_LANGUAGE ? [...byId.values()] : ids.split(',').map((id) => byId.get(id));
      list = some.filter((code): code is string => code !== undefined && code !== '').sort();
      known.set(ids, list);
    }
    return list;
  };
}

/** What opens and closes in [from, to), in time order (api.md "Availability in time"). */
export async function listEdges(db: Executor, range: { from: string; to: string }): Promise<ScheduleEdge[]> {
  const { rows } = (await db.execute(edgeQuery(range.from, range.to))) as unknown as { rows: EdgeRow[] };
  const codes = await langCodes(db);
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    edge: r.edge,
    entity: r.entity,
    id: r.id,
    name: r.name,
    langs: codes(r.langs),
    brand_id: r.brand_id,
    ...(r.countries === null ? {} : { countries: r.countries, exclude: r.exclude ?? false }),
  }));
}

/* ------------------------------------------------------------------------------------------------
 * Automatic builds (docs/decisions/031-scheduler.md)
 * --------------------------------------------------------------------------------------------- */

/** Tries before a build is `failed`, and the waits between them: 30 s, 1, 2, 4 minutes (capped at 10). */
export const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 10 * 60_000;
/** How long a claimed build is left to the instance building it; one that died meanwhile leaves it to another. */
const LEASE_MS = 5 * 60_000;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();
export const retryDelayMs = (attempts: number) => Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));

/**
 * Records one waiting build per language whose catalogue changed at an edge in [since, now): the job runs in the
 * transaction that holds its row, so each moment is covered by exactly one run on one instance. A language that
 * already has a build waiting gets no second one: that one builds at its own `now`, after these edges, and is tried
 * at once.
 */
export async function recordEdgesPassed(tx: Executor, now: Date, since: Date | null): Promise<number> {
  // The first run ever covers nothing: edges before the scheduler existed were published by hand, or not.
  if (since === null || since >= now) return 0;
  const edges = await listEdges(tx, { from: since.toISOString(), to: now.toISOString() });
  const latest = new Map<string, string>();
  for (const edge of edges) for (const lang of edge.langs) latest.set(lang, edge.at);
  if (latest.size === 0) return 0;
  const langs = await tx
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(inArray(languages.code, [...latest.keys()]));
  for (const lang of langs) {
    const at = latest.get(lang.code) as string;
    const [waiting] = await tx
      .update(automaticBuilds)
      .set({
        at: sql`greatest(${automaticBuilds.at}, ${at}::timestamptz)`,
        next_try_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where(and(eq(automaticBuilds.lang_id, lang.id), eq(automaticBuilds.state, 'waiting')))
      .returning({ id: automaticBuilds.id });
    if (!waiting) {
      await tx.insert(automaticBuilds).values({
        at,
        lang_id: lang.id,
        next_try_at: now.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    }
  }
  return langs.length;
}

export interface ClaimedBuild {
  id: number;
  lang_code: string;
  attempts: number;
}

/**
 * Takes the next build due at `now` (waiting, or running past its lease), once across instances: the row is
 * locked `for update skip locked`, so another instance looking meanwhile takes the next one or none, and the
 * claim moves `next_try_at` past now, so one looking afterwards does not find it due.
 */
export async function claimBuild(db: Executor, now: Date): Promise<ClaimedBuild | undefined> {
  const { rows } = (await db.execute(sql`
    update ${automaticBuilds} set state = 'running', attempts = attempts + 1,
      next_try_at = ${later(now, LEASE_MS)}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where id = (
      select id from ${automaticBuilds}
      where state in ('waiting', 'running') and next_try_at <= ${now.toISOString()}::timestamptz
      order by at, id limit 1 for update skip locked)
    returning id, attempts, (select code from ${languages} where id = lang_id) as lang_code`)) as unknown as {
    rows: ClaimedBuild[];
  };
  return rows[0];
}

/** What happened to a claimed build; a stale claim (another instance took it over after its lease) changes nothing. */
async function settle(db: Db, claimed: ClaimedBuild, now: Date, outcome: Partial<typeof automaticBuilds.$inferInsert>) {
  await db
    .update(automaticBuilds)
    .set({ ...outcome, updated_at: now.toISOString() })
    .where(
      and(
        eq(automaticBuilds.id, claimed.id),
        eq(automaticBuilds.state, 'running'),
        eq(automaticBuilds.attempts, claimed.attempts),
      ),
    );
}

export function buildDone(db: Db, claimed: ClaimedBuild, now: Date, buildId: number) {
  return settle(db, claimed, now, { state: 'done', build_id: buildId, error: null, next_try_at: null });
}

/** Back to waiting with a longer wait each time, or `failed` after the last attempt; the error in words. */
export async function buildFailed(db: Db, claimed: ClaimedBuild, now: Date, err: unknown) {
  const last = claimed.attempts >= MAX_ATTEMPTS;
  await settle(db, claimed, now, {
    state: last ? 'failed' : 'waiting',
    error: inWords(err),
    next_try_at: last ? null : later(now, retryDelayMs(claimed.attempts)),
  });
  return last ? ('failed' as const) : ('retried' as const);
}

const SYSTEM_ERRORS: Record<string, string> = {
  ENOSPC: 'The disk is full',
  EACCES: 'Storage refused to write the file (permission denied)',
  EPERM: 'Storage refused to write the file (permission denied)',
  ENOENT: 'A file or folder the build needs is missing',
  ECONNREFUSED: 'Storage could not be reached',
  ETIMEDOUT: 'Storage did not answer in time',
};

/** Staff read this on the Schedule screen: a sentence, never a stack trace, a path or SQL (the log has those). */
export function inWords(err: unknown): string {
  if (err instanceof HttpError) return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? SYSTEM_ERRORS[code] : undefined;
  return `The catalogue could not be built and stored${known ? `: ${known}` : ''}. The server log has the details.`;
}

const doneLater = alias(automaticBuilds, 'done_later');

/**
 * The automatic builds, newest first, and how many failed for good and were not made up for since: by a later
 * automatic build of their language done (told by its id, whatever the instances' clocks say), or by a person's
 * publish of the language after the failed build's edge, on the JSON Build screen, as the Schedule screen's alert asks
 * them to. A rollback does not count: it makes an older file live, without what the failed build was to publish.
 */
export async function listAutomaticBuilds(
  db: Executor,
  page: { offset: number; limit: number },
): Promise<ScheduleJobsPage> {
  const rows = await db
    .select({
      id: automaticBuilds.id,
      at: automaticBuilds.at,
      lang: languages.code,
      state: automaticBuilds.state,
      build_id: automaticBuilds.build_id,
      error: automaticBuilds.error,
      attempts: automaticBuilds.attempts,
      next_try_at: automaticBuilds.next_try_at,
    })
    .from(automaticBuilds)
    .innerJoin(languages, eq(languages.id, automaticBuilds.lang_id))
    .orderBy(desc(automaticBuilds.id))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total }] = await db.select({ total: count() }).from(automaticBuilds);
  const [{ failing }] = await db
    .select({ failing: count() })
    .from(automaticBuilds)
    .where(
      and(
        eq(automaticBuilds.state, 'failed'),
        sql`not exists (select 1 from ${automaticBuilds} ${doneLater} where ${doneLater.lang_id} = ${automaticBuilds.lang_id}
          and ${doneLater.state} = 'done' and ${doneLater.id} > ${automaticBuilds.id})`,
        sql`not exists (select 1 from ${catalogueBuilds} where ${catalogueBuilds.lang_id} = ${automaticBuilds.lang_id}
          and ${catalogueBuilds.rollback_of} is null and ${catalogueBuilds.created_at} > ${automaticBuilds.at})`,
      ),
    );
  return { rows: rows satisfies AutomaticBuild[], count: total, failing };
}
