import { api } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../../lib/jobs.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { staffTokens } from '../../test/staff.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './data.ts';
import { publishOnScheduleJob, SCHEDULE_EVERY_MS } from './index.ts';

/**
 * The schedule (api.md "Availability in time", docs/decisions/031-scheduler.md): the edges between two moments, and
 * the automatic builds the job runs at each edge, with a clock the test moves. The scheduler's tests move it
 * forward only (2030 on), one after the other; the listing's items sit in 2040, where the scheduler never goes.
 */
let t: TestApp;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await staffTokens(t);
});
afterAll(() => t.close());

const ENGLISH = 1;
const FRENCH = 4;
const GERMAN = 5;
const ITALIAN = 6;
const PORTUGUESE = 7;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const iso = (ms: number) => new Date(ms).toISOString();

let seq = 0;
const stream = (langId: number, window: { available_from?: string; available_until?: string }) => {
  seq += 1;
  return t.call(api.stream.add, {
    lang_id: langId,
    title: `Scheduled stream ${seq}`,
    url: `https://live.example.com/scheduled-${seq}.m3u8`,
    ...window,
  });
};

describe('schedule/list', () => {
  const Y = Date.parse('2040-01-01T00:00:00.000Z');
  const DAY = 86_400_000;
  let brand: { id: number; name: string };
  let episode: { id: number };
  let rule: { id: number };
  let banner: { id: number };
  let live: { id: number };
  beforeAll(async () => {
    brand = await t.call(api.brand.add, { name: 'Ducks', available_from: iso(Y + 10 * DAY) });
    await t.call(api.brand.langAdd, { brand_id: brand.id, lang_id: FRENCH, title: 'Canards' });
    await t.call(api.brand.langAdd, { brand_id: brand.id, lang_id: ENGLISH, title: 'Ducks' });
    // An episode with a version of its own is in that language's catalogue only; one without, in its brand's.
    episode = await t.call(api.content.add, {
      brand_id: brand.id,
      season: 1,
      sort_number: 2,
      available_from: iso(Y + 2 * DAY),
      available_until: iso(Y + 40 * DAY),
    });
    await t.call(api.content.langAdd, { content_id: episode.id, lang_id: FRENCH, title: 'Un' });
    await t.call(api.content.add, { brand_id: brand.id, season: 2, sort_number: 1, available_from: iso(Y + 3 * DAY) });
    rule = await t.call(api.brand.addCountryRule, {
      brand_id: brand.id,
      code2: ['GB', 'IE'],
      starts_at: iso(Y + 5 * DAY),
      ends_at: iso(Y + 30 * DAY),
    });
    banner = await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Winter',
      lang_id: GERMAN,
      brand_id: brand.id,
      available_until: iso(Y + 20 * DAY),
    });
    live = await stream(ITALIAN, { available_from: iso(Y + DAY), available_until: iso(Y + DAY + 3_600_000) });
    // What is in the bin has no edges, nor has what belongs to a brand in the bin.
    const gone = await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Gone',
      available_from: iso(Y + 4 * DAY),
    });
    await t.call(api.promo.delete, { id: gone.id });
    const binned = await t.call(api.brand.add, { name: 'Binned', available_from: iso(Y + 4 * DAY) });
    await t.call(api.content.add, { brand_id: binned.id, available_from: iso(Y + 4 * DAY) });
    await t.call(api.brand.addCountryRule, { brand_id: binned.id, code2: ['FR'], starts_at: iso(Y + 4 * DAY) });
    await t.call(api.brand.delete, { id: binned.id });
  });

  it('answers every edge in the range in time order, with the languages whose catalogues change', async () => {
    const edges = await t.call(api.schedule.list, { from: iso(Y), to: iso(Y + 60 * DAY) });
    expect(edges).toEqual([
      {
        at: iso(Y + DAY),
        edge: 'opens',
        entity: 'streams',
        id: live.id,
        name: `Scheduled stream ${seq}`,
        langs: ['it'],
        brand_id: null,
      },
      {
        at: iso(Y + DAY + 3_600_000),
        edge: 'closes',
        entity: 'streams',
        id: live.id,
        name: `Scheduled stream ${seq}`,
        langs: ['it'],
        brand_id: null,
      },
      {
        at: iso(Y + 2 * DAY),
        edge: 'opens',
        entity: 'content',
        id: episode.id,
        name: 'Ducks · S1E2',
        langs: ['fr'],
        brand_id: brand.id,
      },
      {
        at: iso(Y + 3 * DAY),
        edge: 'opens',
        entity: 'content',
        id: expect.any(Number),
        name: 'Ducks · S2E1',
        langs: ['en', 'fr'],
        brand_id: brand.id,
      },
      {
        at: iso(Y + 5 * DAY),
        edge: 'opens',
        entity: 'country_rules',
        id: rule.id,
        name: 'Ducks · only GB, IE',
        langs: ['en', 'fr'],
        brand_id: brand.id,
        countries: ['GB', 'IE'],
        exclude: false,
      },
      {
        at: iso(Y + 10 * DAY),
        edge: 'opens',
        entity: 'brands',
        id: brand.id,
        name: 'Ducks',
        langs: ['en', 'fr'],
        brand_id: brand.id,
      },
      {
        at: iso(Y + 20 * DAY),
        edge: 'closes',
        entity: 'promos',
        id: banner.id,
        name: 'Winter',
        langs: ['de'],
        brand_id: brand.id,
      },
      {
        at: iso(Y + 30 * DAY),
        edge: 'closes',
        entity: 'country_rules',
        id: rule.id,
        name: 'Ducks · only GB, IE',
        langs: ['en', 'fr'],
        brand_id: brand.id,
        countries: ['GB', 'IE'],
        exclude: false,
      },
      {
        at: iso(Y + 40 * DAY),
        edge: 'closes',
        entity: 'content',
        id: episode.id,
        name: 'Ducks · S1E2',
        langs: ['fr'],
        brand_id: brand.id,
      },
    ]);
  });

  it('takes from inclusive and to exclusive', async () => {
    const edges = await t.call(api.schedule.list, { from: iso(Y + 2 * DAY), to: iso(Y + 10 * DAY) });
    expect(edges.map((e) => e.at)).toEqual([iso(Y + 2 * DAY), iso(Y + 3 * DAY), iso(Y + 5 * DAY)]);
    expect(await t.call(api.schedule.list, { from: iso(Y + 41 * DAY), to: iso(Y + 300 * DAY) })).toEqual([]);
  });

  it('refuses a range that ends before it starts, spans over 366 days or has no valid moment, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ from: iso(Y + DAY), to: iso(Y) }, 'to'],
      [{ from: iso(Y), to: iso(Y) }, 'to'],
      [{ from: iso(Y), to: iso(Y + 367 * DAY) }, 'to'],
      [{ from: 'tomorrow', to: iso(Y) }, 'from'],
      [{ from: iso(Y), to: '2040-13-45T00:00:00Z' }, 'to'],
      [{ from: iso(Y) }, 'to'],
    ];
    for (const [body, field] of cases) {
      const refused = await t.refused(api.schedule.list, body as never);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.detail).toContain(field);
      expect(refused.detail).not.toMatch(/select|stack|at .*\.ts/i);
    }
    expect(await t.call(api.schedule.list, { from: iso(Y), to: iso(Y + 366 * DAY) })).toHaveLength(9);
  });

  it('is read by every role', async () => {
    for (const token of Object.values(tokens)) {
      const edges = await t.send(api.schedule.list, { from: iso(Y), to: iso(Y + DAY * 2) }, { token });
      expect(edges.statusCode, edges.body).toBe(200);
      const jobs = await t.send(api.schedule.jobs, { offset: 0, limit: 10 }, { token });
      expect(jobs.statusCode, jobs.body).toBe(200);
    }
  });
});

