import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeTestMaster, type TestMasterContainer, videoBinaries } from '../modules/videos/engine/index.ts';

export const bin = videoBinaries(process.env);
const dir = mkdtempSync(path.join(tmpdir(), 'kids-vod-masters-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
const made = new Map<string, Promise<string>>();

export interface MasterOptions {
  seconds?: number;
  width?: number;
  height?: number;
  container?: TestMasterContainer;
  audio?: boolean;
  audioLanguage?: string;
  /** Several audio streams, each a language tag ('' for none). */
  audioLanguages?: string[];
}

/**
 * A real master made by ffmpeg from its test sources (2 s, 320×180 MP4 with sound unless told otherwise), made once
 * per test process and options; answers its path.
 */
export function testMasterFile(options: MasterOptions = {}): Promise<string> {
  const o = { seconds: 2, width: 320, height: 180, container: 'mp4' as const, audio: true, ...options };
  const name = Object.values(o).join('-');
  let file = made.get(name);
  if (!file) {
    const out = path.join(dir, `${name}.${o.container === 'mov-prores' ? 'mov' : o.container}`);
    file = makeTestMaster(bin, out, o).then(() => out);
    made.set(name, file);
  }
  return file;
}

/** The same master's bytes, for an upload. */
export async function testMaster(options: MasterOptions = {}): Promise<Buffer> {
  return readFileSync(await testMasterFile(options));
}

/** Runs ffmpeg on its lavfi test sources into a file of the folder, and answers the file's bytes. */
function lavfi(name: string, args: string[]): Buffer {
  const out = path.join(dir, name);
  execFileSync(bin.ffmpeg, ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', ...args, out]);
  return readFileSync(out);
}

/** Two seconds of a tone in an M4A: a media file with no video stream. */
export function audioOnly(): Buffer {
  return lavfi('tone.m4a', ['-i', 'sine=duration=2', '-c:a', 'aac']);
}

/** A master of ten hours and ten seconds, made in a moment: a 16×16 picture, one frame every ten seconds. */
export function tenHourMaster(): Buffer {
  return lavfi('ten-hours.mp4', [
    '-i',
    'color=c=blue:s=16x16:r=0.1',
    '-t',
    '36010',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
  ]);
}

/**
 * A master whose header understates its length: `seconds` of Matroska whose Segment Duration (EBML 0x4489) says two.
 * Answers its path.
 */
export function lyingMaster(seconds = 20): string {
  const file = path.join(dir, `lying-${seconds}.mkv`);
  lavfi(path.basename(file), [
    ...['-i', `testsrc2=size=160x90:rate=10:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'matroska'],
  ]);
  const bytes = readFileSync(file);
  const at = bytes.indexOf(Buffer.from([0x44, 0x89]));
  if (at < 0) throw new Error('no Segment Duration in the Matroska file');
  // The element's size byte says a float of four or eight bytes; the duration is in milliseconds (TimecodeScale 1e6).
  if ((bytes[at + 2] & 0x0f) === 8) bytes.writeDoubleBE(2000, at + 3);
  else bytes.writeFloatBE(2000, at + 3);
  writeFileSync(file, bytes);
  return file;
}
