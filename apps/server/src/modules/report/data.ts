import { Readable } from 'node:stream';
import {
  type api,
  DEFAULT_LANG_ID,
  MAX_VIEW_EVENTS,
  REPORT_CSV_COLUMNS,
  type Report,
  type ReportRow,
  type ViewsResult,
} from '@kids-vod/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brands } from '../../db/schema.ts';
import { csvRecord, csvText, UTF8_BOM } from '../../lib/csv.ts';
import type { Body } from '../../lib/route.ts';
import { arrayLiteral } from '../../lib/sql-arrays.ts';

type ViewEvent = Body<typeof api.report.views>['events'][number];
export interface ReportRange {
  date_from: string;
  date_to: string;
}

/** Rows of a raw query; both drivers answer `{rows}` (the shared database type does not say so). */
async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/* ------------------------------------------------------------------------------------------------
 * Ingestion
 * --------------------------------------------------------------------------------------------- */

/** How long a counted event id is remembered: a repeat within this window is counted once. */
export const EVENT_ID_RETENTION_DAYS = 30;
/**
 * Expired event ids each ingestion call deletes at most. A call adds at most MAX_VIEW_EVENTS ids,
 * so purging as many keeps the table at about the retention window's worth, without a scheduler.
 */
export const EVENT_ID_PURGE_LIMIT = MAX_VIEW_EVENTS;

/** UTC calendar day of an ISO time with any offset ('Z' times, the usual case, without a Date). */
const utcDay = (ts: string) => (ts.endsWith('Z') ? ts.slice(0, 10) : new Date(ts).toISOString().slice(0, 10));

/** Ids that exist, among those sent; the content rows are key-share locked so none is deleted before commit. */
async function knownIds(tx: Executor, events: readonly ViewEvent[]) {
  const contentIds = [...new Set(events.map((e) => e.content_id))];
  const langIds = [...new Set(events.map((e) => e.lang_id))];
  const contentRows = await queryRows<{ id: number }>(
    tx,
    sql`select id from content where id = any(${arrayLiteral(contentIds)}::int[]) for key share`,
  );
  const langRows = await queryRows<{ id: number }>(
    tx,
    sql`select id from languages where id = any(${arrayLiteral(langIds)}::int[])`,
  );
  return { content: new Set(contentRows.map((r) => r.id)), langs: new Set(langRows.map((r) => r.id)) };
}

/**
 * Events not counted before: the first of each event_id in the batch, and only when inserting that id
 * into view_event_ids found it new. Events without an id cannot be recognised again and always count.
 */
async function dropRepeats(tx: Executor, events: readonly ViewEvent[]): Promise<ViewEvent[]> {
  const firstOfId = new Map<string, ViewEvent>();
  const withoutId: ViewEvent[] = [];
  for (const e of events) {
    if (e.event_id === undefined) withoutId.push(e);
    else if (!firstOfId.has(e.event_id)) firstOfId.set(e.event_id, e);
  }
  if (firstOfId.size === 0) return withoutId;
  // Sorted, so concurrent calls sharing ids take their row locks in one order and cannot deadlock.
  const ids = [...firstOfId.keys()].sort();
  const inserted = await queryRows<{ event_id: string }>(
    tx,
    sql`
      insert into view_event_ids (event_id)
      select unnest(${arrayLiteral(ids)}::text[])
      on conflict (event_id) do nothing
      returning event_id`,
  );
  return [...withoutId, ...inserted.map((r) => firstOfId.get(r.event_id) as ViewEvent)];
}

/**
 * Adds the events' seconds to both rollups, per UTC day, content, language and country and per day and
 * content, in one transaction so the two always agree. The events go as arrays, encoded once for both
 * statements; PostgreSQL sums the groups and writes them in one fixed order, so concurrent calls take their
 * row locks in the same order and cannot deadlock (see dropRepeats). view_daily_content is last before the
 * commit: every call of a day touches the same few thousand rows there, and their row locks are held until
 * the commit, so this keeps the time concurrent calls wait on each other short.
 */
