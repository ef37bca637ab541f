import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VideoSource } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterPlaylist, withAudioGroup } from '../hls/index.ts';
import {
  audioLabel,
  LOUDNESS,
  languageOfTag,
  makeTestMaster,
  NotAVideo,
  planLadder,
  probeMaster,
  readMediaPlaylist,
  SEGMENT_SECONDS,
  takePoster,
  transcodeLadder,
  videoBinaries,
} from './index.ts';
import { MediaToolFailed, runTool } from './process.ts';

const bin = videoBinaries();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kids-vod-engine-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** ffmpeg with an argument array, its stderr (info level) returned for the measures the test reads from it. */
async function ffmpeg(args: string[]): Promise<string> {
  const result = await runTool(bin.ffmpeg, ['-nostdin', '-hide_banner', '-nostats', '-y', ...args], {
    timeoutMs: 60_000,
  });
  expect(result.code, result.stderrTail.join('\n')).toBe(0);
  return result.stderrTail.join('\n');
}

async function ffprobeJson<T>(args: string[]): Promise<T> {
  const result = await runTool(bin.ffprobe, ['-v', 'error', '-print_format', 'json', ...args], {
    collectStdout: true,
    timeoutMs: 30_000,
  });
  expect(result.code, result.stderrTail.join('\n')).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** Mean luma (0-255) of a picture. */
async function meanLuma(picture: string): Promise<number> {
  const log = await ffmpeg([
    '-i',
    picture,
    '-vf',
    'signalstats,metadata=print:key=lavfi.signalstats.YAVG',
    '-f',
    'null',
    '-',
  ]);
  return Number(/lavfi\.signalstats\.YAVG=([\d.]+)/.exec(log)?.[1]);
}

/** Every ffmpeg process whose arguments name `path`, from /proc (a killed one is gone from there). */
async function processesNaming(path: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(path) && cmdline.includes('ffmpeg')) pids.push(Number(entry));
  }
  return pids;
}

function parseMaster(text: string) {
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const variants: Array<{ attributes: Record<string, string>; uri: string }> = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attributes: Record<string, string> = {};
    for (const match of line.slice('#EXT-X-STREAM-INF:'.length).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g))
      attributes[match[1]] = match[2].replace(/^"|"$/g, '');
    variants.push({ attributes, uri: lines[i + 1] });
  });
  return variants;
}

const source = (width: number, height: number): VideoSource => ({
  container: 'mp4',
  width,
  height,
  fps: 25,
  duration_sec: 10,
  video_codec: 'h264',
  audio: [],
});

describe('planLadder', () => {
  it('never goes above the source, smallest first, with the bit rates of decision 059', () => {
    expect(planLadder(source(1920, 1080))).toEqual([
      { width: 640, height: 360, videoKbps: 800, audioKbps: 96 },
      { width: 854, height: 480, videoKbps: 1400, audioKbps: 96 },
      { width: 1280, height: 720, videoKbps: 2800, audioKbps: 128 },
      { width: 1920, height: 1080, videoKbps: 5000, audioKbps: 128 },
    ]);
    expect(planLadder(source(640, 360)).map((r) => [r.width, r.height])).toEqual([[640, 360]]);
    expect(planLadder(source(1280, 720)).map((r) => r.height)).toEqual([360, 480, 720]);
    // Scope (2.39:1): fitted in each box by its width, and no 1080 rendition from a 536-line picture.
    expect(planLadder(source(1280, 536)).map((r) => [r.width, r.height])).toEqual([
      [640, 268],
      [854, 358],
      [1280, 536],
    ]);
    // A phone held upright: the same steps, turned.
    expect(planLadder(source(1080, 1920)).map((r) => [r.width, r.height])).toEqual([
      [360, 640],
      [480, 854],
      [720, 1280],
      [1080, 1920],
    ]);
  });

  it('gives a source below 360p one rendition at its own size, in even pixels', () => {
    const [only, ...rest] = planLadder(source(321, 181));
    expect(rest).toEqual([]);
    expect([only.width, only.height]).toEqual([320, 180]);
    expect(only.videoKbps).toBeGreaterThan(0);
  });
});

