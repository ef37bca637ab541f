import {
  api,
  type Catalogue,
  type CatalogueBrand,
  type HiddenItem,
  type HiddenReason,
  mayWatch,
  type Preview,
  type WhereToWatch,
} from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCatalogue } from '../../test/catalogue-schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { attachNewVideo } from '../../test/videos.ts';
import { publishCatalogue } from './publish.ts';

/**
 * The catalogue at a moment (issue 18, decision 030): items outside their window and brands licensed nowhere are
 * left out, country rules apply while in force, the file carries what an app that keeps it needs, and the preview
 * and the published file agree at every tested moment. Runs on PGlite and on the PostgreSQL server.
 */
let t: TestApp;
const INGEST_KEY = 'k'.repeat(32);
beforeAll(async () => {
  t = await createTestApp({ INGEST_KEY });
});
afterAll(() => t.close());

const ENGLISH = 1;
const COUNTRIES = ['GB', 'FR', 'DE', 'AT'];

/** An instant `deltaMs` away from `iso`, in UTC as the server answers it. */
const shift = (iso: string, deltaMs: number) => new Date(Date.parse(iso) + deltaMs).toISOString();
const utc = (iso: string) => new Date(iso).toISOString();

// Windows and rules, as staff would enter them (some in a territory's own time, with its offset).
const LICENCE = { from: utc('2026-12-01T00:00:00Z'), until: utc('2028-11-30T00:00:00Z') };
const EPISODE = { from: utc('2027-01-10T12:00:00Z'), until: utc('2027-02-10T12:00:00Z') };
const BANNER = { from: utc('2027-06-01T00:00:00+02:00'), until: utc('2027-06-15T00:00:00+02:00') };
const STREAM = { from: utc('2027-07-04T14:00:00Z'), until: utc('2027-07-04T18:00:00Z') };
const NOT_FRANCE_UNTIL = utc('2027-03-01T00:00:00Z');
/** Midnight to midnight in Paris across the spring change (23 hours) and the autumn one (25 hours). */
const SPRING = { from: utc('2027-03-28T00:00:00+01:00'), until: utc('2027-03-29T00:00:00+02:00') };
const AUTUMN = { from: utc('2027-10-31T00:00:00+02:00'), until: utc('2027-11-01T00:00:00+01:00') };
/** Paris clocks during the changes: 01:30 before the spring jump, 03:30 after; 02:30 twice in autumn. */
const SPRING_NIGHT = [utc('2027-03-28T01:30:00+01:00'), utc('2027-03-28T03:30:00+02:00')];
const AUTUMN_NIGHT = [utc('2027-10-31T02:30:00+02:00'), utc('2027-10-31T02:30:00+01:00')];

const parisClock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));

const d = {} as Record<string, number>;

type RuleFields = { code2: string[]; exclude?: boolean; starts_at?: string; ends_at?: string };

async function brand(name: string, fields: object = {}, rules: RuleFields[] = []) {
  const { id } = await t.call(api.brand.add, { name, is_published: true, ...fields });
  await t.call(api.brand.langAdd, { brand_id: id, lang_id: ENGLISH, title: name, is_published: true });
  for (const rule of rules) await t.call(api.brand.addCountryRule, { brand_id: id, exclude: false, ...rule });
  // Something to watch, always: a brand with nothing playable is left out whatever its dates (decision 064).
  await episode(id, `${name} always`);
  return id;
}

async function episode(brandId: number, title: string, fields: object = {}) {
  const { id } = await t.call(api.content.add, { brand_id: brandId, is_published: true, ...fields });
  await t.call(api.content.langAdd, { content_id: id, lang_id: ENGLISH, title, is_published: true });
  await attachNewVideo(t, id, ENGLISH);
  return id;
}

const windowOf = (w: { from: string; until: string }) => ({ available_from: w.from, available_until: w.until });