async function addToRollups(tx: Executor, events: readonly ViewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const day = arrayLiteral(events.map((e) => utcDay(e.ts)));
  const contentId = arrayLiteral(events.map((e) => e.content_id));
  const seconds = arrayLiteral(events.map((e) => e.seconds));
  await tx.execute(sql`
    insert into view_daily (day, content_id, lang_id, country, seconds)
    select day, content_id, lang_id, country, sum(seconds)
    from unnest(
      ${day}::date[],
      ${contentId}::int[],
      ${arrayLiteral(events.map((e) => e.lang_id))}::int[],
      ${arrayLiteral(events.map((e) => e.country))}::text[],
      ${seconds}::float8[]
    ) as e(day, content_id, lang_id, country, seconds)
    group by day, content_id, lang_id, country
    order by day, content_id, lang_id, country
    on conflict (day, content_id, lang_id, country)
    do update set seconds = view_daily.seconds + excluded.seconds`);
  await tx.execute(sql`
    insert into view_daily_content (day, content_id, seconds)
    select day, content_id, sum(seconds)
    from unnest(${day}::date[], ${contentId}::int[], ${seconds}::float8[]) as e(day, content_id, seconds)
    group by day, content_id
    order by day, content_id
    on conflict (day, content_id)
    do update set seconds = view_daily_content.seconds + excluded.seconds`);
}

/**
 * Forgets event ids older than the retention window, oldest first, at most EVENT_ID_PURGE_LIMIT.
 * `skip locked`: two calls purging at once split the work instead of waiting on each other.
 */
async function purgeExpiredEventIds(tx: Executor): Promise<void> {
  await tx.execute(sql`
    delete from view_event_ids where event_id in (
      select event_id from view_event_ids
      where created_at < now() - make_interval(days => ${EVENT_ID_RETENTION_DAYS})
      order by created_at
      limit ${EVENT_ID_PURGE_LIMIT}
      for update skip locked)`);
}

/**
 * Counts a batch of watching events, all or nothing in one transaction: a failed call changed nothing,
 * so the player can send it again (ids already counted are then skipped).
 */
export async function ingestViews(db: Executor, events: readonly ViewEvent[]): Promise<ViewsResult> {
  if (events.length === 0) return { accepted: 0, rejected: 0, duplicates: 0 };
  return db.transaction(async (tx) => {
    // Inside the transaction: a purge that fails must not leave a counted batch answered with an error.
    await purgeExpiredEventIds(tx);
    const known = await knownIds(tx, events);
    const valid = events.filter((e) => known.content.has(e.content_id) && known.langs.has(e.lang_id));
    const fresh = await dropRepeats(tx, valid);
    await addToRollups(tx, fresh);
    return { accepted: fresh.length, rejected: events.length - valid.length, duplicates: valid.length - fresh.length };
  });
}

/* ------------------------------------------------------------------------------------------------
 * Report
 * --------------------------------------------------------------------------------------------- */

/** Rows turned into CSV text and handed to the response at a time (the stream's backpressure unit). */
export const REPORT_PAGE_SIZE = 20_000;

/**
 * Minutes with one decimal, as tenths of a minute (sums of these are exact), halves up. The seconds are
 * taken to the millisecond first: a double sum can land a hair below a half (2.9999999999999996 s for
 * 3 s) depending on the order it was added in, and the answer must not depend on that order.
 */
const tenths = (seconds: number) => Math.round(Math.round(seconds * 1000) / 6000);

const byName = new Intl.Collator('en').compare;

/**
 * Brands in report order. Sorted here, not by SQL `ORDER BY name`: PGlite and a server can have different
 * collations, and the report must not change order with the database (as the country list, ADR 001).
 */
async function brandsInOrder(db: Executor) {
  const rows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  rows.sort((a, b) => byName(a.name, b.name) || a.id - b.id);
  return { ids: rows.map((r) => r.id), names: new Map(rows.map((r) => [r.id, r.name])) };
}

/**
 * Memory for the report's hash tables and sorts, for its own queries only (`SET LOCAL`, in a transaction of
 * one query). With the server's default 4 MB a few hundred thousand groups spill to temporary files: the
 * totals of a 300,000-item catalogue, or a year by day of a thousand brands. 32 MB holds the former
 * (37 MB of hash table, hashing may use twice work_mem); 7–10 % faster than spilling (bench/README.md).
 */
const REPORT_WORK_MEM = '32MB';

function withReportMemory<T>(db: Executor, query: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${REPORT_WORK_MEM}'`));
    return query(tx);
  });
}

interface ContentTotal {
  content_id: number;
  brand_id: number;
  season: number;
  sort_number: number;
  /** The language-1 title, '' when there is no such version. */
  title: string;
  seconds: number;
}

/**
 * Watched seconds per content over the range, in report order, from the per-(day, content) rollup:
 * aggregated first (a range scan of its primary key, which leads with `day`), so the joins see one row
 * per watched item, not one per day. Titles come in the same query: one snapshot, and cheaper than
 * looking them up page by page (measured in bench/README.md).
 */