describe('probeMaster', () => {
  const containers = [
    ['mp4', 'mp4', 'h264'],
    ['mov-prores', 'mov', 'prores'],
    ['mkv', 'mkv', 'h264'],
    ['webm', 'webm', 'vp9'],
    ['avi', 'avi', 'mpeg4'],
    ['mxf', 'mxf', 'mpeg2video'],
  ] as const;
  for (const [kind, container, codec] of containers) {
    it(`reads a ${kind} master: container, size, frame rate, duration, codec, audio`, async () => {
      const file = join(dir, `probe-${kind}.${kind === 'mov-prores' ? 'mov' : kind}`);
      await makeTestMaster(bin, file, { seconds: 2, width: 320, height: 180, container: kind, audioLanguage: 'fra' });
      const probed = await probeMaster(bin, file);
      expect(probed).toMatchObject({ container, width: 320, height: 180, fps: 25, video_codec: codec });
      expect(probed.duration_sec).toBeGreaterThan(1.9);
      expect(probed.duration_sec).toBeLessThan(2.2);
      expect(probed.audio).toHaveLength(1);
      expect(probed.audio[0]).toMatchObject({ index: 1, channels: 1 });
      // AVI and MXF as ffmpeg writes them keep no language.
      if (['mp4', 'mov', 'mkv', 'webm'].includes(container)) expect(probed.audio[0].language).toBe('fra');
    });
  }

  it('reads the picture as it is shown: a phone video turned upright', async () => {
    const file = join(dir, 'rotated.mp4');
    await makeTestMaster(bin, join(dir, 'unrotated.mp4'), { seconds: 1, width: 320, height: 180, container: 'mp4' });
    await ffmpeg(['-i', join(dir, 'unrotated.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file]);
    expect(await probeMaster(bin, file)).toMatchObject({ width: 180, height: 320 });
  });

  async function refusal(file: string): Promise<NotAVideo> {
    const error = await probeMaster(bin, file).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NotAVideo);
    expect((error as Error).message).toMatch(/^[A-Z].*\.$/);
    return error as NotAVideo;
  }

  it('refuses random bytes named .mp4, a 0-byte file, an audio-only file, a picture, an MP4 cut before its index', async () => {
    const random = join(dir, 'random.mp4');
    await writeFile(random, randomBytes(200_000));
    expect((await refusal(random)).message).toMatch(/not a video/);

    const empty = join(dir, 'empty.mp4');
    await writeFile(empty, '');
    await refusal(empty);

    const audioOnly = join(dir, 'sound.m4a');
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=duration=2', '-c:a', 'aac', audioOnly]);
    expect((await refusal(audioOnly)).message).toMatch(/no picture/);

    const picture = join(dir, 'picture.png');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180', '-frames:v', '1', picture]);
    expect((await refusal(picture)).message).toMatch(/picture, not a video/);

    // The index at the end (ffmpeg's default, a camera's too): a copy cut short has none.
    const whole = join(dir, 'index-last.mp4');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      whole,
    ]);
    const bytes = await readFile(whole);
    const cut = join(dir, 'index-last-cut.mp4');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect((await refusal(cut)).message).toMatch(/cut short/);
  });
});

