import { type ApiError, api, MAX_REPORT_DAYS, MAX_VIEW_EVENTS, REPORT_CSV_COLUMNS, Report } from '@kids-vod/contract';
import { and, between, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { viewDaily, viewDailyContent, viewEventIds } from '../../db/schema.ts';
import { csvRecord, csvText, dottedDate } from '../../lib/csv.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { EVENT_ID_RETENTION_DAYS, REPORT_PAGE_SIZE } from './data.ts';

const KEY = 'x'.repeat(32);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INGEST_KEY: KEY });
});
afterAll(() => t.close());

interface Event {
  content_id: number;
  lang_id?: number;
  country?: string;
  seconds: number;
  ts: string;
  event_id?: string;
}

/** Sends events as a player app does: no session, the ingest key. */
function ingest(events: unknown[], headers: Record<string, string> = { 'x-ingest-key': KEY }) {
  return t.send(api.report.views, { events }, { token: null, headers });
}

async function ingestOk(events: Event[]) {
  const res = await ingest(events.map((e) => ({ lang_id: 1, country: 'US', ...e })));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { accepted: number; rejected: number; duplicates: number };
}

/**
 * Asks for the report. A JSON answer is checked against the contract's schema here: the route sends it
 * as text, past the response schema.
 */
async function report(body: Record<string, unknown>) {
  const res = await t.send(api.report.report, body);
  if (res.statusCode === 200 && !body.csv) {
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const parsed = Report.safeParse(res.json());
    expect(parsed.error, 'the answer as the contract has it').toBeUndefined();
    expect(parsed.data).toEqual(res.json());
  }
  return res;
}

/** Asks for the report as CSV: its text after the byte order mark every download starts with (Excel's UTF-8). */
async function reportCsv(body: Record<string, unknown>) {
  const res = await t.send(api.report.report, { ...body, csv: true });
  if (res.statusCode === 200) expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { statusCode: res.statusCode, headers: res.headers, body: res.body.replace(/^\uFEFF/, '') };
}

