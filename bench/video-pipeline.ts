/**
 * Issue 29's targets through the real server: `node --import tsx apps/server/src/main.ts` as a child process (a
 * temporary DATA_DIR with its embedded database, DEMO_DATA=0, TRANSCODE_CONCURRENCY=1, local storage), as a
 * console uploads over loopback:
 *
 *   node --import tsx bench/video-pipeline.ts    BENCH_RUNS (pairs, default 2), BENCH_SECONDS (the master, default 60),
 *                                                BENCH_UPLOAD_GB (the big upload, default 4: 4 GiB less 1 MiB),
 *                                                BENCH_PARTS (default pipeline,memory)
 *
 * 1. pipeline: from the first byte of `POST /api/content/upload?type=video` (multipart, a 60 s 1080p master) until
 *    `POST /api/content/files/get` says ready (asked every 200 ms): upload, probe, storing the master, the job's
 *    claim, `transcodeLadder`, storing the ladder, the row marked ready. Against the same ffmpeg command by hand
 *    (`ladderArgs`, the same master), turn about (ABBA), medians. Target ≤ 1.1 × by hand.
 * 2. memory: the server process's RSS (/proc/<pid>/status VmRSS, every 100 ms; ffmpeg is a process of its own, so
 *    it is not counted; its peak is printed aside) from idle after a warm-up call, through an upload of 4 GiB (the
 *    master's bytes, then zeros: generated while sending, never on disk here, sent with backpressure) and its
 *    processing until the row is ready or failed. Target: growth ≤ 100 MB. A fresh server, so the first part's
 *    heap does not hide anything.
 */

import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { VideoFile } from '@kids-vod/contract';
import { planLadder, probeMaster, videoBinaries } from '../apps/server/src/modules/videos/engine/index.ts';
import { type ChildServer, serverEnv, startServer, tempDataDir } from '../apps/server/src/test/child-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../apps/server/src/test/harness.ts';
import { sessionToken } from './lib/app.ts';
import { ladderByHand, makeBenchMaster, median } from './lib/video.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const MiB = 1024 ** 2;
// A little under MAX_VIDEO_BYTES (4 GiB by default), which counts the file's bytes, not the multipart around them.
const UPLOAD_BYTES = Math.floor(Number(process.env.BENCH_UPLOAD_GB ?? 4) * 1024 ** 3) - MiB;
const PARTS = (process.env.BENCH_PARTS ?? 'pipeline,memory').split(',');
const TARGET_RATIO = 1.1;
const TARGET_GROWTH_MB = 100;
const POLL_MS = 200;

const loadAtStart = loadavg()[0];
const bin = videoBinaries();
const dir = await mkdtemp(join(tmpdir(), 'kids-vod-bench-pipeline-'));
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Running {
  server: ChildServer;
  dataDir: string;
  token: string;
}

/** A fresh server on a DATA_DIR of its own, signed in, one call answered (the warm-up). */
async function start(): Promise<Running> {
  const dataDir = tempDataDir();
  const server = await startServer(
    serverEnv(dataDir, { TRANSCODE_CONCURRENCY: '1', FFMPEG_PATH: bin.ffmpeg, FFPROBE_PATH: bin.ffprobe }),
    300_000,
  );
  const login = await fetch(`${server.url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
  const token = sessionToken(login);
  const warm = await fetch(`${server.url}/api/content/files`, { headers: { authorization: `Bearer ${token}` } });
  if (!warm.ok) throw new Error(`the warm-up call failed: ${await warm.text()}`);
  return { server, dataDir, token };
}

async function stopServer({ server, dataDir }: Running) {
  server.proc.kill('SIGTERM');
  await Promise.race([server.exited, sleep(20_000)]);
  server.kill();
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * A video upload as a browser sends it: multipart over one connection, the body pulled as the socket drains
 * (backpressure), with its length known. Resolves with the answer.
 */
function upload(
  { server, token }: Running,
  file: () => AsyncIterable<Buffer>,
  fileBytes: number,
): Promise<{ status: number; body: VideoFile & { detail?: string } }> {
  const boundary = '----bench-video-pipeline';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="master.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/api/content/upload?type=video`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + fileBytes + tail.length),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
      res.on('error', reject);
    });
    const body = Readable.from(
      (async function* () {
        yield head;
        yield* file();
        yield tail;
      })(),
      { objectMode: false },
    );
    // A refusal answered early closes the connection: the send's own error is then only its echo.
    pipeline(body, req).catch((err) => {
      if (!answered) reject(err);
    });
  });
}