describe('transcodeLadder', () => {
  let master: string;
  let probed: VideoSource;
  let out: string;
  let result: Awaited<ReturnType<typeof transcodeLadder>>;
  const progress: number[] = [];

  beforeAll(async () => {
    // 854x480 gives two renditions (360p, 480p); 8 s gives two segments, so that a boundary can be compared.
    master = join(dir, 'ladder.mp4');
    await makeTestMaster(bin, master, { seconds: 8, width: 854, height: 480, container: 'mp4' });
    probed = await probeMaster(bin, master);
    out = join(dir, 'ladder');
    result = await transcodeLadder(bin, {
      input: master,
      source: probed,
      outDir: out,
      onProgress: (p) => progress.push(p),
    });
  });

  it('makes the renditions up to the source, with a master playlist whose fields are measured', async () => {
    expect(result.master).toBe('master.m3u8');
    expect(result.renditions.map((r) => [r.width, r.height, r.playlist])).toEqual([
      [640, 360, 'r0/index.m3u8'],
      [854, 480, 'r1/index.m3u8'],
    ]);
    const variants = parseMaster(await readFile(join(out, 'master.m3u8'), 'utf8'));
    expect(variants.map((v) => v.uri)).toEqual(['r0/index.m3u8', 'r1/index.m3u8']);
    for (const [i, { attributes }] of variants.entries()) {
      const rendition = result.renditions[i];
      expect(attributes.RESOLUTION).toBe(`${rendition.width}x${rendition.height}`);
      expect(attributes.CODECS).toMatch(/^avc1\.6400[0-9a-f]{2},mp4a\.40\.2$/);
      expect(attributes['FRAME-RATE']).toBe('25.000');
      // The peak is the largest segment's bit rate, measured here again from the files.
      const segments = await readMediaPlaylist(join(out, rendition.playlist));
      const rates = await Promise.all(
        segments.map(async (s) => ((await stat(join(out, `r${i}`, s.uri))).size * 8) / s.seconds),
      );
      // The picture's peak and the sound's: a variant is played with its audio rendition (RFC 8216 4.3.4.2).
      expect(rendition.bandwidth).toBe(Math.ceil(Math.max(...rates)));
      expect(Number(attributes.BANDWIDTH)).toBe(rendition.bandwidth + result.audio[0].bandwidth);
      expect(attributes.AUDIO).toBe('audio');
      expect(Number(attributes['AVERAGE-BANDWIDTH'])).toBeGreaterThan(0);
      expect(Number(attributes['AVERAGE-BANDWIDTH'])).toBeLessThanOrEqual(Number(attributes.BANDWIDTH));
    }
    // The larger rendition costs more.
    expect(result.renditions[1].bandwidth).toBeGreaterThan(result.renditions[0].bandwidth);
  });

  it('aligns keyframes: every segment starts with one, at the same moment on every rendition', async () => {
    const starts: number[][] = [];
    for (const rendition of result.renditions) {
      const segments = await readMediaPlaylist(join(out, rendition.playlist));
      expect(segments.map((s) => Math.round(s.seconds))).toEqual([SEGMENT_SECONDS, 8 - SEGMENT_SECONDS]);
      const renditionStarts: number[] = [];
      for (const segment of segments) {
        const { packets } = await ffprobeJson<{ packets: Array<{ pts_time: string; flags: string }> }>([
          '-select_streams',
          'v:0',
          '-show_entries',
          'packet=pts_time,flags',
          join(out, rendition.playlist, '..', segment.uri),
        ]);
        expect(packets[0].flags).toMatch(/^K/);
        // One keyframe a segment: none in between that a rendition could cut at and another not.
        expect(packets.filter((p) => p.flags.startsWith('K'))).toHaveLength(1);
        renditionStarts.push(Number(packets[0].pts_time));
      }
      starts.push(renditionStarts);
    }
    expect(starts[1]).toEqual(starts[0]);
  });

  it('brings the sound to the loudness target', async () => {
    const log = await ffmpeg(['-i', join(out, 'a0/index.m3u8'), '-map', '0:a', '-af', 'ebur128', '-f', 'null', '-']);
    const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(log.slice(log.lastIndexOf('Summary')))?.[1]);
    // The test tone is about -21 LUFS before.
    expect(Math.abs(integrated - LOUDNESS.integratedLufs)).toBeLessThan(1);
  });

  it('takes a poster that is not black, at most 1280 wide', async () => {
    expect(result.poster).toBe('poster.jpg');
    const poster = join(out, 'poster.jpg');
    expect(await meanLuma(poster)).toBeGreaterThan(40);
    const { streams } = await ffprobeJson<{ streams: Array<{ width: number; height: number }> }>([
      '-show_streams',
      poster,
    ]);
    expect([streams[0].width, streams[0].height]).toEqual([854, 480]);
  });

  it('reports progress in whole, increasing percents up to 99', () => {
    expect(progress.length).toBeGreaterThan(1);
    for (const [i, p] of progress.entries()) {
      expect(Number.isInteger(p)).toBe(true);
      if (i > 0) expect(p).toBeGreaterThan(progress[i - 1]);
    }
    expect(progress.at(-1)).toBeGreaterThanOrEqual(90);
    expect(progress.at(-1)).toBeLessThanOrEqual(99);
  });

  it('kills ffmpeg when aborted, and rejects', async () => {
    const outDir = join(dir, 'aborted');
    const controller = new AbortController();
    let seen = false;
    const run = transcodeLadder(bin, {
      input: master,
      source: probed,
      outDir,
      signal: controller.signal,
      onProgress: () => {
        seen = true;
        controller.abort(new Error('stopped by the test'));
      },
    });
    await expect(run).rejects.toThrow('stopped by the test');
    expect(seen).toBe(true);
    expect(await processesNaming(outDir)).toEqual([]);
    await expect(stat(join(outDir, 'master.m3u8'))).rejects.toThrow();
  });

  it('makes a video-only ladder from a master without sound', async () => {
    const silent = join(dir, 'silent.mkv');
    await makeTestMaster(bin, silent, { seconds: 2, width: 320, height: 180, container: 'mkv', audio: false });
    const silentSource = await probeMaster(bin, silent);
    expect(silentSource.audio).toEqual([]);
    const ladder = await transcodeLadder(bin, { input: silent, source: silentSource, outDir: join(dir, 'silent') });
    expect(ladder.renditions.map((r) => [r.width, r.height, r.codecs])).toEqual([
      [320, 180, expect.stringMatching(/^avc1\.6400[0-9a-f]{2}$/)],
    ]);
  });
});