beforeAll(async () => {
  d.always = await brand('Always');
  d.alwaysE1 = await episode(d.always, 'Always 1');
  d.windowedEpisode = await episode(d.always, 'For a month', windowOf(EPISODE));
  d.windowed = await brand('Two years', windowOf(LICENCE));
  d.windowedE1 = await episode(d.windowed, 'Two years 1');
  d.best = await brand('Best of');
  for (const [key, target] of [
    ['linkToWindowedEpisode', d.windowedEpisode],
    ['linkToWindowedBrand', d.windowedE1],
  ] as const) {
    d[key] = (await t.call(api.link.add, { brand_id: d.best, content_id: target })).id;
    linkNames.set(d[key], `link ${d.best}>${target}`);
  }
  d.banner = (
    await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'A fortnight',
      lang_id: ENGLISH,
      ...windowOf(BANNER),
    })
  ).id;
  d.bannerToWindowed = (
    await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Opens Two years',
      brand_id: d.windowed,
    })
  ).id;
  d.stream = (
    await t.call(api.stream.add, {
      lang_id: ENGLISH,
      title: 'One afternoon',
      url: 'https://live.example.com/afternoon.m3u8',
      ...windowOf(STREAM),
    })
  ).id;
  // "Only GB, IE from 2026-12-01 to 2028-11-30" and "Everywhere except FR until 2027-03-01": one rule each.
  d.licensed = await brand('Only GB and IE', {}, [
    { code2: ['GB', 'IE'], starts_at: LICENCE.from, ends_at: LICENCE.until },
  ]);
  d.licensedE1 = await episode(d.licensed, 'Only GB and IE 1');
  d.notFrance = await brand('Not in France for now', {}, [{ code2: ['FR'], exclude: true, ends_at: NOT_FRANCE_UNTIL }]);
  // Two nights in France, each set in Paris time (the territory's own), across a change of its clocks.
  d.paris = await brand('Paris nights', {}, [
    { code2: ['FR'], starts_at: '2027-03-28T00:00:00+01:00', ends_at: '2027-03-29T00:00:00+02:00' },
    { code2: ['FR'], starts_at: '2027-10-31T00:00:00+02:00', ends_at: '2027-11-01T00:00:00+01:00' },
  ]);
  // Rules without dates read as before: Germany and Austria, but not Austria.
  d.undated = await brand('Germany only', {}, [{ code2: ['DE', 'AT'] }, { code2: ['AT'], exclude: true }]);
  // Not shown for a reason other than time: its edges change nothing.
  d.withdrawn = await brand('Withdrawn', { is_published: false, available_from: '2027-01-01T00:00:00Z' });
});

/** Every tested moment: each edge, a millisecond either side, and the nights of the clock changes. */
const edges = [
  ...Object.values({ LICENCE, EPISODE, BANNER, STREAM, SPRING, AUTUMN }).flatMap((w) => [w.from, w.until]),
  NOT_FRANCE_UNTIL,
];
const MOMENTS = [
  ...new Set([...edges.flatMap((e) => [shift(e, -1), e, shift(e, 1)]), ...SPRING_NIGHT, ...AUTUMN_NIGHT]),
]
  .map((iso) => Date.parse(iso))
  .sort((a, b) => a - b)
  .map((ms) => new Date(ms).toISOString());

/** The file published at a moment, and the preview at it for each country (built once, read by every test). */
const files = new Map<string, Catalogue>();
const previews = new Map<string, Preview>();
const previewAt = (at: string, country: string) => {
  const preview = previews.get(`${at} ${country}`);
  if (!preview) throw new Error(`no preview at ${at} in ${country}`);
  return preview;
};
const fileAt = (at: string) => {
  const file = files.get(at);
  if (!file) throw new Error(`no file at ${at}`);
  return file;
};

async function publishedAt(at: string): Promise<Catalogue> {
  const build = await publishCatalogue(t.database.db, t.app.storage, 'en', undefined, { at: new Date(at) });
  const res = await t.app.inject({ method: 'GET', url: build.url });
  expect(res.statusCode).toBe(200);
  const file = JSON.parse(res.body);
  expect(validateCatalogue(file), JSON.stringify(validateCatalogue.errors)).toBe(true);
  return file;
}

