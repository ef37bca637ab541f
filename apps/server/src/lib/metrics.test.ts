/**
 * `GET /metrics` (api.md "Operations", decision 078) through the real app: absent without METRICS_TOKEN, refused
 * without the bearer token, and with it Prometheus's text with the requests, the video jobs and the process.
 */
import type { AddressInfo } from 'node:net';
import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { newVideoFile } from '../test/videos.ts';
import { webhookDeliveries } from './metrics.ts';
import { serveWorkerMetrics } from './metrics-http.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one series in Prometheus's text, or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is refused without the bearer token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${METRICS_TOKEN}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().detail).toMatch(/METRICS_TOKEN/);
    }
  });

  it('counts requests by route and status, video jobs by status and the process', async () => {
    await t.call(api.brand.list, {});
    await t.refused(api.content.fileGet, { id: 2_000_000 });
    await newVideoFile(t, { status: 'failed' });
    webhookDeliveries.inc({ result: 'delivered' });
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(
      seriesValue(text, 'http_request_duration_seconds_count{method="POST",route="/api/brand/list",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/content/files/get",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'video_jobs{status="failed"}')).toBe(1);
    expect(seriesValue(text, 'video_jobs{status="queued"}')).toBe(0);
    expect(seriesValue(text, 'webhook_deliveries_total{result="delivered"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE video_transcode_seconds histogram');
    expect(text).toContain('# TYPE catalogue_builds_total counter');
    expect(text).toContain('# TYPE catalogue_scheduled_publishes_total counter');
    expect(text).toContain('# TYPE video_queue_wait_seconds histogram');
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts a person’s catalogue build by its result', async () => {
    const before =
      seriesValue(
        (await scrape(`Bearer ${METRICS_TOKEN}`)).body,
        'catalogue_builds_total{trigger="person",result="published"}',
      ) ?? 0;
    await t.call(api.catalog.publish, { query: { lang: 'en' } });
    const after = seriesValue(
      (await scrape(`Bearer ${METRICS_TOKEN}`)).body,
      'catalogue_builds_total{trigger="person",result="published"}',
    );
    expect(after).toBe(before + 1);
  });

  it('is not there without METRICS_TOKEN', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('is served by a worker on its own port, with the same rules', async () => {
    const server = await serveWorkerMetrics({
      port: 0,
      host: '127.0.0.1',
      token: METRICS_TOKEN,
      database: t.database,
      log: t.app.log,
    });
    try {
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^video_jobs\{status="failed"\} 1$/m);
    } finally {
      server.close();
    }
  });
});
