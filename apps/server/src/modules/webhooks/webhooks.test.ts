/**
 * Webhooks through the real app (decision 079): a real receiver on 127.0.0.1 (so WEBHOOK_ALLOW_PRIVATE=true), the
 * deliveries signed as Standard Webhooks sign and checked with its own library, retries on a clock the test sets.
 */
import { api, refusal, type WebhookAdded } from '@kids-vod/contract';
import { eq, sql } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff } from '../../test/staff.ts';
import { newVideoFile } from '../../test/videos.ts';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.ts';
import { publishCatalogue } from '../catalog/index.ts';
import { createTranscoder } from '../videos/index.ts';
import { createWebhookSender, MAX_TRIES, RETRY_DELAYS_MS, type WebhookSender } from './index.ts';

const TIMEOUT_MS = 1_000;
let t: TestApp;
let receiver: Receiver;
let sender: WebhookSender;
// Far ahead of the wall clock: every stored delivery (due at the database's now) is due at the test's clock.
let clock = Date.now() + 10 * 86_400_000;
const advance = (ms: number) => {
  clock += ms;
};

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000) });
  receiver = await startReceiver();
  sender = createWebhookSender({
    db: t.database.db,
    log: t.app.log,
    allowPrivate: true,
    timeoutMs: TIMEOUT_MS,
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await sender.stop();
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  Object.assign(receiver.answer, { status: 200, delayMs: 0, location: undefined });
  // Each test's events go to its own webhooks only.
  await t.database.db.delete(webhooks);
});

const deliveries = (hook: { id: number }) => t.call(api.webhooks.deliveries, { webhook_id: hook.id });
const verify = (hook: WebhookAdded, index: number) => {
  const got = receiver.received[index];
  return new Verifier(hook.secret).verify(got.body, got.headers as Record<string, string>) as Record<string, unknown>;
};
/** A new ready video, its "ready" listeners told as the transcoder tells them. */
async function tellReady(outputPrefix: string) {
  const video = await newVideoFile(t, { output_prefix: outputPrefix });
  for (const listener of t.app.videos.whenReady) await listener(t.database.db, t.app.storage, video.id);
  return video;
}
let hookSerial = 0;
const addHook = (events: string[], path = `/hook-${++hookSerial}`) =>
  t.call(api.webhooks.add, { url: `${receiver.url}${path}`, events: events as never });