/** Asks for the video every 200 ms until it is ready or failed. */
async function settled({ server, token }: Running, id: number): Promise<VideoFile> {
  for (;;) {
    const res = await fetch(`${server.url}/api/content/files/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    const file = (await res.json()) as VideoFile;
    if (!res.ok) throw new Error(`files/get answered ${res.status}: ${JSON.stringify(file)}`);
    if (file.status === 'ready' || file.status === 'failed') return file;
    await sleep(POLL_MS);
  }
}

/** VmRSS of a process in bytes (0 once it is gone). */
async function rssOf(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The summed RSS of a process's children (the server's ffmpeg and ffprobe), found by their parent's pid. */
async function childrenRss(parent: number): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: the name may hold spaces and parentheses, so the fields are read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) total += await rssOf(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

async function pipelinePart(master: string) {
  console.log('\n## pipeline: upload → ready, against ffmpeg by hand');
  const source = await probeMaster(bin, master);
  const renditions = planLadder(source);
  const masterBytes = (await stat(master)).size;
  const running = await start();
  try {
    let n = 0;
    const byHand = async () => {
      const outDir = join(dir, `hand-${n++}`);
      const ms = await ladderByHand(bin.ffmpeg, { input: master, source, renditions, outDir });
      await rm(outDir, { recursive: true, force: true });
      return ms;
    };
    const throughServer = async () => {
      const started = performance.now();
      const answer = await upload(running, () => createReadStream(master), masterBytes);
      const answeredMs = performance.now() - started;
      if (answer.status !== 200)
        throw new Error(`the upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const file = await settled(running, answer.body.id);
      const ms = performance.now() - started;
      if (file.status !== 'ready') throw new Error(`the video ended ${file.status}: ${file.failure}`);
      return { ms, answeredMs };
    };
    const hand: number[] = [];
    const server: number[] = [];
    const answered: number[] = [];
    for (let pair = 0; pair < RUNS; pair++) {
      // Turn about (ABBA): a machine that gets busier or quieter during the run weighs on both alike.
      const order = pair % 2 === 0 ? ['hand', 'server'] : ['server', 'hand'];
      for (const which of order) {
        if (which === 'hand') hand.push(await byHand());
        else {
          const { ms, answeredMs } = await throughServer();
          server.push(ms);
          answered.push(answeredMs);
        }
      }
      console.log(
        `pair ${pair + 1}: by hand ${s(hand.at(-1) as number)}, server ${s(server.at(-1) as number)} ` +
          `(upload answered after ${s(answered.at(-1) as number)}); load ${loadavg()[0].toFixed(2)}`,
      );
    }
    const handMs = median(hand);
    const serverMs = median(server);
    const ratio = serverMs / handMs;
    console.log(
      `\npipeline, ${SECONDS} s 1080p master (${mb(masterBytes)}) → ${renditions.map((r) => `${r.height}p`).join(' ')}: ` +
        `server ${s(serverMs)} (upload answered after ${s(median(answered))}), by hand ${s(handMs)}; ` +
        `ratio ${ratio.toFixed(3)} (target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}); ` +
        `real-time factor ${(serverMs / 1000 / SECONDS).toFixed(2)} (by hand ${(handMs / 1000 / SECONDS).toFixed(2)}); ` +
        `load at end ${loadavg()[0].toFixed(2)}`,
    );
  } finally {
    await stopServer(running);
  }
}