describe('publishing on schedule', () => {
  let now = Date.parse('2030-01-01T00:00:00.000Z');
  const errors: unknown[] = [];
  const runnerWith = (storage: Storage = t.app.storage): JobRunner =>
    createJobRunner(t.database.db, [publishOnScheduleJob({ storage })], {
      now: () => new Date(now),
      pollMs: 3_600_000,
      onError: (_job, err) => errors.push(err),
    });
  let runner: JobRunner;
  /** A language's automatic builds, oldest first, as the database has them. */
  const automatic = async (lang: string) =>
    (
      await t.rows<{
        id: number;
        at: string;
        state: string;
        build_id: number | null;
        attempts: number;
        error: string | null;
        next_try_at: string | null;
      }>(
        sql`select a.id, a.at, a.state, a.build_id, a.attempts, a.error, a.next_try_at from automatic_builds a
            join languages l on l.id = a.lang_id where l.code = ${lang} order by a.id`,
      )
    ).map((r) => ({
      ...r,
      at: new Date(r.at).toISOString(),
      next_try_at: r.next_try_at === null ? null : new Date(r.next_try_at).toISOString(),
    }));
  const buildsOf = (langId: number) => t.call(api.catalog.builds, { lang_id: langId, limit: 200 });
  /** Polls as a server would, a tick every 5 s, until `done` or `ms` have passed; answers the time it took. */
  const runUntil = async (done: () => Promise<boolean>, ms: number) => {
    const start = now;
    while (!(await done())) {
      if (now - start >= ms) throw new Error(`not done within ${ms} ms of test time`);
      now += 5 * SECOND;
      await runner.runDue();
    }
    return now - start;
  };

  beforeAll(async () => {
    runner = runnerWith();
    // The first run covers nothing before it: it only notes where the schedule starts.
    expect(await runner.runDue()).toEqual(['publish-on-schedule']);
  });

  it('publishes the changed language by itself within 60 s of an edge, once', async () => {
    const edge = now + 2 * MINUTE + 7 * SECOND;
    const live = await stream(GERMAN, { available_from: iso(edge) });
    // Published by hand now (years before the edge): the stream is not in the file yet.
    await t.call(api.catalog.publish, { query: { lang: 'de' } });
    const streamsInFile = async () => {
      const file = await t.app.storage.read('catalog/de.json');
      const text = await new Response(file as unknown as ReadableStream).text();
      return (JSON.parse(text).streams as { id: number }[]).map((s) => s.id);
    };
    expect(await streamsInFile()).not.toContain(live.id);
    const before = await buildsOf(GERMAN);
    now = edge - SECOND;
    await runner.runDue();
    expect(await automatic('de')).toEqual([]);
    now = edge;
    const took = await runUntil(async () => (await automatic('de'))[0]?.state === 'done', 60 * SECOND);
    expect(took).toBeLessThanOrEqual(SCHEDULE_EVERY_MS + 5 * SECOND);

    const [row] = await automatic('de');
    expect(row).toMatchObject({ at: iso(edge), state: 'done', attempts: 1, error: null, next_try_at: null });
    const builds = await buildsOf(GERMAN);
    expect(builds).toHaveLength(before.length + 1);
    expect(builds[0]).toMatchObject({
      id: row.build_id,
      lang_code: 'de',
      created_by: null,
      is_live: true,
      automatic: true,
    });
    const [stored] = await t.rows<{ automatic: boolean }>(
      sql`select automatic from catalog_builds where id = ${row.build_id}`,
    );
    expect(stored.automatic).toBe(true);
    // The stable file apps download is the new build's, at the edge's moment: the stream is in it now.
    expect(await streamsInFile()).toContain(live.id);

    // Later runs find nothing new: the edge was published once.
    for (let i = 0; i < 6; i += 1) {
      now += 5 * SECOND;
      await runner.runDue();
    }
    expect(await automatic('de')).toHaveLength(1);
    expect(await buildsOf(GERMAN)).toHaveLength(before.length + 1);
    expect(await t.call(api.schedule.jobs, { offset: 0, limit: 1 })).toMatchObject({
      rows: [{ id: row.id, at: iso(edge), lang: 'de', state: 'done', build_id: row.build_id, error: null }],
      failing: 0,
    });
  });

  it('coalesces the edges of one run into one build per language', async () => {
    const first = now + MINUTE;
    await stream(PORTUGUESE, { available_from: iso(first), available_until: iso(first + 2 * SECOND) });
    await stream(PORTUGUESE, { available_from: iso(first + SECOND) });
    now = first + 3 * SECOND;
    await runUntil(async () => (await automatic('pt'))[0]?.state === 'done', MINUTE);
    expect(await automatic('pt')).toMatchObject([{ at: iso(first + 2 * SECOND), state: 'done' }]);
  });

  it('publishes at the next start an edge passed while every server was stopped', async () => {
    await runner.stop();
    const edge = now + 30 * MINUTE;
    await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'While down',
      lang_id: FRENCH,
      available_until: iso(edge),
    });
    now = edge + 3 * 3_600_000;
    runner = runnerWith();
    await runner.start();
    await runner.stop();
    expect(await automatic('fr')).toMatchObject([{ at: iso(edge), state: 'done', attempts: 1 }]);
    // And only once.
    now += SCHEDULE_EVERY_MS;
    await runner.runDue();
    expect(await automatic('fr')).toHaveLength(1);
  });

  it('retries a failing build with longer waits, then reports it failed until a build of its language is done', async () => {
    const refusing: Storage = {
      ...t.app.storage,
      publicUrl: (key) => t.app.storage.publicUrl(key),
      read: (key) => t.app.storage.read(key),
      delete: (key) => t.app.storage.delete(key),
      put: async () => {
        throw Object.assign(new Error("EACCES: permission denied, open '/srv/media/catalog/it.json'"), {
          code: 'EACCES',
        });
      },
    };
    runner = runnerWith(refusing);
    const edge = now + MINUTE;
    await stream(ITALIAN, { available_from: iso(edge) });
    now = edge;
    const tries: number[] = [];
    let attempts = 0;
    await runUntil(async () => {
      const [row] = await automatic('it');
      if (row && row.attempts > attempts) {
        attempts = row.attempts;
        tries.push(now);
      }
      return row?.state === 'failed';
    }, 30 * MINUTE);
    expect(tries).toHaveLength(MAX_ATTEMPTS);
    // Each wait at least the back-off (30 s, 1, 2, 4 minutes), and not much more (the job looks every 15 s).
    for (let i = 1; i < tries.length; i += 1) {
      const wait = tries[i] - tries[i - 1];
      expect(wait).toBeGreaterThanOrEqual(retryDelayMs(i));
      expect(wait).toBeLessThanOrEqual(retryDelayMs(i) + SCHEDULE_EVERY_MS + 5 * SECOND);
    }
    const [failed] = await automatic('it');
    expect(failed).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, build_id: null, next_try_at: null });
    expect(failed.error).toBe(
      'The catalogue could not be built and stored: Storage refused to write the file (permission denied). The server log has the details.',
    );
    const page = await t.call(api.schedule.jobs, { offset: 0, limit: 50 });
    expect(page.failing).toBe(1);
    expect(page.rows[0]).toMatchObject({ id: failed.id, lang: 'it', state: 'failed', attempts: MAX_ATTEMPTS });
    // Not tried again.
    now += 30 * MINUTE;
    await runner.runDue();
    expect((await automatic('it'))[0].attempts).toBe(MAX_ATTEMPTS);

    // Storage works again: the next edge of that language publishes, and nothing is reported failing any more.
    runner = runnerWith();
    const next = now + MINUTE;
    await stream(ITALIAN, { available_from: iso(next) });
    now = next;
    await runUntil(async () => (await automatic('it'))[1]?.state === 'done', MINUTE);
    expect(await t.call(api.schedule.jobs, { offset: 0, limit: 50 })).toMatchObject({ failing: 0 });
    expect(errors).toEqual([]);
  });

  it('stops reporting a failed build once a person publishes its language after its edge, not for a rollback', async () => {
    // Two builds of the language, the earlier one to roll back to; then a build that failed for good at an edge
    // after them (how one comes to fail: the test above). A person's publish is stamped with the server's real time,
    // not the test's clock: the language's builds so far are moved an hour back, so the edge after them has passed
    // already, with no wait for the real clock.
    const earlier = await t.call(api.catalog.publish, { query: { lang: 'pt' } });
    await t.call(api.catalog.publish, { query: { lang: 'pt' } });
    await t.rows(
      sql`update catalog_builds set created_at = created_at - interval '1 hour' where lang_id = ${PORTUGUESE}`,
    );
    const [{ last }] = await t.rows<{ last: string }>(
      sql`select max(created_at) as last from catalog_builds where lang_id = ${PORTUGUESE}`,
    );
    const edge = Date.parse(new Date(last).toISOString()) + 1;
    expect(edge).toBeLessThan(Date.now());
    await t.rows(sql`insert into automatic_builds (at, lang_id, state, error, attempts)
      values (${iso(edge)}, ${PORTUGUESE}, 'failed', 'The catalogue could not be built and stored.', ${MAX_ATTEMPTS})`);
    expect(await t.call(api.schedule.jobs, { offset: 0, limit: 50 })).toMatchObject({ failing: 1 });

    // A rollback makes an older file live, without the edge's change: still reported.
    const rollback = await t.call(api.catalog.publishBuild, { id: earlier.id, lang: 'pt' });
    expect(rollback.rollback_of?.id).toBe(earlier.id);
    expect(await t.call(api.schedule.jobs, { offset: 0, limit: 50 })).toMatchObject({ failing: 1 });

    // Published by a person after the edge, as the Schedule screen's alert asks: no longer reported.
    const published = await t.call(api.catalog.publish, { query: { lang: 'pt' } });
    expect(Date.parse(published.created_at)).toBeGreaterThan(edge);
    expect(await t.call(api.schedule.jobs, { offset: 0, limit: 50 })).toMatchObject({ failing: 0 });
  });

  it('pages the automatic builds newest first', async () => {
    const all = await t.call(api.schedule.jobs, { offset: 0, limit: 100 });
    expect(all.count).toBe(all.rows.length);
    expect(all.rows.map((r) => r.id)).toEqual([...all.rows.map((r) => r.id)].sort((a, b) => b - a));
    const second = await t.call(api.schedule.jobs, { offset: 1, limit: 1 });
    expect(second.rows).toEqual([all.rows[1]]);
    expect((await t.refused(api.schedule.jobs, { offset: -1, limit: 10 })).detail).toContain('offset');
  });
});
