import { type Binaries, lastMeaningfulLine, MediaToolFailed, runTool } from './process.ts';

export type TestMasterContainer = 'mp4' | 'mov-prores' | 'mkv' | 'webm' | 'avi' | 'mxf';

/** Each container with the codecs a master in it usually has (and that the bundled 2018 ffmpeg writes quickly). */
const CODECS: Record<TestMasterContainer, { video: string[]; audio: string[]; format: string[] }> = {
  mp4: {
    video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'aac', '-b:a', '128k'],
    // The index first, as editing software exports for the web: a truncated copy still probes (and must fail later).
    format: ['-movflags', '+faststart', '-f', 'mp4'],
  },
  'mov-prores': {
    video: ['-c:v', 'prores', '-profile:v', '0'],
    audio: ['-c:a', 'pcm_s16le'],
    format: ['-f', 'mov'],
  },
  mkv: {
    video: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    audio: ['-c:a', 'aac', '-b:a', '128k'],
    format: ['-f', 'matroska'],
  },
  webm: {
    video: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M'],
    audio: ['-c:a', 'libopus', '-b:a', '96k'],
    format: ['-f', 'webm'],
  },
  avi: {
    video: ['-c:v', 'mpeg4', '-q:v', '4'],
    audio: ['-c:a', 'libmp3lame', '-b:a', '128k'],
    format: ['-f', 'avi'],
  },
  mxf: {
    video: ['-c:v', 'mpeg2video', '-q:v', '4', '-pix_fmt', 'yuv422p'],
    audio: ['-c:a', 'pcm_s16le'],
    format: ['-f', 'mxf'],
  },
};

/** Test masters: ffmpeg test sources (testsrc2 + sine), a few seconds, in a given container/codec. */
export async function makeTestMaster(
  bin: Binaries,
  out: string,
  options: {
    seconds: number;
    width: number;
    height: number;
    container: TestMasterContainer;
    audio?: boolean;
    audioLanguage?: string;
    /**
     * Several audio streams, one a language tag ('' for a stream without one): each a tone of its own pitch, so that
     * a test can tell which one it hears. Overrides `audio` and `audioLanguage`.
     */
    audioLanguages?: string[];
  },
): Promise<void> {
  const codecs = CODECS[options.container];
  const languages = options.audioLanguages ?? ((options.audio ?? true) ? [options.audioLanguage ?? ''] : []);
  const args = [
    '-nostdin',
    '-hide_banner',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${options.width}x${options.height}:rate=25:duration=${options.seconds}`,
  ];
  languages.forEach((_, k) => {
    args.push('-f', 'lavfi', '-i', `sine=frequency=${440 + 220 * k}:sample_rate=48000:duration=${options.seconds}`);
  });
  args.push('-map', '0:v', ...codecs.video);
  languages.forEach((language, k) => {
    args.push('-map', `${k + 1}:a`);
    if (language) args.push(`-metadata:s:a:${k}`, `language=${language}`);
  });
  if (languages.length > 0) args.push(...codecs.audio);
  args.push(...codecs.format, `file:${out}`);
  const result = await runTool(bin.ffmpeg, args, { timeoutMs: 120_000 });
  if (result.code !== 0)
    throw new MediaToolFailed(
      `The test master ${options.container} could not be made.`,
      lastMeaningfulLine(result.stderrTail),
    );
}