beforeAll(async () => {
  for (const at of MOMENTS) {
    files.set(at, await publishedAt(at));
    for (const country of COUNTRIES) {
      previews.set(`${at} ${country}`, await t.call(api.catalog.preview, { lang: 'en', country, at }));
    }
  }
}, 300_000);

/**
 * What an app in `country` shows of a file at the moment `now`, as docs/catalog-format.md tells apps to read it
 * (written here from the page, not imported): items past their `available_until` are hidden, a brand's `countries`
 * is replaced by the last `countries_later` entry whose `from` has passed.
 */
function asAppShows(file: Catalogue, country: string, now: number): Omit<Catalogue, 'generated_at'> {
  const open = (x: { available_until?: string }) =>
    x.available_until === undefined || now < Date.parse(x.available_until);
  const where = (b: CatalogueBrand): WhereToWatch =>
    (b.countries_later ?? []).filter((w) => Date.parse(w.from) <= now).at(-1) ?? b.countries;
  const brands = file.brands.filter((b) => open(b) && mayWatch(where(b), country));
  const shownBrands = new Set(brands.map((b) => b.id));
  const episodes = new Set(brands.flatMap((b) => b.content.filter(open).map((c) => c.id)));
  const { generated_at: _, ...rest } = file;
  return {
    ...rest,
    brands: brands.map((b) => ({
      ...b,
      content: b.content.filter(open),
      linked_content: b.linked_content.filter((l) => shownBrands.has(l.brand_id) && episodes.has(l.content_id)),
    })),
    promos: file.promos.filter(
      (p) =>
        open(p) &&
        (p.brand_id === null || shownBrands.has(p.brand_id)) &&
        (p.content_id === null || episodes.has(p.content_id)),
    ),
    streams: file.streams.filter(open),
  };
}

/** What a child sees, as names of items: to compare what different files show. */
function seen(catalogue: Omit<Catalogue, 'generated_at'>): string[] {
  return [
    ...catalogue.brands.flatMap((b) => [
      `brand ${b.id}`,
      ...b.content.map((c) => `content ${c.id}`),
      ...b.linked_content.map((l) => `link ${b.id}>${l.content_id}`),
    ]),
    ...catalogue.promos.map((p) => `promo ${p.id}`),
    ...catalogue.streams.map((s) => `stream ${s.id}`),
  ];
}

const reasonsOf = (hidden: HiddenItem[], kind: HiddenItem['kind'], id: number) =>
  hidden.find((h) => h.kind === kind && h.id === id)?.reasons;

/** How `seen` names a link: by its compilation and the episode it shows. */
const linkNames = new Map<number, string>();

/** Shown (no reasons), or the reasons it is not, at `at` in `country`: from the preview's two lists, which agree. */
function stateAt(kind: HiddenItem['kind'], id: number, at: string, country = 'GB'): HiddenReason[] {
  const preview = previewAt(at, country);
  const reasons = reasonsOf(preview.hidden, kind, id) ?? [];
  const shown = seen(preview.catalogue).includes(kind === 'link' ? (linkNames.get(id) ?? '') : `${kind} ${id}`);
  expect(shown, `${kind} ${id} at ${at} in ${country}: shown or hidden, not both`).toBe(reasons.length === 0);
  return reasons;
}

type Row = [kind: HiddenItem['kind'], key: string, at: string, reasons: HiddenReason[]];

/** The six moments around a window: a millisecond before, at and after each end. */
function aroundWindow(kind: HiddenItem['kind'], key: string, w: { from: string; until: string }): Row[] {
  return [
    [kind, key, shift(w.from, -1), ['not_yet_available']],
    [kind, key, w.from, []],
    [kind, key, shift(w.from, 1), []],
    [kind, key, shift(w.until, -1), []],
    [kind, key, w.until, ['no_longer_available']],
    [kind, key, shift(w.until, 1), ['no_longer_available']],
  ];
}