describe('transcodeLadder with four dubbed audio tracks', () => {
  let out: string;
  let result: Awaited<ReturnType<typeof transcodeLadder>>;
  let master: string;

  beforeAll(async () => {
    const input = join(dir, 'dubbed.mkv');
    await makeTestMaster(bin, input, {
      seconds: 8,
      width: 320,
      height: 180,
      container: 'mkv',
      audioLanguages: ['eng', 'spa', 'rus', ''],
    });
    const probed = await probeMaster(bin, input);
    expect(probed.audio.map((a) => [a.index, a.language])).toEqual([
      [1, 'eng'],
      [2, 'spa'],
      [3, 'rus'],
      [4, null],
    ]);
    out = join(dir, 'dubbed');
    result = await transcodeLadder(bin, { input, source: probed, outDir: out });
    master = await readFile(join(out, 'master.m3u8'), 'utf8');
    // Four loudness chains at a lower priority than the tests beside it (decision 072): room on a loaded machine.
  }, 180_000);

  it('lists every audio stream in the AUDIO group, named by its language, the first the default', () => {
    const media = master.split('\n').filter((l) => l.startsWith('#EXT-X-MEDIA:'));
    expect(media).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="a0/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Spanish",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="a1/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Russian",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="a2/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Audio 4",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="a3/index.m3u8"',
    ]);
    expect(result.audio.map((a) => [a.index, a.language, a.codecs])).toEqual([
      [1, 'eng', 'mp4a.40.2'],
      [2, 'spa', 'mp4a.40.2'],
      [3, 'rus', 'mp4a.40.2'],
      [4, null, 'mp4a.40.2'],
    ]);
    for (const line of master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:')))
      expect(line).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2",FRAME-RATE=25\.000,AUDIO="audio"$/);
  });

  it('makes each track the whole length in AAC stereo segments, starting with the picture, each its own sound', async () => {
    const pitches: number[] = [];
    for (const [k, track] of result.audio.entries()) {
      const segments = await readMediaPlaylist(join(out, track.playlist));
      expect(segments.reduce((sum, s) => sum + s.seconds, 0)).toBeCloseTo(8, 0);
      const first = join(out, `a${k}`, segments[0].uri);
      const { streams } = await ffprobeJson<{ streams: Array<Record<string, unknown>> }>(['-show_streams', first]);
      expect(streams).toEqual([expect.objectContaining({ codec_type: 'audio', codec_name: 'aac', channels: 2 })]);
      const { packets } = await ffprobeJson<{ packets: Array<{ pts_time: string }> }>([
        '-show_entries',
        'packet=pts_time',
        first,
      ]);
      const video = await ffprobeJson<{ packets: Array<{ pts_time: string }> }>([
        '-show_entries',
        'packet=pts_time',
        '-read_intervals',
        '%+#1',
        join(out, 'r0', (await readMediaPlaylist(join(out, 'r0/index.m3u8')))[0].uri),
      ]);
      // The same clock as the picture: hls.js lines the renditions up by their timestamps.
      expect(Math.abs(Number(packets[0].pts_time) - Number(video.packets[0].pts_time))).toBeLessThan(0.1);
      // Each tone is its own (440, 660, 880, 1100 Hz in the test master): the track is the stream it names.
      // Counted from the samples (astats' "Zero crossings rate" is counted differently from one ffmpeg to another).
      const pcm = execFileSync(bin.ffmpeg, ['-v', 'error', '-i', first, '-t', '1', '-ac', '1', '-f', 's16le', '-']);
      const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
      let crossings = 0;
      for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 !== samples[i] < 0) crossings += 1;
      pitches.push(Math.round(((crossings / samples.length) * 48_000) / 2 / 110) * 110);
    }
    expect(pitches).toEqual([440, 660, 880, 1100]);
  });
});

