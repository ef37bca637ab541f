/**
 * Episode intake: `POST /api/intake/match` of 1,000 studio-style file names (issue 30's target: ≤ 100 ms on the
 * server) for a brand of 5,000 episodes, on the PostgreSQL server (BENCH_DATABASE_URL), through the real app
 * listening on a port. Baseline in the same run, turn about: `POST /api/content/get` of one episode (a call's own
 * cost: session, routing, validation, one query), and the matcher alone on the same names.
 *
 *   node --import tsx bench/intake.ts        BENCH_RUNS=21
 */
import { loadavg } from 'node:os';
import { api } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import { matchContext, matchName } from '../apps/server/src/modules/intake/matcher.ts';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt, medianMs, medianPairMs } from './lib/database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const EPISODES = 5_000;
const NAMES = 1_000;
const load = loadavg()[0];

const bench = await createBenchDatabase('intake');
const server = await startBenchApp(bench.database);
try {
  const { db } = bench.database;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  await db.execute(sql`insert into brands (name, slug) values ('Conejitos de la Luna', 'conejitos-de-la-luna')`);
  const [{ id: brandId }] = await rows<{ id: number }>(sql`select id from brands limit 1`);
  await db.execute(sql`insert into content (brand_id, season, sort_number)
    select ${brandId}, 1 + (n - 1) / 100, 1 + (n - 1) % 100 from generate_series(1, ${EPISODES}) n`);

  // As studios name masters: several shapes, languages by code and by name, workflow words.
  const shapes = [
    (s: number, e: number) => `Conejitos_de_la_Luna_S${pad(s)}E${pad(e)}_ES_final.mov`,
    (s: number, e: number) => `conejitos-de-la-luna.s${s}e${e}.en.mp4`,
    (s: number, e: number) => `Conejitos de la Luna - Season ${s} Episode ${e} - La Gran Carrera (English).mxf`,
    (s: number, e: number) => `${s}x${pad(e)} - El Regreso [FR] v2 HD.mov`,
    (s: number, e: number) => `CDLL_S${pad(s)}.E${pad(e)}_Russian_master_1080p.mov`,
  ];
  const names = Array.from({ length: NAMES }, (_, i) => shapes[i % shapes.length](1 + ((i * 7) % 60), 1 + (i % 100)));
  names[999] = 'final_v2.mov';

  const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
  const post = (path: string, body: unknown) => async () => {
    const res = await fetch(`${server.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const match = post(api.intake.match.path, { brand_id: brandId, names });
  const answer = (await match()) as { rows: { content_id: number | null; lang_id: number | null }[] };
  const matched = answer.rows.filter((r) => r.content_id !== null).length;
  const withLang = answer.rows.filter((r) => r.lang_id !== null).length;
  const [{ id: oneEpisode }] = await rows<{ id: number }>(sql`select id from content limit 1`);
  const [matchMs, getMs] = await medianPairMs(match, post(api.content.get.path, { id: oneEpisode }), RUNS);

  // CPU time of this process (server and client both) per match: the figure the load of a shared machine bends least.
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await match();
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000 / RUNS;

  const langs = await rows<{ id: number; code: string; name: string }>(sql`select id, code, name from languages`);
  const episodes = await rows<{ id: number; season: number; sort_number: number }>(
    sql`select id, season, sort_number from content`,
  );
  const alone = await medianMs(async () => {
    const context = matchContext({ name: 'Conejitos de la Luna', slug: 'conejitos-de-la-luna' }, langs, episodes);
    for (const name of names) matchName(name, context);
  }, RUNS);

  console.log(`load at start ${fmt(load, 2)}; ${NAMES} names, a brand of ${EPISODES} episodes, ${RUNS} runs`);
  console.log(`matched to an existing episode: ${matched}; with a language: ${withLang}`);
  console.log(`POST /api/intake/match, 1,000 names: ${fmt(matchMs, 1)} ms (target ≤ 100 ms)`);
  console.log(`CPU time a match (this process: server and client): ${fmt(cpuMs, 1)} ms`);
  console.log(`baseline POST /api/content/get: ${fmt(getMs, 1)} ms; the matcher alone: ${fmt(alone, 1)} ms`);
} finally {
  await server.close();
  await bench.drop();
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}