describe('the catalogue at a moment', () => {
  it('uses moments that are what they say: midnight in Paris on both sides of its clock changes', () => {
    expect(SPRING.from).toBe('2027-03-27T23:00:00.000Z');
    expect(parisClock(SPRING.from)).toBe('28/03/2027, 00:00');
    expect(parisClock(SPRING.until)).toBe('29/03/2027, 00:00');
    expect(Date.parse(SPRING.until) - Date.parse(SPRING.from)).toBe(23 * 3_600_000);
    expect(parisClock(AUTUMN.from)).toBe('31/10/2027, 00:00');
    expect(parisClock(AUTUMN.until)).toBe('01/11/2027, 00:00');
    expect(Date.parse(AUTUMN.until) - Date.parse(AUTUMN.from)).toBe(25 * 3_600_000);
    expect(SPRING_NIGHT.map(parisClock)).toEqual(['28/03/2027, 01:30', '28/03/2027, 03:30']);
    expect(AUTUMN_NIGHT.map(parisClock)).toEqual(['31/10/2027, 02:30', '31/10/2027, 02:30']);
    expect(new Set(AUTUMN_NIGHT).size).toBe(2);
  });

  const windows: Row[] = [
    ...aroundWindow('brand', 'windowed', LICENCE),
    ...aroundWindow('content', 'windowedEpisode', EPISODE),
    ...aroundWindow('promo', 'banner', BANNER),
    ...aroundWindow('stream', 'stream', STREAM),
  ];
  it.each(windows)('%s %s at %s: %j (from inclusive, until exclusive)', (kind, key, at, reasons) => {
    expect(stateAt(kind, d[key], at)).toEqual(reasons);
  });

  const dependants: Row[] = [
    // An episode of a brand not shown, and what points at it, follow the existing reasons.
    ['content', 'windowedE1', shift(LICENCE.from, -1), ['brand_unpublished']],
    ['content', 'windowedE1', LICENCE.from, []],
    ['content', 'windowedE1', LICENCE.until, ['brand_unpublished']],
    ['link', 'linkToWindowedBrand', shift(LICENCE.from, -1), ['target_hidden']],
    ['link', 'linkToWindowedBrand', LICENCE.from, []],
    ['link', 'linkToWindowedEpisode', shift(EPISODE.from, -1), ['target_hidden']],
    ['link', 'linkToWindowedEpisode', EPISODE.from, []],
    ['link', 'linkToWindowedEpisode', EPISODE.until, ['target_hidden']],
    ['promo', 'bannerToWindowed', shift(LICENCE.from, -1), ['target_hidden']],
    ['promo', 'bannerToWindowed', shift(LICENCE.until, -1), []],
    ['promo', 'bannerToWindowed', LICENCE.until, ['target_hidden']],
    ['brand', 'withdrawn', shift(LICENCE.until, 1), ['unpublished']],
  ];
  it.each(dependants)('%s %s at %s: %j (what depends on a window)', (kind, key, at, reasons) => {
    expect(stateAt(kind, d[key], at)).toEqual(reasons);
  });

  type CountryRow = [key: string, at: string, country: string, reasons: HiddenReason[]];
  const countries: CountryRow[] = [
    // A licence window: licensed nowhere before it starts and after it ends, so not in the catalogue at all.
    ['licensed', shift(LICENCE.from, -1), 'GB', ['not_yet_available']],
    ['licensed', LICENCE.from, 'GB', []],
    ['licensed', LICENCE.from, 'FR', ['not_in_country']],
    ['licensed', shift(LICENCE.until, -1), 'GB', []],
    ['licensed', LICENCE.until, 'GB', ['no_longer_available']],
    ['licensed', shift(LICENCE.until, 1), 'FR', ['no_longer_available']],
    // An exclusion only while in force.
    ['notFrance', shift(NOT_FRANCE_UNTIL, -1), 'FR', ['not_in_country']],
    ['notFrance', shift(NOT_FRANCE_UNTIL, -1), 'DE', []],
    ['notFrance', NOT_FRANCE_UNTIL, 'FR', []],
    ['notFrance', shift(NOT_FRANCE_UNTIL, 1), 'FR', []],
    // Midnight to midnight, Paris time, across the spring change (23 hours).
    ['paris', shift(SPRING.from, -1), 'FR', ['not_yet_available']],
    ['paris', SPRING.from, 'FR', []],
    ['paris', SPRING.from, 'GB', ['not_in_country']],
    ['paris', SPRING_NIGHT[0], 'FR', []],
    ['paris', SPRING_NIGHT[1], 'FR', []],
    ['paris', shift(SPRING.until, -1), 'FR', []],
    // Between the two nights: the next one is still to come.
    ['paris', SPRING.until, 'FR', ['not_yet_available']],
    // ... and the autumn one (25 hours, 02:30 twice).
    ['paris', shift(AUTUMN.from, -1), 'FR', ['not_yet_available']],
    ['paris', AUTUMN.from, 'FR', []],
    ['paris', AUTUMN_NIGHT[0], 'FR', []],
    ['paris', AUTUMN_NIGHT[1], 'FR', []],
    ['paris', shift(AUTUMN.until, -1), 'FR', []],
    ['paris', AUTUMN.until, 'FR', ['no_longer_available']],
    // Rules without dates, at any moment.
    ['undated', MOMENTS[0], 'DE', []],
    ['undated', MOMENTS[0], 'AT', ['not_in_country']],
    ['undated', MOMENTS.at(-1) as string, 'DE', []],
    ['undated', MOMENTS.at(-1) as string, 'FR', ['not_in_country']],
  ];
  it.each(countries)('brand %s at %s in %s: %j (country rules with dates)', (key, at, country, reasons) => {
    expect(stateAt('brand', d[key], at, country)).toEqual(reasons);
  });

  it('an episode of a brand licensed nowhere is not shown, with its brand', () => {
    expect(stateAt('content', d.licensedE1, shift(LICENCE.from, -1))).toEqual(['brand_unpublished']);
    expect(stateAt('content', d.licensedE1, LICENCE.from)).toEqual([]);
    expect(stateAt('content', d.licensedE1, LICENCE.from, 'FR')).toEqual(['brand_not_in_country']);
  });
});