describe('the AUDIO group', () => {
  it('reads a tag as a language: ISO 639-2 in either form, 639-1; none for und, mul, zxx or a made-up code', () => {
    expect(['eng', 'spa', 'rus', 'fre', 'fra', 'ger', 'chi', 'ukr', 'en'].map(languageOfTag)).toEqual([
      'en',
      'es',
      'ru',
      'fr',
      'fr',
      'de',
      'zh',
      'uk',
      'en',
    ]);
    expect([null, '', 'und', 'mul', 'zxx', 'xyz', 'qaa', '1e!'].map(languageOfTag)).toEqual(Array(8).fill(null));
    expect(audioLabel('xyz', 2)).toEqual({ name: 'Audio 3', language: null });
  });

  it('is named again without touching any other line: variants, other groups, their attributes', () => {
    const measured = { bandwidth: 100, average_bandwidth: 90, codecs: 'mp4a.40.2' };
    const before = masterPlaylist(
      [
        {
          width: 640,
          height: 360,
          bandwidth: 1000,
          average_bandwidth: 900,
          codecs: 'avc1.64001e',
          playlist: 'r0/index.m3u8',
        },
      ],
      25,
      [
        { name: 'English', language: 'en', playlist: 'a0/index.m3u8', ...measured },
        { name: 'Audio 2', language: null, playlist: 'a1/index.m3u8', ...measured },
      ],
    );
    // As the subtitles module leaves it (a SUBTITLES group, and its name on the variant).
    const withSubtitles = before
      .replace(
        '#EXT-X-STREAM-INF',
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",URI="s0.m3u8"\n#EXT-X-STREAM-INF',
      )
      .replace('AUDIO="audio"', 'AUDIO="audio",SUBTITLES="subs"');
    const after = withAudioGroup(withSubtitles, [
      { name: 'English', language: 'en', playlist: 'a0/index.m3u8' },
      { name: 'Russian "dub"', language: 'ru', playlist: 'a1/index.m3u8' },
    ]);
    expect(after.split('\n')).toEqual(
      withSubtitles
        .split('\n')
        .map((l) =>
          l.includes('NAME="Audio 2"')
            ? '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Russian \'dub\'",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="a1/index.m3u8"'
            : l,
        ),
    );
    expect(after).toContain('BANDWIDTH=1100,AVERAGE-BANDWIDTH=990,');
    // Two tracks in one language (a dub and an audio description) keep names of their own, as HLS requires.
    const twice = withAudioGroup(before, [
      { name: 'English', language: 'en', playlist: 'a0/index.m3u8' },
      { name: 'English', language: 'en', playlist: 'a1/index.m3u8' },
    ]);
    expect([...twice.matchAll(/TYPE=AUDIO,GROUP-ID="audio",NAME="([^"]*)"/g)].map((m) => m[1])).toEqual([
      'English',
      'English 2',
    ]);
  });
});

