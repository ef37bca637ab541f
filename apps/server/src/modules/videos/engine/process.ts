import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { chooseBinary } from './binaries.ts';
import { childCommand } from './child.ts';

export interface Binaries {
  ffmpeg: string;
  ffprobe: string;
}

/** FFMPEG_PATH / FFPROBE_PATH when given, else the system's when of version 5 or later, else the bundled binaries. */
export function videoBinaries(env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string } = process.env): Binaries {
  return {
    ffmpeg: chooseBinary(env.FFMPEG_PATH, 'ffmpeg', ffmpegInstaller.path),
    ffprobe: chooseBinary(env.FFPROBE_PATH, 'ffprobe', ffprobeInstaller.path),
  };
}

/**
 * The bundled binaries are static builds whose glibc loads iconv's gconv modules with dlopen, which crashes a static
 * program: the 2023 ffprobe dies with SIGSEGV on every MPEG-TS file (its service names go through iconv). With
 * GCONV_PATH naming no folder, iconv_open fails cleanly and the demuxer keeps the name as it is. A dynamic build
 * (Debian's) searches its own folder as well, so the setting costs it nothing.
 */
const CHILD_ENV = { ...process.env, GCONV_PATH: '/nonexistent-gconv' };

/** ffmpeg's and ffprobe's own closing words, which say nothing of the cause. */
const NOISE = [
  /^Conversion failed!?$/,
  /^Exiting normally/,
  /Cannot use rename on non file protocol/,
  /^\s*$/,
  /^Error while filtering/,
  /^Error closing file/,
];

/** What went wrong when ffmpeg or ffprobe failed: a sentence for a person, ffmpeg's own last line for the logs. */
export class MediaToolFailed extends Error {
  /** The last meaningful line ffmpeg or ffprobe wrote to stderr (for the logs; not for the person). */
  readonly stderr: string;
  /** Its last lines, noise left out (the video's timeline keeps them with a failure, paths taken out). */
  readonly lines: readonly string[];
  /** `stderr`: the tool's last lines, or only its last one. */
  constructor(message: string, stderr: string | readonly string[]) {
    const lines = typeof stderr === 'string' ? (stderr ? [stderr] : []) : stderr;
    const last = lastMeaningfulLine([...lines]);
    super(message, { cause: last || undefined });
    this.name = 'MediaToolFailed';
    this.stderr = last;
    this.lines = lines;
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  /**
   * Kills the process when it has written no stdout line for this long (ffmpeg's `-progress` writes every 0.5 s) and
   * used no CPU meanwhile: a ladder whose outputs wait for the poster's moment works without a line for a while, and
   * at a lower priority on a busy machine that can pass a minute (issue 37's new user saw it).
   */
  stallMs?: number;
  /** Kills the process when it runs longer than this. */
  timeoutMs?: number;
  onStdoutLine?: (line: string) => void;
  /** Keeps the whole stdout (ffprobe's JSON); otherwise only lines are passed on. */
  collectStdout?: boolean;
  /** The process's address space, in MiB (child.ts); none: no ceiling. */
  memoryMb?: number;
  /** Runs it below the API (`nice`, child.ts). */
  lowPriority?: boolean;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** The last lines of stderr, noise left out. */
  stderrTail: string[];
  /** Why the process was killed by us, when it was. */
  killedFor: 'stall' | 'timeout' | null;
}

/** SIGTERM lets ffmpeg close its files; a process that has not gone after this long is killed outright. */
export const KILL_GRACE_MS = 2_000;
const STDERR_LINES = 40;

/** The CPU time a process has used so far, in clock ticks (Linux's /proc); null where it cannot be read. */
export function cpuTicks(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // Fields after the command's name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

export function lastMeaningfulLine(lines: string[]): string {
  return lines.at(-1) ?? '';
}

/**
 * Runs a binary with an argument array (never a shell) and settles when it has exited. Rejects only when `signal`
 * aborts (with the signal's reason, after the process is gone); a failed exit is the caller's to judge.
 */
export function runTool(binary: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = childCommand(binary, args, {
      memoryMb: options.memoryMb,
      lowPriority: options.lowPriority,
    });
    // Under an address-space ceiling glibc's per-thread arenas (64 MB reserved each, up to 8 a core) would count
    // against it unused: a few arenas are enough for ffmpeg, which allocates its frames up front.
    const env = options.memoryMb ? { ...CHILD_ENV, MALLOC_ARENA_MAX: '4' } : CHILD_ENV;
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const stderrTail: string[] = [];
    let stdout = '';
    let stdoutRest = '';
    let stderrRest = '';
    let killedFor: RunResult['killedFor'] = null;
    let aborted = false;
    let spawnError: Error | null = null;
    let graceTimer: NodeJS.Timeout | undefined;

    const kill = (first: NodeJS.Signals) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(first);
      if (first !== 'SIGKILL' && !graceTimer) graceTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    let stallTimer: NodeJS.Timeout | undefined;
    let ticksSeen = cpuTicks(child.pid);
    const armStall = () => {
      if (!options.stallMs) return;
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        // Working without a line (its CPU time grew) is no stall; a process waiting on nothing uses none.
        const ticks = cpuTicks(child.pid);
        if (ticks !== null && ticksSeen !== null && ticks > ticksSeen) {
          ticksSeen = ticks;
          return armStall();
        }
        killedFor = 'stall';
        kill('SIGKILL');
      }, options.stallMs);
    };
    armStall();
    const timeoutTimer = options.timeoutMs
      ? setTimeout(() => {
          killedFor = 'timeout';
          kill('SIGKILL');
        }, options.timeoutMs)
      : undefined;
    const onAbort = () => {
      aborted = true;
      kill('SIGTERM');
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.collectStdout) stdout += chunk;
      const lines = (stdoutRest + chunk).split('\n');
      stdoutRest = lines.pop() ?? '';
      if (lines.length > 0) armStall();
      if (options.onStdoutLine) for (const line of lines) options.onStdoutLine(line);
    });
    const keepStderr = (line: string) => {
      const trimmed = line.trim();
      if (NOISE.some((re) => re.test(trimmed))) return;
      stderrTail.push(trimmed);
      if (stderrTail.length > STDERR_LINES) stderrTail.shift();
    };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      const lines = (stderrRest + chunk).split(/\r?\n|\r/);
      stderrRest = lines.pop() ?? '';
      for (const line of lines) keepStderr(line);
    });
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, exitSignal) => {
      clearTimeout(stallTimer);
      clearTimeout(timeoutTimer);
      clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
      if (stderrRest) keepStderr(stderrRest);
      if (aborted) return reject(signal?.reason);
      if (spawnError)
        return reject(new MediaToolFailed(`The video tool ${binary} could not be started.`, String(spawnError)));
      resolve({ code, signal: exitSignal, stdout, stderrTail, killedFor });
    });
  });
}