describe('the preview and the published file', () => {
  it('agree at every tested moment, in every country', () => {
    for (const at of MOMENTS) {
      for (const country of COUNTRIES) {
        const preview = previewAt(at, country);
        expect(preview.at).toBe(at);
        const { generated_at, ...catalogue } = preview.catalogue;
        expect(generated_at).toBe(at);
        expect(catalogue, `${at} ${country}`).toEqual(asAppShows(fileAt(at), country, Date.parse(at)));
      }
    }
  });

  it('answers the moment it showed in UTC, whatever offset it was asked in', async () => {
    const preview = await t.call(api.catalog.preview, { lang: 'en', country: 'FR', at: '2027-03-28T00:00:00+01:00' });
    expect(preview.at).toBe(SPRING.from);
    expect(seen(preview.catalogue)).toContain(`brand ${d.paris}`);
  });

  it('a build left out what it hid for its time, with the reasons', async () => {
    const build = await publishCatalogue(t.database.db, t.app.storage, 'en', undefined, {
      at: new Date(shift(LICENCE.from, -1)),
    });
    const { hidden } = await t.call(api.catalog.leftOut, { id: build.id });
    expect(reasonsOf(hidden, 'brand', d.windowed)).toEqual(['not_yet_available']);
    expect(reasonsOf(hidden, 'brand', d.licensed)).toEqual(['not_yet_available']);
    expect(reasonsOf(hidden, 'content', d.windowedEpisode)).toEqual(['not_yet_available']);
  });
});