describe('registering webhooks', () => {
  it('answers the secret once, lists, changes and deletes', async () => {
    const hook = await t.call(api.webhooks.add, {
      url: `${receiver.url}/a`,
      events: ['video.ready', 'video.ready', 'catalogue.published'],
      description: 'The apps’ backend',
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64')).toHaveLength(32);
    expect(hook.events).toEqual(['video.ready', 'catalogue.published']);
    const listed = (await t.call(api.webhooks.list, {})).find((h) => h.id === hook.id);
    expect(listed).toMatchObject({ url: hook.url, description: 'The apps’ backend' });
    expect(JSON.stringify(listed)).not.toContain(hook.secret.slice(10));
    const changed = await t.call(api.webhooks.update, {
      id: hook.id,
      events: ['video.failed'],
      updated_at: hook.updated_at,
    });
    expect(changed.events).toEqual(['video.failed']);
    const stale = await t.refused(api.webhooks.update, { id: hook.id, description: 'x', updated_at: hook.updated_at });
    expect(stale.status).toBe(409);
    await t.call(api.webhooks.delete, { id: hook.id });
    expect((await t.refused(api.webhooks.delete, { id: hook.id })).status).toBe(404);
    expect((await t.refused(api.webhooks.deliveries, { webhook_id: hook.id })).status).toBe(404);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const before = await t.call(api.webhooks.list, {});
    for (const body of [
      { url: 'ftp://example.com/', events: ['video.ready'] },
      { url: `${receiver.url}/x`, events: [] },
      { url: `${receiver.url}/x`, events: ['video.deleted'] },
    ]) {
      const refused = await t.refused(api.webhooks.add, body as never);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.detail).toMatch(/^[A-Z].+/);
    }
    expect(await t.call(api.webhooks.list, {})).toEqual(before);
  });

  it('is for admins only: 403 with a sentence for an editor', async () => {
    const editor = await addStaff(t, 'editor');
    const res = await t.send(api.webhooks.list, {}, { token: editor.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: refusal('editor', 'staff') });
  });
});

describe('deliveries', () => {
  it('sends webhook.test at once, signed as Standard Webhooks verify it', async () => {
    const hook = await addHook(['video.ready']);
    const seen = receiver.received.length;
    const delivery = await t.call(api.webhooks.test, { id: hook.id });
    expect(delivery).toMatchObject({
      event: 'webhook.test',
      attempt: 1,
      status: 200,
      result: 'delivered',
      next_at: null,
    });
    expect(delivery.answer).toBe('thanks');
    const got = receiver.received[seen];
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = verify(hook, seen);
    expect(payload).toMatchObject({ type: 'webhook.test', data: { webhook_id: hook.id } });
    expect(Date.parse(payload.timestamp as string)).not.toBeNaN();
    // Another secret does not verify it.
    const other = await addHook(['video.ready']);
    expect(() => verify(other, seen)).toThrow(/signature/i);
  });

  it('tells video.ready once per ladder, however often the listeners are told', async () => {
    const hook = await addHook(['video.ready']);
    const video = await tellReady('hls/once');
    for (const listener of t.app.videos.whenReady) await listener(t.database.db, t.app.storage, video.id);
    const seen = receiver.received.length;
    expect(await sender.runDue()).toBe(1);
    expect(verify(hook, seen)).toMatchObject({
      type: 'video.ready',
      data: { id: video.id, name: video.name, status: 'ready', playback_url: video.playback_url },
    });
    expect((await deliveries(hook)).rows).toMatchObject([{ event: 'video.ready', result: 'delivered', attempt: 1 }]);
  });

  it('tells video.failed when the transcoder gives a video up', async () => {
    const hook = await addHook(['video.failed']);
    await t.app.storage.put('masters/not-a-video.mp4', Buffer.from('no video in here at all'), {
      contentType: 'video/mp4',
      immutable: true,
    });
    const video = await newVideoFile(t, {
      status: 'queued',
      storage_key: 'masters/not-a-video.mp4',
      playback_url: null,
      next_attempt_at: new Date(clock).toISOString(),
    });
    const transcoder = createTranscoder({
      db: t.database.db,
      storage: t.app.storage,
      ...t.app.videos,
      concurrency: 1,
      log: t.app.log,
      now: () => new Date(clock),
      name: 'webhooks-test',
    });
    await transcoder.runDue();
    await transcoder.stop();
    const seen = receiver.received.length;
    expect(await sender.runDue()).toBe(1);
    expect(verify(hook, seen)).toMatchObject({
      type: 'video.failed',
      data: { id: video.id, status: 'failed', failure: expect.stringMatching(/^[A-Z]/) },
    });
  });

  it('tells catalogue.published for a build and a rollback, catalogue.publish_failed for a failed build', async () => {
    const hook = await addHook(['catalogue.published', 'catalogue.publish_failed']);
    const build = await t.call(api.catalog.publish, { query: { lang: 'en' } });
    await t.call(api.catalog.publish, { query: { lang: 'en' } });
    await t.call(api.catalog.publishBuild, { id: build.id });
    const broken = {
      ...t.app.storage,
      put: async () => {
        throw new Error('The bucket is unreachable');
      },
    };
    await expect(
      publishCatalogue(t.database.db, broken, 'en', undefined, { listeners: t.app.catalogueListeners }),
    ).rejects.toThrow(/unreachable/);
    // An unknown language is the request's mistake, no build failing.
    expect((await t.refused(api.catalog.publish, { query: { lang: 'xx' } })).status).toBe(404);
    const seen = receiver.received.length;
    expect(await sender.runDue()).toBe(4);
    const payloads = [0, 1, 2, 3].map((i) => verify(hook, seen + i));
    const byType = (type: string) => payloads.filter((p) => p.type === type).map((p) => p.data);
    expect(byType('catalogue.published')).toHaveLength(3);
    expect(byType('catalogue.published')).toContainEqual(expect.objectContaining({ build_id: build.id, lang: 'en' }));
    expect(byType('catalogue.published')).toContainEqual(expect.objectContaining({ rollback_of: build.id }));
    expect(byType('catalogue.publish_failed')).toEqual([
      // Its words are a sentence for receivers, never the error's own (a path, a host, SQL).
      {
        lang: 'en',
        automatic: false,
        detail: 'the catalogue could not be built and stored (the server log has the details)',
      },
    ]);
  });
});

describe('retries', () => {
  it('retries a non-2xx answer with growing waits for more than a day, then gives up', async () => {
    receiver.answer.status = 503;
    const hook = await addHook(['video.ready']);
    await tellReady('hls/retried');
    expect(await sender.runDue()).toBe(1);
    const id = (await deliveries(hook)).rows[0].id;
    const waits: number[] = [];
    for (let attempt = 2; attempt <= MAX_TRIES; attempt += 1) {
      const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      expect(row).toMatchObject({ result: 'pending', attempt: attempt - 1, status: 503 });
      const wait = Date.parse(row.next_at as string) - clock;
      waits.push(wait);
      // Not before it is due…
      advance(wait - 1);
      expect(await sender.runDue()).toBe(0);
      // …and at once when it is.
      advance(1);
      expect(await sender.runDue()).toBe(1);
    }
    expect(waits).toEqual(RETRY_DELAYS_MS);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(waits.reduce((a, b) => a + b)).toBeGreaterThan(24 * 3600_000);
    const [last] = (await deliveries(hook)).rows;
    expect(last).toMatchObject({ result: 'failed', attempt: MAX_TRIES, next_at: null, answer: 'answered 503' });
  });

  it('cuts a slow receiver off after the timeout, does not follow a redirect, and delivers once it answers', async () => {
    const hook = await addHook(['video.ready']);
    receiver.answer.delayMs = TIMEOUT_MS * 3;
    const slow = await t.call(api.webhooks.test, { id: hook.id });
    expect(slow).toMatchObject({ status: null, result: 'pending', answer: `No answer within ${TIMEOUT_MS / 1000} s` });
    expect(slow.duration_ms).toBeLessThan(TIMEOUT_MS * 2);
    Object.assign(receiver.answer, { delayMs: 0, status: 302, location: '/elsewhere' });
    advance(RETRY_DELAYS_MS[0]);
    const seen = receiver.received.length;
    expect(await sender.runDue()).toBe(1);
    expect(receiver.received.slice(seen).map((r) => r.path)).toEqual([`/hook-${hookSerial}`]);
    Object.assign(receiver.answer, { status: 204, location: undefined });
    advance(RETRY_DELAYS_MS[1]);
    expect(await sender.runDue()).toBe(1);
    const [row] = (await deliveries(hook)).rows;
    expect(row).toMatchObject({ result: 'delivered', attempt: 3, status: 204 });
    // The same message each time: a receiver tells a retry by its webhook-id.
    const ids = new Set(receiver.received.slice(-3).map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
  });

  it('survives a restart: a stored delivery, and one whose sender died mid-send, go out from a new process', async () => {
    const hook = await addHook(['video.ready']);
    await tellReady('hls/restart');
    // A sender claimed it (its lease set, a try counted) and died before settling it.
    await t.database.db.execute(sql`
      update ${webhookDeliveries} set attempt = 1, next_at = ${new Date(clock + TIMEOUT_MS + 30_000).toISOString()}::timestamptz
      where webhook_id = ${hook.id}`);
    const restarted = createWebhookSender({
      db: t.database.db,
      log: t.app.log,
      allowPrivate: true,
      timeoutMs: TIMEOUT_MS,
      now: () => new Date(clock),
    });
    expect(await restarted.runDue()).toBe(0);
    advance(TIMEOUT_MS + 30_000);
    expect(await restarted.runDue()).toBe(1);
    expect((await deliveries(hook)).rows).toMatchObject([{ result: 'delivered', attempt: 2 }]);
  });

  it('refuses to send to a private address at send time unless allowed', async () => {
    const hook = await addHook(['video.ready']);
    const strict = createWebhookSender({
      db: t.database.db,
      log: t.app.log,
      allowPrivate: false,
      timeoutMs: TIMEOUT_MS,
      now: () => new Date(clock),
    });
    await tellReady('hls/private');
    const seen = receiver.received.length;
    expect(await strict.runDue()).toBeGreaterThanOrEqual(1);
    expect(receiver.received.length).toBe(seen);
    const [row] = (await deliveries(hook)).rows;
    expect(row).toMatchObject({ result: 'pending', status: null, answer: expect.stringMatching(/private/) });
  });
});
