/**
 * A large resumable upload cut and resumed (issue 30's target: a 2 GB upload cut at 60 % resumes at ≥ 59 %, not from
 * 0, and the server's memory stays flat), through the real server listening on a port (PostgreSQL,
 * BENCH_DATABASE_URL): a real 2 s master followed by zeros up to BENCH_BYTES, sent by tus (creation, PATCH, HEAD) over
 * plain HTTP; the PATCH's connection is cut after 60 % of the bytes, HEAD asks where to resume, and a second PATCH
 * sends the rest. The last byte makes it a VideoFile (probed, moved into storage).
 *
 *   node --import tsx bench/tus-resume.ts        BENCH_BYTES=2147483648 (2 GiB)
 *
 * Baseline: the process's own RSS, idle before the upload (the client runs in the same process and streams too, so
 * the growth is an upper bound of the server's).
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { TUS_UPLOADS_PATH, VIDEO_FILE_ID_HEADER } from '@kids-vod/contract';
import { testMaster } from '../apps/server/src/test/masters.ts';
import { startBenchApp } from './lib/app.ts';
import { createBenchDatabase, fmt } from './lib/database.ts';

const SIZE = Number(process.env.BENCH_BYTES ?? 2 * 1024 ** 3);
const CUT = 0.6;
const CHUNK = 1024 * 1024;
const load = loadavg()[0];
const MB = 1024 * 1024;

const bench = await createBenchDatabase('tus');
const server = await startBenchApp(bench.database, { MAX_VIDEO_BYTES: String(4 * 1024 ** 3) });
const master = await testMaster();
const url = new URL(server.base);

/** Sends bytes [from, to) of the upload as one PATCH; with `cutAt`, the connection is destroyed once that many are sent. */
function send(path: string, from: number, to: number, cutAt?: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders } | 'cut'>((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path,
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${server.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(from),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(to - from),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', (err) => (cutAt === undefined ? reject(err) : resolve('cut')));
    const zeros = Buffer.alloc(CHUNK);
    let at = from;
    const pump = () => {
      while (at < to) {
        if (cutAt !== undefined && at >= cutAt) {
          // Once the server has taken what was sent: the cable is pulled.
          setTimeout(() => req.destroy(), 500);
          return;
        }
        const end = Math.min(to, at + CHUNK, cutAt ?? to);
        const chunk =
          at < master.length ? Buffer.concat([master, zeros]).subarray(at, end) : zeros.subarray(0, end - at);
        at = end;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const rss: number[] = [];
const sample = () => rss.push(process.memoryUsage().rss);
try {
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const idle = process.memoryUsage().rss;
  const timer = setInterval(sample, 100);
  const start = performance.now();
  const created = await fetch(`${server.base}${TUS_UPLOADS_PATH}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(SIZE),
      'upload-metadata': `filename ${Buffer.from('big-master.mp4').toString('base64')}`,
    },
  });
  const path = created.headers.get('location');
  if (created.status !== 201 || !path) throw new Error(`creation: ${created.status} ${await created.text()}`);
  const cutAt = Math.floor(SIZE * CUT);
  await send(path, 0, SIZE, cutAt);
  const firstPart = performance.now() - start;
  // The server lets go of the cut PATCH (its lock) when it sees the connection gone; HEAD then answers the offset.
  let offset = -1;
  for (let i = 0; i < 100 && offset < cutAt; i++) {
    const head = await fetch(`${server.base}${path}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${server.token}`, 'tus-resumable': '1.0.0' },
    });
    offset = Number(head.headers.get('upload-offset'));
    if (offset < cutAt) await new Promise((r) => setTimeout(r, 100));
  }
  const resumedAt = (offset / SIZE) * 100;
  const rest = await send(path, offset, SIZE);
  const total = performance.now() - start;
  clearInterval(timer);
  if (rest === 'cut' || rest.status !== 204) throw new Error(`the last PATCH: ${JSON.stringify(rest)}`);
  const peak = Math.max(...rss);
  console.log(`load at start ${fmt(load, 2)}; ${fmt(SIZE / MB)} MiB, cut after ${CUT * 100} % of the bytes sent`);
  console.log(`resumed at ${fmt(resumedAt, 2)} % (offset ${offset} of ${SIZE}); target ≥ 59 %`);
  console.log(
    `VideoFile ${rest.headers[VIDEO_FILE_ID_HEADER.toLowerCase()]}, the whole upload in ${fmt(total / 1000, 1)} s`,
  );
  console.log(`(first part ${fmt(firstPart / 1000, 1)} s, ${fmt(cutAt / MB / (firstPart / 1000))} MiB/s)`);
  console.log(
    `RSS: idle ${fmt(idle / MB)} MB, peak ${fmt(peak / MB)} MB, growth ${fmt((peak - idle) / MB)} MB (${rss.length} samples); target ≤ 100 MB`,
  );
} finally {
  await server.close();
  await bench.drop();
}