describe('a file an app keeps', () => {
  it('carries the end of what closes, and nothing on what does not', () => {
    const file = fileAt(EPISODE.from);
    const brandOf = (id: number) => file.brands.find((b) => b.id === id);
    expect(brandOf(d.windowed)?.available_until).toBe(LICENCE.until);
    expect(brandOf(d.always)).not.toHaveProperty('available_until');
    const items = brandOf(d.always)?.content ?? [];
    expect(items.find((c) => c.id === d.windowedEpisode)?.available_until).toBe(EPISODE.until);
    expect(items.find((c) => c.id === d.alwaysE1)).not.toHaveProperty('available_until');
    expect(fileAt(BANNER.from).promos.find((p) => p.id === d.banner)?.available_until).toBe(BANNER.until);
    expect(fileAt(STREAM.from).streams.find((s) => s.id === d.stream)?.available_until).toBe(STREAM.until);
  });

  it('carries how where a brand may be watched changes, rule by rule, as the contract folds it', () => {
    const file = fileAt(LICENCE.from);
    const brandOf = (id: number) => file.brands.find((b) => b.id === id);
    expect(brandOf(d.licensed)).toMatchObject({
      countries: { include: ['GB', 'IE'], exclude: [] },
      countries_later: [{ from: LICENCE.until, include: [], exclude: [] }],
    });
    expect(brandOf(d.notFrance)).toMatchObject({
      countries: { include: null, exclude: ['FR'] },
      countries_later: [{ from: NOT_FRANCE_UNTIL, include: null, exclude: [] }],
    });
    expect(brandOf(d.undated)).toMatchObject({ countries: { include: ['AT', 'DE'], exclude: ['AT'] } });
    expect(brandOf(d.undated)).not.toHaveProperty('countries_later');
    // Licensed nowhere yet: not in the file at all, though its nights are set.
    expect(brandOf(d.paris)).toBeUndefined();
    expect(fileAt(SPRING.from).brands.find((b) => b.id === d.paris)?.countries_later).toEqual([
      { from: SPRING.until, include: [], exclude: [] },
      { from: AUTUMN.from, include: ['FR'], exclude: [] },
      { from: AUTUMN.until, include: [], exclude: [] },
    ]);
  });

  it('says when to fetch again: the next edge of what it shows or may show', () => {
    const expected: [at: string, next: string | null][] = [
      [shift(LICENCE.from, -1), LICENCE.from],
      [LICENCE.from, EPISODE.from],
      [EPISODE.from, EPISODE.until],
      [EPISODE.until, NOT_FRANCE_UNTIL],
      [NOT_FRANCE_UNTIL, SPRING.from],
      [SPRING_NIGHT[1], SPRING.until],
      [AUTUMN_NIGHT[0], AUTUMN.until],
      [AUTUMN.until, LICENCE.until],
      // Past every edge (the withdrawn brand's opening changes nothing).
      [shift(LICENCE.until, 1), null],
    ];
    for (const [at, next] of expected) expect(fileAt(at).next_change_at, at).toBe(next);
  });

  it('never shows what the catalogue of a later moment hides, and is that catalogue when nothing opened', () => {
    for (const [i, kept] of MOMENTS.entries()) {
      for (const later of MOMENTS.slice(i + 1)) {
        for (const country of COUNTRIES) {
          const what = `file of ${kept} read at ${later} in ${country}`;
          const app = seen(asAppShows(fileAt(kept), country, Date.parse(later)));
          const fresh = seen(previewAt(later, country).catalogue);
          const before = new Set(seen(previewAt(kept, country).catalogue));
          expect(
            app.filter((item) => !fresh.includes(item)),
            what,
          ).toEqual([]);
          if (fresh.every((item) => before.has(item))) expect(app, what).toEqual(fresh);
          // Before its next_change_at, a file is what a new build would be.
          const next = fileAt(kept).next_change_at ?? null;
          if (next === null || Date.parse(later) < Date.parse(next)) expect(fresh, what).toEqual([...before]);
        }
      }
    }
  });
});

describe('the report', () => {
  it('keeps counting minutes of an episode whose window has ended', async () => {
    const gone = await episode(d.always, 'Watched, then gone', {
      available_from: '2026-01-01T00:00:00Z',
      available_until: '2026-02-01T00:00:00Z',
    });
    const res = await t.send(
      api.report.views,
      { events: [{ content_id: gone, lang_id: ENGLISH, country: 'GB', seconds: 600, ts: '2026-01-15T10:00:00Z' }] },
      { token: null, headers: { 'x-ingest-key': INGEST_KEY } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = await t.call(api.report.report, { date_from: '2026-01-15', date_to: '2026-01-15' });
    expect(report.rows.find((r) => r.content_id === gone)).toMatchObject({ minutes: 10 });
  });
});
