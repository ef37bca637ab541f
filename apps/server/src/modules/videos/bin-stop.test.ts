/**
 * Stop means stop (issue 37): a video moved to the bin stops its job within seconds, its ffmpeg killed and nothing
 * of it ready in the bin; restored, it is queued again and becomes ready. The real transcoder and ffmpeg.
 */
import { api, type VideoFile } from '@kids-vod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { videoFiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';
import { ffmpegsIn, waitFor } from '../../test/processes.ts';
import { createTranscoder } from './transcoder.ts';

let t: TestApp;
let transcoder: ReturnType<typeof createTranscoder>;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  t = await createTestApp();
  // The job's log lines, kept to be read (the structured line of each job event).
  const log = Object.assign(Object.create(t.app.log), {
    info: (fields: Record<string, unknown>) => lines.push(fields),
    warn: (fields: Record<string, unknown>) => lines.push(fields),
  });
  transcoder = createTranscoder({
    db: t.database.db,
    storage: t.app.storage,
    ...t.app.videos,
    concurrency: 1,
    log,
    name: 'bin-test',
  });
}, 120_000);
afterAll(async () => {
  await transcoder.stop();
  await t.close();
});

const rowOf = async (id: number) => (await t.database.db.select().from(videoFiles).where(eq(videoFiles.id, id)))[0];

it('stops the job of a video moved to the bin within seconds, and processes it again once restored', async () => {
  const master = await testMaster({ seconds: 40, width: 640, height: 360 });
  const res = await t.request(fileUpload('/api/content/upload?type=video', { data: master, filename: 'binned.mp4' }));
  expect(res.statusCode, res.body).toBe(200);
  const file = res.json() as VideoFile;
  const running = transcoder.runDue();
  await waitFor('ffmpeg transcodes', () => ffmpegsIn(t.app.videos.workDir).length > 0, 120_000);

  await t.call(api.content.fileDelete, { id: file.id });
  const binnedAt = Date.now();
  await running;
  // Stopped within seconds (a look every 2 s, then ffmpeg is stopped), not after the whole transcode.
  expect(Date.now() - binnedAt).toBeLessThan(8_000);
  expect(ffmpegsIn(t.app.videos.workDir)).toEqual([]);
  const stopped = await rowOf(file.id);
  expect(stopped).toMatchObject({ status: 'queued', lease_owner: null, output_prefix: null });
  expect(stopped.deleted_at).not.toBeNull();
  expect(lines).toContainEqual(
    expect.objectContaining({ job_event: 'stopped', video: file.id, attempt: 1, reason: 'moved to the bin' }),
  );
  // In the bin it is not claimed.
  expect(await transcoder.runDue()).toBe(0);

  await t.call(api.bin.restore, { entity: 'video_files', id: file.id });
  expect(await transcoder.runDue()).toBe(1);
  const events = lines.filter((l) => l.video === file.id && l.job_event);
  expect(
    events.map((l) => l.job_event),
    JSON.stringify(events),
  ).toEqual(['started', 'stopped', 'started', 'ready']);
  expect(await rowOf(file.id)).toMatchObject({ status: 'ready', attempts: 1, deleted_at: null });
  expect(lines.find((l) => l.job_event === 'ready')).toMatchObject({
    attempt: 1,
    worker: expect.stringMatching(/^bin-test:/),
  });
}, 300_000);