describe('transcodeLadder with bad masters', () => {
  async function failure(input: string, outDir: string, stallSeconds?: number): Promise<MediaToolFailed> {
    // A pipe is not probed: ffprobe would wait on it too.
    const probed = stallSeconds ? { ...source(320, 180), duration_sec: 4 } : await probeMaster(bin, input);
    const error = await transcodeLadder(bin, { input, source: probed, outDir, stallSeconds }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaToolFailed);
    expect((error as Error).message).toMatch(/^[A-Z].*\.$/);
    return error as MediaToolFailed;
  }

  let whole: Buffer;
  beforeAll(async () => {
    const file = join(dir, 'whole.mp4');
    await makeTestMaster(bin, file, { seconds: 4, width: 320, height: 180, container: 'mp4' });
    whole = await readFile(file);
  });

  it('fails a truncated MP4 (its index first, so it probes) with a sentence, ffmpeg’s line kept for the logs', async () => {
    const cut = join(dir, 'cut.mp4');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const error = await failure(cut, join(dir, 'cut'));
    expect(error.message).toMatch(/damaged|ends early/);
    expect(error.stderr).not.toBe('');
    expect(error.cause).toBe(error.stderr);
  });

  it('fails a master whose middle is corrupt', async () => {
    const damaged = Buffer.from(whole);
    const from = Math.floor(damaged.length / 3);
    randomBytes(Math.floor(damaged.length / 4)).copy(damaged, from);
    const file = join(dir, 'corrupt.mp4');
    await writeFile(file, damaged);
    expect((await failure(file, join(dir, 'corrupt'))).message).toMatch(/damaged/);
  });

  it('stops an ffmpeg that makes no progress (a master that never arrives)', async () => {
    const fifo = join(dir, 'never.mp4');
    const made = await runTool('mkfifo', [fifo]);
    expect(made.code).toBe(0);
    const started = Date.now();
    const error = await failure(fifo, join(dir, 'never'), 1);
    expect(error.message).toMatch(/no progress for 1 seconds/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await processesNaming(join(dir, 'never'))).toEqual([]);
  });
});

describe('takePoster', () => {
  it('chooses a frame that is not black when the video starts dark, and takes any moment asked for', async () => {
    // Black for the first 6 of 10 s: the window from 20 % in is all dark, the one from 50 % is not.
    const file = join(dir, 'dark-start.mp4');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      "testsrc2=size=320x180:rate=25:duration=10,drawbox=color=black:t=fill:enable='lt(t,6)'",
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    const chosen = join(dir, 'chosen.jpg');
    await takePoster(bin, { input: file, out: chosen, durationSec: 10 });
    expect(await meanLuma(chosen)).toBeGreaterThan(40);

    // The ladder looks at the same window in its own run, finds it dark, and looks further on.
    const ladder = await transcodeLadder(bin, {
      input: file,
      source: await probeMaster(bin, file),
      outDir: join(dir, 'dark'),
    });
    expect(await meanLuma(join(dir, 'dark', ladder.poster))).toBeGreaterThan(40);

    const asked = join(dir, 'asked.jpg');
    await takePoster(bin, { input: file, out: asked, atSec: 1 });
    expect(await meanLuma(asked)).toBeLessThan(20);

    await expect(
      takePoster(bin, { input: file, out: join(dir, 'late.jpg'), atSec: 30, durationSec: 10 }),
    ).rejects.toThrow(/past the end/);
  });

  it('takes a poster from a segment of the ladder', async () => {
    const file = join(dir, 'segment-source.mp4');
    await makeTestMaster(bin, file, { seconds: 2, width: 320, height: 180, container: 'mp4' });
    const outDir = join(dir, 'segment-ladder');
    await transcodeLadder(bin, { input: file, source: await probeMaster(bin, file), outDir });
    const poster = join(dir, 'from-segment.jpg');
    await takePoster(bin, { input: join(outDir, 'r0', 'seg_00000.ts'), out: poster, atSec: 0.5 });
    expect(await meanLuma(poster)).toBeGreaterThan(40);
    const fromPlaylist = join(dir, 'from-playlist.jpg');
    await takePoster(bin, { input: join(outDir, 'master.m3u8'), out: fromPlaylist, atSec: 1.5 });
    expect(await meanLuma(fromPlaylist)).toBeGreaterThan(40);
    const chosen = join(dir, 'chosen-from-playlist.jpg');
    await takePoster(bin, { input: join(outDir, 'r0', 'index.m3u8'), out: chosen });
    expect(await meanLuma(chosen)).toBeGreaterThan(40);
  });
});