async function contentTotals(db: Executor, range: ReportRange, brandIds: number[]): Promise<ContentTotal[]> {
  return withReportMemory(db, (tx) =>
    queryRows<ContentTotal>(
      tx,
      sql`
        with v as (
          select content_id, sum(seconds) as seconds
          from view_daily_content
          where day between ${range.date_from}::date and ${range.date_to}::date
          group by content_id
        )
        select c.id as content_id, c.brand_id, c.season, c.sort_number, coalesce(cl.title, '') as title, v.seconds
        from v
        join content c on c.id = v.content_id
        left join content_langs cl on cl.content_id = c.id and cl.lang_id = ${DEFAULT_LANG_ID}
        left join unnest(${sql.param(brandIds)}::int[]) with ordinality as o(brand_id, rank) on o.brand_id = c.brand_id
        order by o.rank, c.brand_id, c.season, c.sort_number, c.id`,
    ),
  );
}

/**
 * Watched seconds per day and brand, from the same rollup: content is small and hashed once, and a
 * (day, brand) key has a few hundred groups a day.
 */
async function dailyByBrand(db: Executor, range: ReportRange) {
  const result = await withReportMemory(db, (tx) =>
    queryRows<{ date: string; brand_id: number; seconds: number }>(
      tx,
      sql`
        select v.day::text as date, c.brand_id, sum(v.seconds) as seconds
        from view_daily_content v
        join content c on c.id = v.content_id
        where v.day between ${range.date_from}::date and ${range.date_to}::date
        group by v.day, c.brand_id
        order by v.day, c.brand_id`,
    ),
  );
  return result.map((r) => ({ date: r.date, brand_id: r.brand_id, minutes: tenths(r.seconds) / 10 }));
}

async function prepare(db: Executor, range: ReportRange) {
  const order = await brandsInOrder(db);
  const totals = await contentTotals(db, range, order.ids);
  return { totals, brandNames: order.names };
}

/** The report as JSON: rows by brand name, season and number; minutes per day and brand; the total. */
export async function viewsReport(db: Executor, range: ReportRange): Promise<Report> {
  // Independent reads: on a server they run on two connections at once.
  const [{ totals, brandNames }, byDay] = await Promise.all([prepare(db, range), dailyByBrand(db, range)]);
  let totalTenths = 0;
  const rows = totals.map((t): ReportRow => {
    const minuteTenths = tenths(t.seconds);
    totalTenths += minuteTenths;
    return {
      brand_id: t.brand_id,
      // A brand added after the names were read has no views yet; '' keeps the row rather than failing.
      brand_name: brandNames.get(t.brand_id) ?? '',
      content_id: t.content_id,
      season: t.season,
      sort_number: t.sort_number,
      title: t.title,
      minutes: minuteTenths / 10,
    };
  });
  // The total is the sum of the rows as shown, so a spreadsheet adding them up agrees with it.
  return { date_from: range.date_from, date_to: range.date_to, total_minutes: totalTenths / 10, rows, by_day: byDay };
}

/** `12.3` from 123 tenths (never negative), as `toFixed(1)` writes it. */
const minutesText = (minuteTenths: number) => `${Math.floor(minuteTenths / 10)}.${minuteTenths % 10}`;

/**
 * The report rows as CSV, streamed: the rows are read before the first byte (so a failure is still an
 * error answer), then written REPORT_PAGE_SIZE records at a time, each page only when the client has taken
 * the previous one. A brand's id and name cells are escaped once per report, not once per row.
 */
export async function viewsReportCsv(db: Executor, range: ReportRange): Promise<Readable> {
  const { totals, brandNames } = await prepare(db, range);
  const brandCells = new Map<number, string>();
  function page(start: number): string {
    let text = '';
    for (const t of totals.slice(start, start + REPORT_PAGE_SIZE)) {
      let brand = brandCells.get(t.brand_id);
      if (brand === undefined) {
        brand = `${t.brand_id},${csvText(brandNames.get(t.brand_id) ?? '')},`;
        brandCells.set(t.brand_id, brand);
      }
      text += `${brand}${t.content_id},${t.season},${t.sort_number},${csvText(t.title)},${minutesText(tenths(t.seconds))}\r\n`;
    }
    return text;
  }
  function* chunks() {
    yield UTF8_BOM + csvRecord(REPORT_CSV_COLUMNS);
    for (let start = 0; start < totals.length; start += REPORT_PAGE_SIZE) yield page(start);
  }
  return Readable.from(chunks(), { objectMode: false });
}
