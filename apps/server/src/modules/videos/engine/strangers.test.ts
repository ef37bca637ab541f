/**
 * Masters from strangers (issue 37, decision 072): what ffmpeg reads is what the probe found, no longer than the probe
 * said, within the job's ceilings. Real ffmpeg on masters made from its test sources; run with FFMPEG_PATH and
 * FFPROBE_PATH naming the bundled build too (docs/reliability.md).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VideoSource } from '@kids-vod/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { lyingMaster } from '../../../test/masters.ts';
import { transcodeLadder } from './ladder.ts';
import { DEFAULT_VIDEO_LIMITS, OverCeiling, overLimit } from './limits.ts';
import { readMediaPlaylist } from './playlists.ts';
import { NotAVideo, probeMaster } from './probe.ts';
import { videoBinaries } from './process.ts';

const bin = videoBinaries(process.env);
const dir = mkdtempSync(path.join(tmpdir(), 'kids-vod-strangers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** ffmpeg on its test sources: `seconds` of a small picture with a tone, in the format named. */
function make(name: string, seconds: number, format: string, extra: string[] = []): string {
  const out = path.join(dir, name);
  execFileSync(bin.ffmpeg, [
    ...[
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=160x90:rate=10:duration=${seconds}`,
    ],
    ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`, ...extra],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', format, out],
  ]);
  return out;
}

const seconds = async (playlist: string) =>
  (await readMediaPlaylist(playlist)).reduce((sum, segment) => sum + segment.seconds, 0);

describe('ffmpeg reads a master only as what the probe found', () => {
  it('reads a file that is an HLS playlist followed by MPEG-TS as the MPEG-TS, never the file the playlist lists', async () => {
    // Another video's segment beside it, six seconds long; the file's own MPEG-TS is two.
    make('other.ts', 6, 'mpegts');
    const own = readFileSync(make('own.ts', 2, 'mpegts'));
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nother.ts\n#EXT-X-ENDLIST\n';
    const crafted = path.join(dir, 'crafted');
    writeFileSync(crafted, Buffer.concat([Buffer.from(playlist), own]));
    let source: VideoSource;
    try {
      source = await probeMaster(bin, crafted);
    } catch (err) {
      // Read as a playlist by this build's probe: refused, as no other container is taken.
      expect(err).toBeInstanceOf(NotAVideo);
      return;
    }
    expect(source.duration_sec).toBeLessThan(4);
    const outDir = path.join(dir, 'crafted-out');
    const ladder = await transcodeLadder(bin, { input: crafted, source, outDir });
    // Its own two seconds: the six of other.ts were never read.
    expect(await seconds(path.join(outDir, ladder.renditions[0].playlist))).toBeLessThan(4);
  });

  it('fails a master whose header understates its length with a sentence, never a ladder longer than it said', async () => {
    const file = lyingMaster(20);
    const source = await probeMaster(bin, file);
    expect(source.duration_sec).toBeCloseTo(2, 0);
    const outDir = path.join(dir, 'long-out');
    const run = transcodeLadder(bin, { input: file, source, outDir });
    // A ceiling: the job fails at once, not after its retries.
    await expect(run).rejects.toBeInstanceOf(OverCeiling);
    await expect(run).rejects.toThrow(/runs longer than its file says \(2 seconds\)/);
  });
});

describe('the limits of a master and of its job', () => {
  const source = (fields: Partial<VideoSource>): VideoSource => ({
    container: 'mp4',
    width: 1920,
    height: 1080,
    fps: 25,
    duration_sec: 60,
    video_codec: 'h264',
    audio: [],
    ...fields,
  });

  it('names the limit a master is over', () => {
    expect(overLimit(source({}), DEFAULT_VIDEO_LIMITS)).toBeNull();
    expect(overLimit(source({ width: 2160, height: 3840 }), DEFAULT_VIDEO_LIMITS)).toBeNull();
    expect(overLimit(source({ width: 8192, height: 8192 }), DEFAULT_VIDEO_LIMITS)).toMatch(/MAX_VIDEO_WIDTH/);
    expect(overLimit(source({ duration_sec: 14_401 }), DEFAULT_VIDEO_LIMITS)).toMatch(/4 hours \(MAX_VIDEO_SECONDS\)/);
    const audio = Array.from({ length: 17 }, (_, index) => ({ index, codec: 'aac', channels: 2, language: null }));
    expect(overLimit(source({ audio }), DEFAULT_VIDEO_LIMITS)).toMatch(/17 audio tracks, more than 16/);
  });

  it('fails a transcode over its memory ceiling with a sentence naming the setting', async () => {
    const file = make('memory.mp4', 2, 'mp4');
    const master = await probeMaster(bin, file);
    const run = transcodeLadder(bin, {
      input: file,
      source: master,
      outDir: path.join(dir, 'memory-out'),
      limits: { ...DEFAULT_VIDEO_LIMITS, jobMemoryMb: 40 },
    });
    await expect(run).rejects.toBeInstanceOf(OverCeiling);
    await expect(run).rejects.toThrow(/more than 40 MB of memory \(TRANSCODE_MAX_MEMORY_MB\)/);
  });

  it('fails a transcode over its time ceiling with a sentence naming the setting', async () => {
    const file = make('slow.mp4', 30, 'mp4');
    const master = await probeMaster(bin, file);
    const run = transcodeLadder(bin, {
      input: file,
      source: master,
      outDir: path.join(dir, 'slow-out'),
      limits: { ...DEFAULT_VIDEO_LIMITS, jobSeconds: 0.2 },
    });
    await expect(run).rejects.toBeInstanceOf(OverCeiling);
    await expect(run).rejects.toThrow(/took longer than 0.2 seconds \(TRANSCODE_MAX_SECONDS\)/);
  });
});
