/**
 * Two server instances on one PostgreSQL send each delivery once (decision 079): each has its own pool and its own
 * sender, as two processes behind a load balancer would, racing for the same due rows on one clock.
 */
import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, openSecondInstance, type TestApp } from '../../test/harness.ts';
import { newVideoFile } from '../../test/videos.ts';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.ts';
import { createWebhookSender } from './index.ts';

let t: TestApp;
let second: Database;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  second = await openSecondInstance(t);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await second.close();
  await t.close();
});

describe('webhook deliveries on two instances of one PostgreSQL', () => {
  it('sends each one once between them, retries included', async () => {
    const EVENTS = 40;
    await t.call(api.webhooks.add, { url: `${receiver.url}/a`, events: ['video.ready'] });
    await t.call(api.webhooks.add, { url: `${receiver.url}/b`, events: ['video.ready'] });
    let clock = Date.now() + 86_400_000;
    const sender = (db: Database['db']) =>
      createWebhookSender({ db, log: t.app.log, allowPrivate: true, timeoutMs: 5_000, now: () => new Date(clock) });
    const a = sender(t.database.db);
    const b = sender(second.db);
    // A slow receiver, so that both instances have deliveries in flight at once.
    receiver.answer.delayMs = 20;
    receiver.answer.status = 500;
    for (let i = 0; i < EVENTS; i += 1) {
      const video = await newVideoFile(t, { output_prefix: `hls/once-${i}` });
      for (const listener of t.app.videos.whenReady) await listener(t.database.db, t.app.storage, video.id);
    }
    const [sentA, sentB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(sentA + sentB).toBe(EVENTS * 2);
    expect(sentA, 'both instances took part').toBeGreaterThan(0);
    expect(sentB, 'both instances took part').toBeGreaterThan(0);
    // Every first try failed: each is retried once more, by one of them.
    receiver.answer.status = 200;
    clock += 60_000;
    const [againA, againB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(againA + againB).toBe(EVENTS * 2);
    const ids = receiver.received.map((r) => `${r.path} ${r.headers['webhook-id']}`);
    expect(ids).toHaveLength(EVENTS * 4);
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 2)).toBe(true);
    expect(counts.size).toBe(EVENTS * 2);
    await Promise.all([a.stop(), b.stop()]);
  });
});