async function memoryPart(master: string) {
  console.log(
    `\n## memory: server RSS through a ${(UPLOAD_BYTES / 1024 ** 3).toFixed(3)} GiB upload and its processing`,
  );
  const masterBytes = (await stat(master)).size;
  const running = await start();
  const pid = running.server.proc.pid as number;
  try {
    // Idle: a moment after the warm-up call, the median of ten samples.
    await sleep(2_000);
    const idle: number[] = [];
    for (let i = 0; i < 10; i++) {
      idle.push(await rssOf(pid));
      await sleep(100);
    }
    const baseline = median(idle);
    let phase: 'upload' | 'processing' = 'upload';
    const peak = { upload: 0, processing: 0 };
    // The lowest sample too: an idle figure taken soon after the start can hold garbage the first collection frees.
    let lowest = Number.POSITIVE_INFINITY;
    let ffmpegPeak = 0;
    let samples = 0;
    let sampling = true;
    const sampler = (async () => {
      let tick = 0;
      while (sampling) {
        const rss = await rssOf(pid);
        samples += 1;
        peak[phase] = Math.max(peak[phase], rss);
        if (rss > 0) lowest = Math.min(lowest, rss);
        // Walking /proc costs more: once a second is enough for ffmpeg's figure, which is only shown aside.
        if (tick++ % 10 === 0) ffmpegPeak = Math.max(ffmpegPeak, await childrenRss(pid));
        await sleep(100);
      }
    })();
    const zeros = Buffer.alloc(MiB);
    const file = async function* () {
      // The master's own bytes, then zeros up to the size: a real video at the start of a 4 GB file.
      for await (const chunk of createReadStream(master)) yield chunk as Buffer;
      for (let sent = masterBytes; sent < UPLOAD_BYTES; sent += zeros.length)
        yield sent + zeros.length <= UPLOAD_BYTES ? zeros : zeros.subarray(0, UPLOAD_BYTES - sent);
    };
    const started = performance.now();
    const answer = await upload(running, file, UPLOAD_BYTES);
    const uploadMs = performance.now() - started;
    console.log(
      `upload answered ${answer.status} after ${s(uploadMs)} (${(UPLOAD_BYTES / MiB / (uploadMs / 1000)).toFixed(0)} MiB/s)` +
        (answer.status === 200 ? `: ${answer.body.status}, ${answer.body.duration_sec} s` : `: ${answer.body.detail}`),
    );
    phase = 'processing';
    const end = answer.status === 200 ? await settled(running, answer.body.id) : undefined;
    const processingMs = performance.now() - started - uploadMs;
    sampling = false;
    await sampler;
    const after = await rssOf(pid);
    const top = Math.max(peak.upload, peak.processing);
    const growth = top - baseline;
    console.log(
      `ended ${end ? `${end.status}${end.failure ? ` (${end.failure})` : ''} after ${s(processingMs)} more` : 'at the upload'}; ` +
        `server RSS: idle ${mb(baseline)}, peak ${mb(top)} (upload ${mb(peak.upload)}, processing ${mb(peak.processing)}), ` +
        `lowest ${mb(lowest)}, after ${mb(after)}; growth ${mb(growth)} (target ≤ ${TARGET_GROWTH_MB} MB: ${growth <= TARGET_GROWTH_MB * 1e6 ? 'met' : 'MISSED'}); ` +
        `${samples} samples; ffmpeg/ffprobe aside, peak ${mb(ffmpegPeak)}; load at end ${loadavg()[0].toFixed(2)}`,
    );
  } finally {
    await stopServer(running);
  }
}

try {
  const master = join(dir, 'master.mp4');
  const made = performance.now();
  await makeBenchMaster(bin, master, SECONDS);
  console.log(
    `master: ${SECONDS} s 1920x1080 (made in ${s(performance.now() - made)}); load at start ${loadAtStart.toFixed(2)}; ` +
      `ffmpeg ${bin.ffmpeg}`,
  );
  if (PARTS.includes('pipeline')) await pipelinePart(master);
  if (PARTS.includes('memory')) await memoryPart(master);
} finally {
  await rm(dir, { recursive: true, force: true });
}