let seq = 0;
async function newBrand(name: string) {
  seq += 1;
  const res = await t.send(api.brand.add, { name, slug: `report-brand-${seq}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string };
}

async function newContent(brandId: number, season: number, sortNumber: number, title?: string) {
  const res = await t.send(api.content.add, { brand_id: brandId, season, sort_number: sortNumber });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as number;
  if (title !== undefined) {
    const lang = await t.send(api.content.langAdd, { content_id: id, lang_id: 1, title });
    expect(lang.statusCode, lang.body).toBe(200);
  }
  return id;
}

/** The stored rollup rows of some content, in key order. */
function dailyRows(contentId: number) {
  return t.database.db
    .select()
    .from(viewDaily)
    .where(eq(viewDaily.content_id, contentId))
    .orderBy(viewDaily.day, viewDaily.lang_id, viewDaily.country);
}

/** The stored per-(day, content) rollup rows of some content, by day. */
function contentDayRows(contentId: number) {
  return t.database.db
    .select()
    .from(viewDailyContent)
    .where(eq(viewDailyContent.content_id, contentId))
    .orderBy(viewDailyContent.day);
}

/**
 * view_daily summed per (day, content) next to view_daily_content, for some content: a key present in one
 * table only has null on the other side.
 */
async function rollupsSideBySide(contentIds: number[]) {
  const result = (await t.database.db.execute(sql`
    with d as (
      select day, content_id, sum(seconds) as seconds from view_daily
      where content_id = any(${sql.param(contentIds)}::int[]) group by day, content_id
    ), c as (
      select day, content_id, seconds from view_daily_content where content_id = any(${sql.param(contentIds)}::int[])
    )
    select day::text as day, content_id, d.seconds as daily, c.seconds as per_content
    from d full join c using (day, content_id)
    order by day, content_id`)) as unknown as {
    rows: { day: string; content_id: number; daily: number | null; per_content: number | null }[];
  };
  return result.rows;
}

/**
 * RFC 4180 reader, to check what a spreadsheet would see, splitting on `separator` as its locale says: like Excel,
 * a quote opens a quoted cell only at the start of one, and is a plain character elsewhere.
 */
function parseCsv(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let atStart = true;
  const endField = () => {
    record.push(field);
    field = '';
    atStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (ch === separator) endField();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else {
      field += ch;
      atStart = false;
    }
  }
  expect(field, 'the CSV ends with CRLF').toBe('');
  return records;
}

describe('view ingestion: the ingest key', () => {
  it('answers 401 without the key, with a wrong one, and for a session alone', async () => {
    const events = [{ content_id: 1, lang_id: 1, country: 'US', seconds: 1, ts: '2020-01-01T00:00:00Z' }];
    const none = await ingest(events, {});
    expect(none.statusCode).toBe(401);
    expect(none.json<ApiError>().detail).toBe('Missing or wrong X-Ingest-Key header');
    expect((await ingest(events, { 'x-ingest-key': 'y'.repeat(32) })).statusCode).toBe(401);
    expect((await ingest(events, { 'x-ingest-key': `${KEY}x` })).statusCode).toBe(401);
    expect((await ingest(events, { 'x-ingest-key': '' })).statusCode).toBe(401);
    const session = await t.send(api.report.views, { events });
    expect(session.statusCode).toBe(401);
  });

  it('checks the key before reading the body', async () => {
    // Raw on purpose: the body is not JSON.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stat/views',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses every call with 401 when the server has no INGEST_KEY', async () => {
    const app = await buildApp({
      database: t.database,
      config: { ...t.config, INGEST_KEY: undefined },
      consoleDir: '/nonexistent',
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/stat/views',
        headers: { 'x-ingest-key': KEY },
        payload: { events: [] },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiError>().detail).toMatch(/disabled/);
    } finally {
      await app.close();
    }
  });
});

describe('view ingestion: bodies', () => {
  let contentId: number;
  beforeAll(async () => {
    contentId = await newContent((await newBrand('Bodies')).id, 1, 1);
  });

  const event = (fields: Record<string, unknown> = {}) => ({
    content_id: contentId,
    lang_id: 1,
    country: 'US',
    seconds: 10,
    ts: '2020-02-01T12:00:00Z',
    ...fields,
  });

  it('takes 10,000 events and refuses 10,001 with 400', async () => {
    const full = Array.from({ length: MAX_VIEW_EVENTS }, () => event({ seconds: 1, ts: '2020-02-02T12:00:00Z' }));
    const ok = await ingest(full);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ accepted: MAX_VIEW_EVENTS, rejected: 0, duplicates: 0 });
    const tooMany = await ingest([...full, event()]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ApiError>().detail).toMatch(/^Invalid body: events:/);
    const rows = await t.database.db.select().from(viewDaily).where(eq(viewDaily.day, '2020-02-02'));
    expect(rows.map((r) => r.seconds)).toEqual([MAX_VIEW_EVENTS]);
    expect((await contentDayRows(contentId)).map((r) => [r.day, r.seconds])).toEqual([['2020-02-02', MAX_VIEW_EVENTS]]);
  });

  it.each([
    ['a three-letter country', { country: 'USA' }, 'events.0.country'],
    ['a country with a digit', { country: 'U1' }, 'events.0.country'],
    ['a time without an offset', { ts: '2020-02-01T12:00:00' }, 'events.0.ts'],
    ['a time that is no time', { ts: 'yesterday' }, 'events.0.ts'],
    ['a day that does not exist', { ts: '2021-02-29T12:00:00Z' }, 'events.0.ts'],
    ['a time before 2000', { ts: '1999-12-31T23:59:59Z' }, 'events.0.ts'],
    ['negative seconds', { seconds: -1 }, 'events.0.seconds'],
    ['more seconds than a day has', { seconds: 86_401 }, 'events.0.seconds'],
    ['seconds as text', { seconds: '10' }, 'events.0.seconds'],
    ['no content_id', { content_id: undefined }, 'events.0.content_id'],
    ['an empty event_id', { event_id: '' }, 'events.0.event_id'],
  ])('refuses %s with 400 and counts nothing of the batch', async (_, fields, path) => {
    const res = await ingest([event(fields), event({ ts: '2020-02-03T12:00:00Z' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiError>().errors?.map((e) => e.path)).toContain(path);
    expect(await t.database.db.select().from(viewDaily).where(eq(viewDaily.day, '2020-02-03'))).toEqual([]);
    expect(await t.database.db.select().from(viewDailyContent).where(eq(viewDailyContent.day, '2020-02-03'))).toEqual(
      [],
    );
  });

  it('refuses a body that is not a list of events with 400', async () => {
    // Raw on purpose: no body at all, which the contract's send never does.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/stat/views', headers: { 'x-ingest-key': KEY } })).statusCode,
    ).toBe(400);
    expect((await ingest({} as never)).statusCode).toBe(400);
  });

  it('answers zeros for an empty batch', async () => {
    expect((await ingest([])).json()).toEqual({ accepted: 0, rejected: 0, duplicates: 0 });
  });
});

describe('view ingestion: counting', () => {
  let brandId: number;
  let a: number;
  let b: number;
  beforeAll(async () => {
    brandId = (await newBrand('Counting')).id;
    a = await newContent(brandId, 1, 1);
    b = await newContent(brandId, 1, 2);
  });

  it('sums seconds per UTC day, content, language and upper-cased country', async () => {
    const result = await ingestOk([
      { content_id: a, seconds: 10, ts: '2021-03-10T23:59:59Z' },
      { content_id: a, seconds: 20, ts: '2021-03-11T00:00:01Z' },
      // 01:00 at +02:00 is 23:00 UTC the day before.
      { content_id: a, seconds: 5, ts: '2021-03-11T01:00:00+02:00' },
      { content_id: a, seconds: 1, ts: '2021-03-10T08:00:00Z', country: 'us' },
      { content_id: a, seconds: 7, ts: '2021-03-10T08:00:00Z', country: 'gb' },
      { content_id: a, seconds: 3, ts: '2021-03-10T08:00:00Z', lang_id: 2 },
      { content_id: b, seconds: 4, ts: '2021-03-10T08:00:00Z' },
    ]);
    expect(result).toEqual({ accepted: 7, rejected: 0, duplicates: 0 });
    const rows = await dailyRows(a);
    expect(rows.map((r) => [r.day, r.lang_id, r.country, r.seconds])).toEqual([
      ['2021-03-10', 1, 'GB', 7],
      ['2021-03-10', 1, 'US', 16],
      ['2021-03-10', 2, 'US', 3],
      ['2021-03-11', 1, 'US', 20],
    ]);
    // The report's rollup has the same seconds per day and content only.
    expect((await contentDayRows(a)).map((r) => [r.day, r.seconds])).toEqual([
      ['2021-03-10', 7 + 16 + 3],
      ['2021-03-11', 20],
    ]);
    // A second call adds to the stored day rather than writing a new row.
    await ingestOk([{ content_id: a, seconds: 4, ts: '2021-03-11T12:00:00Z' }]);
    expect((await dailyRows(a)).at(-1)).toMatchObject({ day: '2021-03-11', seconds: 24 });
    expect((await contentDayRows(a)).at(-1)).toMatchObject({ day: '2021-03-11', seconds: 24 });
  });

  it('counts a repeated event_id once, within a batch and across calls', async () => {
    const first = await ingestOk([
      { content_id: b, seconds: 60, ts: '2021-04-01T10:00:00Z', event_id: 'dup-1' },
      { content_id: b, seconds: 60, ts: '2021-04-01T10:00:00Z', event_id: 'dup-1' },
      { content_id: b, seconds: 30, ts: '2021-04-01T10:00:00Z', event_id: 'dup-2' },
      { content_id: b, seconds: 6, ts: '2021-04-01T10:00:00Z' },
      { content_id: b, seconds: 6, ts: '2021-04-01T10:00:00Z' },
    ]);
    expect(first).toEqual({ accepted: 4, rejected: 0, duplicates: 1 });
    const second = await ingestOk([
      { content_id: b, seconds: 30, ts: '2021-04-01T10:00:00Z', event_id: 'dup-2' },
      { content_id: b, seconds: 120, ts: '2021-04-01T10:00:00Z', event_id: 'dup-3' },
    ]);
    expect(second).toEqual({ accepted: 1, rejected: 0, duplicates: 1 });
    const rows = await t.database.db
      .select()
      .from(viewDaily)
      .where(and(eq(viewDaily.content_id, b), eq(viewDaily.day, '2021-04-01')));
    expect(rows.map((r) => r.seconds)).toEqual([60 + 30 + 6 + 6 + 120]);
  });

  it('tells ids apart by every character: quotes, backslashes, commas, braces, spaces, NULL, any Unicode', async () => {
    const ids = [
      '"',
      '\\',
      'a,b',
      '{x}',
      ' spaced ',
      'NULL',
      'null',
      '"quoted" \\"',
      'дети 🎬',
      'e\u0301',
      '\u00e9',
      'a\nb',
    ];
    const batch = ids.map((event_id) => ({ content_id: b, seconds: 1, ts: '2021-04-03T10:00:00Z', event_id }));
    expect(await ingestOk(batch)).toEqual({ accepted: batch.length, rejected: 0, duplicates: 0 });
    // Each comes back as itself: the same ids again are all repeats, none taken for another.
    expect(await ingestOk(batch)).toEqual({ accepted: 0, rejected: 0, duplicates: batch.length });
    const stored = await t.database.db.execute(
      sql`select event_id from view_event_ids where event_id = any(${sql.param(batch.map((e) => e.event_id))}::text[])`,
    );
    expect((stored as unknown as { rows: { event_id: string }[] }).rows.map((r) => r.event_id).sort()).toEqual(
      batch.map((e) => e.event_id).sort(),
    );
  });

  it('counts ids once when two calls with the same ids run at once', async () => {
    const batch = Array.from({ length: 50 }, (_, i) => ({
      content_id: b,
      seconds: 1,
      ts: '2021-04-02T10:00:00Z',
      event_id: `race-${i}`,
    }));
    const [x, y] = await Promise.all([ingestOk(batch), ingestOk([...batch].reverse())]);
    expect(x.accepted + y.accepted).toBe(50);
    expect(x.duplicates + y.duplicates).toBe(50);
    const rows = await t.database.db
      .select()
      .from(viewDaily)
      .where(and(eq(viewDaily.content_id, b), eq(viewDaily.day, '2021-04-02')));
    expect(rows.map((r) => r.seconds)).toEqual([50]);
  });

  it('does not count events of unknown content or language, and counts the rest', async () => {
    const result = await ingestOk([
      { content_id: 2_000_000_000, seconds: 10, ts: '2021-05-01T10:00:00Z', event_id: 'unknown-content' },
      { content_id: b, lang_id: 999_999, seconds: 10, ts: '2021-05-01T10:00:00Z' },
      { content_id: b, seconds: 10, ts: '2021-05-01T10:00:00Z' },
    ]);
    expect(result).toEqual({ accepted: 1, rejected: 2, duplicates: 0 });
    expect((await dailyRows(b)).filter((r) => r.day === '2021-05-01').map((r) => r.seconds)).toEqual([10]);
    // A rejected event's id is not remembered: sent again once its content exists, it counts.
    const [remembered] = await t.database.db
      .select()
      .from(viewEventIds)
      .where(eq(viewEventIds.event_id, 'unknown-content'));
    expect(remembered).toBeUndefined();
  });

  it('keeps fractions of seconds, in both rollups', async () => {
    await ingestOk([
      { content_id: b, seconds: 0.4, ts: '2021-06-01T10:00:00Z' },
      { content_id: b, seconds: 0.4, ts: '2021-06-01T11:00:00Z' },
      { content_id: b, seconds: 0.45, ts: '2021-06-01T12:00:00Z' },
    ]);
    const [row] = (await dailyRows(b)).filter((r) => r.day === '2021-06-01');
    // 1.25 s, not rounded (both columns are double precision).
    expect(row.seconds).toBeCloseTo(1.25, 9);
    const [perContent] = (await contentDayRows(b)).filter((r) => r.day === '2021-06-01');
    expect(perContent.seconds).toBeCloseTo(1.25, 9);
  });

  it('forgets event ids after the retention window, a bounded number per call', async () => {
    const old = `${EVENT_ID_RETENTION_DAYS + 1} days`;
    await t.database.db.insert(viewEventIds).values([
      { event_id: 'expired-1', created_at: sql`now() - ${old}::interval` as never },
      { event_id: 'expired-2', created_at: sql`now() - ${old}::interval` as never },
      { event_id: 'recent-1', created_at: sql`now() - interval '1 day'` as never },
    ]);
    const result = await ingestOk([
      { content_id: b, seconds: 1, ts: '2021-07-01T10:00:00Z', event_id: 'expired-1' },
      { content_id: b, seconds: 1, ts: '2021-07-01T10:00:00Z', event_id: 'recent-1' },
    ]);
    // expired-1 was purged before the batch was checked, so it counts again; recent-1 is a repeat.
    expect(result).toEqual({ accepted: 1, rejected: 0, duplicates: 1 });
    const left = await t.database.db
      .select({ id: viewEventIds.event_id })
      .from(viewEventIds)
      .where(sql`${viewEventIds.event_id} in ('expired-1', 'expired-2', 'recent-1')`)
      .orderBy(viewEventIds.event_id);
    expect(left.map((r) => r.id)).toEqual(['expired-1', 'recent-1']);
  });
});

describe('view ingestion: the two rollups agree', () => {
  let ids: number[];
  beforeAll(async () => {
    const brand = await newBrand('Consistency');
    ids = [await newContent(brand.id, 1, 1), await newContent(brand.id, 1, 2), await newContent(brand.id, 2, 1)];
  });

  /** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
  }

  /**
   * The event an id stands for: the same id always means the same event, so whichever call counts it
   * first, the sums are the same. A tenth of the events have unknown content or language, a fifth no id.
   */
  function eventOf(n: number): Event & { valid: boolean } {
    const r = random(n + 1);
    const pick = r();
    const unknownContent = pick < 0.05;
    const unknownLang = pick >= 0.05 && pick < 0.1;
    return {
      content_id: unknownContent ? 2_000_000_001 : ids[Math.floor(r() * ids.length)],
      lang_id: unknownLang ? 999_998 : 1 + Math.floor(r() * 3),
      country: ['US', 'GB', 'DE'][Math.floor(r() * 3)],
      seconds: Math.round(r() * 600_000) / 1000,
      // Three days, across midnights.
      ts: new Date(Date.parse('2021-08-01T00:00:00Z') + Math.floor(r() * 3 * 86_400_000)).toISOString(),
      event_id: r() < 0.2 ? undefined : `agree-${n}`,
      valid: !unknownContent && !unknownLang,
    };
  }

  it('holds per (day, content) the sums of view_daily, after repeats, rejects and concurrent calls', async () => {
    const send = (ns: number[]) => ingestOk(ns.map((n) => eventOf(n)).map(({ valid: _, ...e }) => e));
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
    // Overlapping ranges: ids sent again are duplicates; events without an id count each time they are sent.
    const sent = [range(0, 300), range(250, 600), range(550, 900)];
    for (const ns of sent) await send(ns);
    const together = [range(850, 1200), range(1100, 1500).reverse()];
    await Promise.all(together.map(send));
    sent.push(...together);

    // What should be counted, worked out here: each id once, each event without an id every time.
    const expected = new Map<string, number>();
    const seen = new Set<string>();
    for (const n of sent.flat()) {
      const e = eventOf(n);
      if (!e.valid) continue;
      if (e.event_id !== undefined) {
        if (seen.has(e.event_id)) continue;
        seen.add(e.event_id);
      }
      const key = `${e.ts.slice(0, 10)}|${e.content_id}`;
      expected.set(key, (expected.get(key) ?? 0) + e.seconds);
    }

    const stored = await rollupsSideBySide(ids);
    expect(stored.map((r) => `${r.day}|${r.content_id}`).sort()).toEqual([...expected.keys()].sort());
    for (const r of stored) {
      expect(r.daily, `${r.day} ${r.content_id}`).not.toBeNull();
      expect(r.per_content, `${r.day} ${r.content_id}`).not.toBeNull();
      // Equal but for the order the doubles were added in.
      expect(Math.abs((r.daily as number) - (r.per_content as number))).toBeLessThan(1e-6);
      expect(r.per_content).toBeCloseTo(expected.get(`${r.day}|${r.content_id}`) as number, 6);
    }
  });

  it('cascades a deleted item from both', async () => {
    const brand = await newBrand('Consistency, deleted');
    const gone = await newContent(brand.id, 1, 1);
    await ingestOk([{ content_id: gone, seconds: 12.5, ts: '2021-08-05T10:00:00Z' }]);
    expect(await rollupsSideBySide([gone])).toEqual([
      { day: '2021-08-05', content_id: gone, daily: 12.5, per_content: 12.5 },
    ]);
    await t.database.db.execute(sql`delete from content where id = ${gone}`);
    expect(await rollupsSideBySide([gone])).toEqual([]);
  });

  it("cascades a deleted brand's content from both, and keeps what other content watched", async () => {
    const brand = await newBrand('Consistency, brand deleted');
    const gone = [await newContent(brand.id, 1, 1), await newContent(brand.id, 1, 2)];
    const kept = await newContent((await newBrand('Consistency, brand kept')).id, 1, 1);
    await ingestOk([...gone, kept].map((content_id) => ({ content_id, seconds: 3, ts: '2021-08-06T10:00:00Z' })));
    await t.database.db.execute(sql`delete from brands where id = ${brand.id}`);
    expect(await rollupsSideBySide([...gone, kept])).toEqual([
      { day: '2021-08-06', content_id: kept, daily: 3, per_content: 3 },
    ]);
  });
});

describe('viewing-minutes report', () => {
  let zeta: { id: number; name: string };
  let alpha: { id: number; name: string };
  let z1: number;
  let a21: number;
  let a13: number;
  let a11: number;

  beforeAll(async () => {
    // The collator orders "alpha" before "Zeta"; a byte-order sort would not.
    zeta = await newBrand('Zeta');
    alpha = await newBrand('alpha');
    z1 = await newContent(zeta.id, 1, 1, 'Zeta one');
    a21 = await newContent(alpha.id, 2, 1, 'Season two');
    a13 = await newContent(alpha.id, 1, 3);
    a11 = await newContent(alpha.id, 1, 1, 'First');
    await newContent(alpha.id, 1, 2, 'Never watched');
    await ingestOk([
      // The day before the range: not counted.
      { content_id: a11, seconds: 600, ts: '2022-01-09T23:59:59Z' },
      // First day of the range.
      { content_id: a11, seconds: 90, ts: '2022-01-10T00:00:00Z' },
      { content_id: a11, seconds: 45.25, ts: '2022-01-10T08:00:00Z', country: 'DE', lang_id: 2 },
      { content_id: z1, seconds: 9, ts: '2022-01-10T09:00:00Z' },
      // Last day of the range.
      { content_id: a13, seconds: 3600, ts: '2022-01-12T23:59:59Z' },
      { content_id: a21, seconds: 1, ts: '2022-01-12T10:00:00Z' },
      { content_id: z1, seconds: 60, ts: '2022-01-12T10:00:00Z' },
      // The day after: not counted.
      { content_id: a13, seconds: 600, ts: '2022-01-13T00:00:00Z' },
    ]);
  });

  it('answers minutes per content with one decimal, ordered by brand name, season and number', async () => {
    const res = await report({ date_from: '2022-01-10', date_to: '2022-01-12' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rows).toEqual([
      // 135.25 s = 2.254 min
      {
        brand_id: alpha.id,
        brand_name: 'alpha',
        content_id: a11,
        season: 1,
        sort_number: 1,
        title: 'First',
        minutes: 2.3,
      },
      { brand_id: alpha.id, brand_name: 'alpha', content_id: a13, season: 1, sort_number: 3, title: '', minutes: 60 },
      // 1 s = 0.017 min
      {
        brand_id: alpha.id,
        brand_name: 'alpha',
        content_id: a21,
        season: 2,
        sort_number: 1,
        title: 'Season two',
        minutes: 0,
      },
      // 69 s = 1.15 min
      {
        brand_id: zeta.id,
        brand_name: 'Zeta',
        content_id: z1,
        season: 1,
        sort_number: 1,
        title: 'Zeta one',
        minutes: 1.2,
      },
    ]);
    expect(body.total_minutes).toBe(63.5);
    expect(body.date_from).toBe('2022-01-10');
    expect(body.date_to).toBe('2022-01-12');
    // By date, then brand id (Zeta was created first).
    expect(zeta.id).toBeLessThan(alpha.id);
    expect(body.by_day).toEqual([
      { date: '2022-01-10', brand_id: zeta.id, minutes: 0.2 },
      { date: '2022-01-10', brand_id: alpha.id, minutes: 2.3 },
      { date: '2022-01-12', brand_id: zeta.id, minutes: 1 },
      { date: '2022-01-12', brand_id: alpha.id, minutes: 60 },
    ]);
  });

  it('rounds a half up when the sum of fractions lands a hair below it', async () => {
    const brand = await newBrand('Halves');
    const item = await newContent(brand.id, 1, 1, 'Three seconds');
    // 0.01 + 2.01 + 0.98 is 2.9999999999999996 in doubles: 3 s, 0.05 min, shown as 0.1.
    await ingestOk([
      { content_id: item, seconds: 0.01, ts: '2022-04-01T10:00:00Z' },
      { content_id: item, seconds: 2.01, ts: '2022-04-01T10:00:01Z' },
      { content_id: item, seconds: 0.98, ts: '2022-04-01T10:00:02Z' },
    ]);
    expect((await contentDayRows(item))[0].seconds).toBeLessThan(3);
    const json = (await report({ date_from: '2022-04-01', date_to: '2022-04-01' })).json();
    expect(json.rows).toEqual([expect.objectContaining({ content_id: item, minutes: 0.1 })]);
    expect(json.by_day).toEqual([{ date: '2022-04-01', brand_id: brand.id, minutes: 0.1 }]);
    expect(json.total_minutes).toBe(0.1);
    const csv = await reportCsv({ date_from: '2022-04-01', date_to: '2022-04-01' });
    expect(parseCsv(csv.body)[1].at(-1)).toBe('0.1');
  });

  it('includes both ends of the range and nothing outside it', async () => {
    const first = (await report({ date_from: '2022-01-10', date_to: '2022-01-10' })).json();
    expect(first.rows.map((r: { content_id: number }) => r.content_id)).toEqual([a11, z1]);
    expect(first.total_minutes).toBe(2.5);
    const last = (await report({ date_from: '2022-01-12', date_to: '2022-01-12' })).json();
    expect(last.rows.map((r: { content_id: number }) => r.content_id)).toEqual([a13, a21, z1]);
    const before = (await report({ date_from: '2022-01-09', date_to: '2022-01-09' })).json();
    expect(before.rows).toEqual([expect.objectContaining({ content_id: a11, minutes: 10 })]);
    const none = (await report({ date_from: '2022-01-11', date_to: '2022-01-11' })).json();
    expect(none).toEqual({ date_from: '2022-01-11', date_to: '2022-01-11', total_minutes: 0, rows: [], by_day: [] });
  });

  it.each([
    ['a date without leading zeros', { date_from: '2022-1-10', date_to: '2022-01-12' }, 'date_from'],
    ['a day that does not exist', { date_from: '2022-01-10', date_to: '2022-02-30' }, 'date_to'],
    ['a date in another format', { date_from: '10.01.2022', date_to: '2022-01-12' }, 'date_from'],
    ['no end date', { date_from: '2022-01-10' }, 'date_to'],
  ])('refuses %s with 400 and says the format', async (_, body, path) => {
    const res = await report(body);
    expect(res.statusCode).toBe(400);
    const detail = res.json<ApiError>().detail as string;
    expect(detail.startsWith(`Invalid body: ${path}:`)).toBe(true);
    if (path in body) expect(detail).toMatch(/yyyy-MM-dd/);
  });

  it('refuses a start after the end, and a range longer than 3 years, with 400', async () => {
    const backwards = await report({ date_from: '2022-01-12', date_to: '2022-01-10' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<ApiError>().detail).toBe('Invalid body: date_to: The end date is before the start date');
    const tooLong = await report({ date_from: '2020-01-01', date_to: '2023-01-01' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ApiError>().detail).toMatch(/longer than 1096 days/);
    // Exactly the longest range is fine: 2020-01-01 .. 2022-12-31 is 1096 days.
    expect(MAX_REPORT_DAYS).toBe(1096);
    expect((await report({ date_from: '2020-01-01', date_to: '2022-12-31' })).statusCode).toBe(200);
  });

  it('needs a session: 401 without one', async () => {
    const res = await t.send(api.report.report, { date_from: '2022-01-10', date_to: '2022-01-12' }, { token: null });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not signed in' });
    const withKey = await t.send(
      api.report.report,
      { date_from: '2022-01-10', date_to: '2022-01-12', csv: true },
      { token: null, headers: { 'x-ingest-key': KEY } },
    );
    expect(withKey.statusCode).toBe(401);
  });

  it('downloads the same rows as CSV with a header row and a dated file name', async () => {
    const res = await reportCsv({ date_from: '2022-01-10', date_to: '2022-01-12' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report_10.01.2022-12.01.2022.csv"');
    expect(res.body.split('\r\n')[0]).toBe(
      '"brand_id","brand_name","content_id","season","sort_number","title","minutes"',
    );
    expect(parseCsv(res.body)).toEqual([
      [...REPORT_CSV_COLUMNS],
      [`${alpha.id}`, 'alpha', `${a11}`, '1', '1', 'First', '2.3'],
      [`${alpha.id}`, 'alpha', `${a13}`, '1', '3', '', '60.0'],
      [`${alpha.id}`, 'alpha', `${a21}`, '2', '1', 'Season two', '0.0'],
      [`${zeta.id}`, 'Zeta', `${z1}`, '1', '1', 'Zeta one', '1.2'],
    ]);
    const empty = await reportCsv({ date_from: '2022-01-11', date_to: '2022-01-11' });
    expect(empty.body).toBe(`${REPORT_CSV_COLUMNS.map((c) => `"${c}"`).join(',')}\r\n`);
  });

  it('starts the file with the UTF-8 byte order mark, so Excel reads “Saturn’s Rings” as written', async () => {
    const saturn = await newBrand('Saturn’s Rings');
    const ring = await newContent(saturn.id, 1, 1, 'Ring’s edge');
    await ingestOk([{ content_id: ring, seconds: 60, ts: '2022-05-01T12:00:00Z' }]);
    const res = await t.send(api.report.report, { date_from: '2022-05-01', date_to: '2022-05-01', csv: true });
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, '"'.charCodeAt(0)]);
    // The apostrophe in UTF-8 (E2 80 99), not in a code page.
    expect(bytes.toString('utf8').split('\r\n')[1]).toBe(`${saturn.id},"Saturn’s Rings",${ring},1,1,"Ring’s edge",1.0`);
    expect(bytes.includes(Buffer.from('Saturn\u2019s', 'utf8'))).toBe(true);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', async () => {
    const evil = await newBrand('=HYPERLINK("http://evil.example","click")');
    const titles = ['Hello, "world"', 'two\nlines', '+1', '-2', '@SUM(A1)', '=1+2', 'Plain', 'Episode;=1+1;x'];
    const ids: number[] = [];
    for (const [i, title] of titles.entries()) ids.push(await newContent(evil.id, 1, i + 1, title));
    await ingestOk(ids.map((id) => ({ content_id: id, seconds: 60, ts: '2022-02-01T12:00:00Z' })));
    const res = await reportCsv({ date_from: '2022-02-01', date_to: '2022-02-01' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines[1]).toBe(
      `${evil.id},"'=HYPERLINK(""http://evil.example"",""click"")",${ids[0]},1,1,"Hello, ""world""",1.0`,
    );
    const records = parseCsv(res.body).slice(1);
    expect(records.map((r) => r[1])).toEqual(titles.map(() => `'${evil.name}`));
    expect(records.map((r) => r[5])).toEqual([
      'Hello, "world"',
      'two\nlines',
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'=1+2",
      'Plain',
      "Episode;'=1+1;x",
    ]);
    // Split on ';' as Excel in Russian, German or French does: no cell starts a formula, the title stays whole.
    const bySemicolon = parseCsv(res.body, ';').slice(1);
    for (const record of bySemicolon) {
      for (const cell of record) expect(cell, record.join(' | ')).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(bySemicolon.at(-1)).toEqual([
      `${evil.id},"'=HYPERLINK(""http://evil.example"",""click"")",${ids[7]},1,8,"Episode`,
      "'=1+1",
      'x",1.0',
    ]);
  });

  // A page and more of rows, written and read back: 30 s is not enough on a loaded 2-core machine.
  it('writes reports longer than one page, in order', { timeout: 90_000 }, async () => {
    const brand = await newBrand('Many');
    const count = REPORT_PAGE_SIZE + 7;
    // Inserted in SQL: too many rows for one parameterised insert, and far too many for the API.
    await t.database.db.execute(sql`
      insert into content (brand_id, season, sort_number)
      select ${brand.id}, 1, ${count} - i from generate_series(0, ${count - 1}) i`);
    // Both rollups, as ingestion leaves them; the report reads the per-content one.
    await t.database.db.execute(sql`
      insert into view_daily (day, content_id, lang_id, country, seconds)
      select '2022-03-01', id, 1, 'US', 6 from content where brand_id = ${brand.id}`);
    await t.database.db.execute(sql`
      insert into view_daily_content (day, content_id, seconds)
      select '2022-03-01', id, 6 from content where brand_id = ${brand.id}`);
    const csv = await reportCsv({ date_from: '2022-03-01', date_to: '2022-03-01' });
    const records = parseCsv(csv.body).slice(1);
    expect(records).toHaveLength(count);
    expect(records.map((r) => Number(r[4]))).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(new Set(records.map((r) => r[6]))).toEqual(new Set(['0.1']));
    const json = (await report({ date_from: '2022-03-01', date_to: '2022-03-01' })).json();
    expect(json.rows).toHaveLength(count);
    expect(json.total_minutes).toBe(count / 10);
    expect(json.rows.map((r: { content_id: number }) => String(r.content_id))).toEqual(records.map((r) => r[2]));
    const stored = await t.database.db
      .select()
      .from(viewDailyContent)
      .where(between(viewDailyContent.day, '2022-03-01', '2022-03-01'));
    expect(stored).toHaveLength(count);
  });
});

describe('CSV cells', () => {
  it('follows RFC 4180 and defuses formulas', () => {
    expect(csvText('plain')).toBe('"plain"');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('a\r\nb')).toBe('"a\r\nb"');
    expect(csvText('=1+1')).toBe(`"'=1+1"`);
    expect(csvText('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvText('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvText('=1,2')).toBe(`"'=1,2"`);
    expect(csvText('Episode;=1+1;x')).toBe(`"Episode;'=1+1;x"`);
    expect(csvText('a;b;@c;-d')).toBe(`"a;b;'@c;'-d"`);
    expect(csvText('a=b')).toBe('"a=b"');
    expect(csvText('')).toBe('""');
    expect(csvRecord([1, 'x,y', 2.5])).toBe('1,"x,y",2.5\r\n');
    expect(dottedDate('2024-05-31')).toBe('31.05.2024');
  });
});
