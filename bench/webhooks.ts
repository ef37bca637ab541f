/**
 * Webhook deliveries (issue 39, decision 079), through the real app on the PostgreSQL server (BENCH_DATABASE_URL),
 * its sender polling as main.ts starts it, with real receivers on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true):
 *
 * 1. A video event to its delivery, the receiver answering at once: the time from the "ready" listener being told
 *    to the POST arriving, one event at a time (target ≤ 2 s p95).
 * 2. 1,000 deliveries queued to a receiver taking 1 s each: the brand list's throughput (autocannon) while they go
 *    out, against the same list without them, turn about in the same run (target ≥ 0.9 ×).
 *
 *   node --import tsx bench/webhooks.ts        BENCH_EVENTS=100 BENCH_DURATION=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=3
 */
import { loadavg } from 'node:os';
import { api } from '@kids-vod/contract';
import { videoFiles } from '../apps/server/src/db/schema.ts';
import { createWebhookSender } from '../apps/server/src/modules/webhooks/index.ts';
import { startReceiver } from '../apps/server/src/test/webhook-receiver.ts';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt } from './lib/database.ts';
import { load } from './lib/load.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
const QUEUED = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const loadAtStart = loadavg()[0];

const bench = await createBenchDatabase('webhooks');
const server = await startBenchApp(bench.database, { WEBHOOK_ALLOW_PRIVATE: 'true' });
const { db } = bench.database;
const sender = createWebhookSender({ db, log: server.app.log, allowPrivate: true, timeoutMs: 5_000 });
const quick = await startReceiver();
const slow = await startReceiver();
slow.answer.delayMs = 1_000;
const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
try {
  sender.start();
  await post(api.webhooks.add.path, { url: `${quick.url}/ready`, events: ['video.ready'] });
  await post(api.webhooks.add.path, { url: `${slow.url}/failed`, events: ['video.failed'] });
  for (let i = 0; i < 20; i += 1) await post(api.brand.add.path, { name: `Brand ${i}`, slug: `brand-${i}` });
  const tellReady = async (i: number) => {
    const [video] = await db
      .insert(videoFiles)
      .values({
        ext_id: `bench-${i}`,
        name: `ep-${i}.mp4`,
        storage_key: `masters/bench-${i}.mp4`,
        size_bytes: 1,
        status: 'ready',
        output_prefix: `hls/bench-${i}`,
        playback_url: `https://cdn.example.com/${i}/master.m3u8`,
      })
      .returning();
    const started = Date.now();
    for (const listener of server.app.videos.whenReady) await listener(db, server.app.storage, video.id);
    return { started, video };
  };

  // 1. Event to delivery.
  const latencies: number[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const { started } = await tellReady(i);
    const got = await quick.waitFor(i + 1);
    latencies.push(got[i].at - started);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];

  // 2. The list's throughput, without and with 1,000 deliveries to the slow receiver going out.
  const list = () =>
    load({
      url: `${server.base}${api.brand.list.path}`,
      method: 'POST',
      body: {},
      headers,
      connections: CONNECTIONS,
      duration: DURATION,
    });
  await list(); // warm-up
  // Sending stopped while the deliveries are stored; then the list turn about, alone and with them going out.
  await sender.stop();
  const failedVideos = await db
    .insert(videoFiles)
    .values(
      Array.from({ length: QUEUED }, (_, i) => ({
        ext_id: `bench-failed-${i}`,
        name: `failed-${i}.mp4`,
        storage_key: `masters/failed-${i}.mp4`,
        size_bytes: 1,
        status: 'failed' as const,
        failure: 'The video could not be read',
        started_at: new Date(Date.now() + i).toISOString(),
      })),
    )
    .returning({ id: videoFiles.id });
  const queuedAt = Date.now();
  for (const { id } of failedVideos) for (const listener of server.app.videos.whenFailed) await listener(db, id);
  const queueMs = Date.now() - queuedAt;
  const withoutRuns: { rps: number }[] = [];
  const withRuns: { rps: number }[] = [];
  let sentDuring = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    withoutRuns.push(await list());
    sender.start();
    const seen = slow.received.length;
    withRuns.push(await list());
    sentDuring += slow.received.length - seen;
    await sender.stop();
  }
  const mean = (runs: { rps: number }[]) => runs.reduce((a, r) => a + r.rps, 0) / runs.length;
  const rates = (runs: { rps: number }[]) => runs.map((r) => fmt(r.rps)).join(', ');
  const without = mean(withoutRuns);
  const during = mean(withRuns);

  console.log(
    `load at start ${fmt(loadAtStart, 2)}; PostgreSQL; ${EVENTS} events; ${CONNECTIONS} connections × ${DURATION} s`,
  );
  console.log(
    `event → delivery, receiver answering at once: p50 ${fmt(pct(50))} ms, p95 ${fmt(pct(95))} ms, max ${fmt(latencies.at(-1) ?? 0)} ms (target ≤ 2,000 ms p95)`,
  );
  console.log(`${QUEUED} deliveries stored in ${fmt(queueMs)} ms (one insert each, as the listeners do)`);
  console.log(
    `brand list, ${ROUNDS} rounds turn about: without ${fmt(without)} req/s (${rates(withoutRuns)}), with 1,000 queued to a 1 s receiver going out ${fmt(during)} req/s (${rates(withRuns)}; ${sentDuring} delivered meanwhile): ratio ${fmt(during / without, 3)} (target ≥ 0.9)`,
  );
} finally {
  await sender.stop();
  await quick.close();
  await slow.close();
  await server.close();
  await bench.drop();
}
