/**
 * Subtitles (issue 31's targets), through the real app listening on a port, on the PostgreSQL server
 * (BENCH_DATABASE_URL):
 *  1. an SRT of 2,000 cues in Windows-1251: detected, parsed, converted to WebVTT and stored (≤ 200 ms); baseline in
 *     the same run, turn about: the same bytes stored as they are (storage's own cost);
 *  2. adding subtitles to a ready video: the master playlist written again, no second transcode (≤ 2 s): the rewrite
 *     alone, and the whole upload call (parse, store, row, rewrite, answer); baseline: `content_lang/list`.
 * The video is a real 2 s ladder made by the server's own transcoder.
 *
 *   node --import tsx bench/subtitles.ts        BENCH_RUNS=21
 */
import { loadavg } from 'node:os';
import { api } from '@kids-vod/contract';
import iconv from 'iconv-lite';
import { readUpload } from '../apps/server/src/modules/subtitles/data.ts';
import { publishSubtitles } from '../apps/server/src/modules/subtitles/index.ts';
import { createTranscoder } from '../apps/server/src/modules/videos/index.ts';
import { testMaster } from '../apps/server/src/test/masters.ts';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt, medianPairMs } from './lib/database.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const CUES = 2_000;
const load = loadavg()[0];

const lines = ['Ну что, мышонок, пойдём искать сыр?', 'Конечно! Только возьмём фонарик.'];
const srt = Array.from({ length: CUES }, (_, i) => {
  const at = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
  return `${i + 1}\r\n${at(i * 2500)} --> ${at(i * 2500 + 2000)}\r\n${lines[i % 2]}\r\n${lines[(i + 1) % 2]}\r\n`;
}).join('\r\n');
const bytes = iconv.encode(srt, 'win1251');

const bench = await createBenchDatabase('subtitles');
const server = await startBenchApp(bench.database, { TRANSCODE_CONCURRENCY: '1' });
try {
  const { app } = server;
  const headers = { authorization: `Bearer ${server.token}` };
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    // biome-ignore lint/suspicious/noExplicitAny: a bench reads the answers it knows
    return res.json() as Promise<any>;
  };
  const sendFile = async (url: string, data: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    const res = await fetch(`${server.base}${url}`, { method: 'POST', headers, body: form });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    // biome-ignore lint/suspicious/noExplicitAny: a bench reads the answers it knows
    return res.json() as Promise<any>;
  };

  const brand = await call(api.brand.add.path, { name: 'Mice' });
  const item = await call(api.content.add.path, { brand_id: brand.id });
  const video = await sendFile('/api/content/upload?type=video', await testMaster(), 'mice.mp4');
  // The server's own transcoder, run here until the video is ready (buildApp starts no jobs; main.ts does).
  const transcoder = createTranscoder({
    db: app.database.db,
    storage: app.storage,
    ...app.videos,
    concurrency: 1,
    log: app.log,
    name: 'bench',
  });
  await transcoder.runDue();
  const ready = await call(api.content.fileGet.path, { id: video.id });
  if (ready.status !== 'ready') throw new Error(`the video did not become ready: ${ready.failure}`);
  const version = await call(api.content.attachVideo.path, { ext_id: video.ext_id, content_id: item.id, lang_id: 2 });

  // 1. Read, parse, convert and store, against storing the bytes as they came.
  let n = 0;
  const convertAndStore = async () => {
    const { vtt } = readUpload(bytes);
    await app.storage.put(`subtitles/bench-${n++}.vtt`, Buffer.from(vtt), { contentType: 'text/vtt', immutable: true });
  };
  const storeAsIs = () =>
    app.storage.put(`subtitles/bench-raw-${n++}.vtt`, bytes, { contentType: 'text/vtt', immutable: true });
  const [convertMs, rawMs] = await medianPairMs(convertAndStore, storeAsIs, RUNS);
  const parsed = readUpload(bytes);

  // 2. The whole upload call (a file added, then deleted: the group stays the same size), and the rewrite alone.
  let uploaded = 0;
  const upload = async () => {
    const answer = await sendFile(
      `/api/content_lang/subtitles?content_lang_id=${version.id}&kind=subtitles`,
      bytes,
      'mice.ru.srt',
    );
    const added = answer.subtitles.at(-1);
    uploaded = added.id;
    await call(api.subtitles.delete.path, { id: added.id });
  };
  const list = () => call(api.content.langList.path, { content_id: item.id });
  // The upload is timed without its delete: measured apart.
  const times: number[] = [];
  const timedUpload = async () => {
    const start = performance.now();
    const answer = await sendFile(
      `/api/content_lang/subtitles?content_lang_id=${version.id}&kind=subtitles`,
      bytes,
      'mice.ru.srt',
    );
    times.push(performance.now() - start);
    await call(api.subtitles.delete.path, { id: answer.subtitles.at(-1).id });
  };
  await upload();
  const [, listMs] = await medianPairMs(timedUpload, list, RUNS);
  times.sort((a, b) => a - b);
  const uploadMs = times[Math.floor(times.length / 2)];

  // Keep one file (the group the rewrite writes), then time the rewrite alone, in a transaction as the calls do.
  await sendFile(`/api/content_lang/subtitles?content_lang_id=${version.id}&kind=subtitles`, bytes, 'mice.ru.srt');
  const rewrite = () => app.database.db.transaction((tx) => publishSubtitles(tx, app.storage, item.id));
  const [rewriteMs] = await medianPairMs(rewrite, list, RUNS);
  const master = await (
    await fetch(
      `${server.base}${(await call(api.content.langList.path, { content_id: item.id }))[0].video.playback_url}`,
    )
  ).text();

  console.log(
    `load at start ${fmt(load, 2)}; ${RUNS} runs; an SRT of ${CUES} cues, ${fmt(bytes.length / 1024, 1)} KB in Windows-1251 (read as ${parsed.encoding}, ${parsed.parsed.cues.length} cues)`,
  );
  console.log(
    `detected, parsed, converted and stored: ${fmt(convertMs, 1)} ms (target ≤ 200 ms); baseline, the bytes stored as they are: ${fmt(rawMs, 1)} ms`,
  );
  console.log(`the master written again with its SUBTITLES group: ${fmt(rewriteMs, 1)} ms (target ≤ 2 s)`);
  console.log(
    `the whole upload call (parse, store, row, rewrite, answer): ${fmt(uploadMs, 1)} ms; baseline POST content_lang/list: ${fmt(listMs, 1)} ms`,
  );
  console.log(
    `the master has ${master.split('\n').filter((l) => l.includes('TYPE=SUBTITLES')).length} subtitles entry (last uploaded ${uploaded})`,
  );
} finally {
  await server.close();
  await bench.drop();
}
