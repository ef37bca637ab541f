/** The ladder's files: where each rendition and audio track is written, and what a written media playlist holds. */
import { readFile } from 'node:fs/promises';
import { type Binaries, MediaToolFailed, runTool } from './process.ts';

/** The poster's file in the ladder's folder. */
export const POSTER = 'poster.jpg';

/** A rendition's folder inside the ladder's folder, and its media playlist. */
export const renditionFolder = (index: number) => `r${index}`;
export const renditionPlaylist = (index: number) => `${renditionFolder(index)}/index.m3u8`;
/** An audio track's folder (the k-th audio stream of the master, in stream order), and its media playlist. */
export const audioFolder = (k: number) => `a${k}`;
export const audioPlaylist = (k: number) => `${audioFolder(k)}/index.m3u8`;

/** A media playlist's segments, from its text: their file names and durations. */
export function parseMediaPlaylist(text: string): Array<{ uri: string; seconds: number }> {
  const segments: Array<{ uri: string; seconds: number }> = [];
  let seconds: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#EXTINF:')) seconds = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && seconds !== null) {
      segments.push({ uri: line.trim(), seconds });
      seconds = null;
    }
  }
  return segments;
}

/** A media playlist file's segments. */
export async function readMediaPlaylist(path: string): Promise<Array<{ uri: string; seconds: number }>> {
  return parseMediaPlaylist(await readFile(path, 'utf8'));
}

/** RFC 6381 names for what the first segment holds (avc1.PPCCLL, mp4a.40.N). */
export async function codecsOf(bin: Binaries, segment: string): Promise<string> {
  const result = await runTool(
    bin.ffprobe,
    ['-hide_banner', '-v', 'error', '-print_format', 'json', '-show_streams', `file:${segment}`],
    { collectStdout: true, timeoutMs: 30_000 },
  );
  if (result.code !== 0) throw new MediaToolFailed('The converted video could not be checked.', result.stderrTail);
  const streams = (JSON.parse(result.stdout).streams ?? []) as Array<{
    codec_name?: string;
    profile?: string;
    level?: number;
  }>;
  const names: string[] = [];
  const video = streams.find((s) => s.codec_name === 'h264');
  if (video) {
    const profiles: Record<string, string> = {
      'Constrained Baseline': '42e0',
      Baseline: '4200',
      Main: '4d40',
      High: '6400',
      'High 10': '6e00',
      'High 4:2:2': '7a00',
    };
    const level = (video.level ?? 31).toString(16).padStart(2, '0');
    names.push(`avc1.${profiles[video.profile ?? 'High'] ?? '6400'}${level}`);
  }
  const audio = streams.find((s) => s.codec_name === 'aac');
  if (audio)
    names.push(audio.profile === 'HE-AAC' ? 'mp4a.40.5' : audio.profile === 'HE-AACv2' ? 'mp4a.40.29' : 'mp4a.40.2');
  return names.join(',');
}
