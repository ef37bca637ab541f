import { HttpError } from '../../lib/errors.ts';
import { cleanTag, cueSettings, MAX_CUE_SECONDS, withoutControls } from './cue-safety.ts';

/** One cue as read: seconds from the start, its text (lines joined by `\n`) and the line of the file it begins on. */
export interface Cue {
  start: number;
  end: number;
  text: string;
  line: number;
  /** WebVTT cue settings kept as written (`line:0 align:start`: captions moved off on-screen text). */
  settings?: string;
}

export interface ParsedSubtitles {
  format: 'webvtt' | 'srt';
  cues: Cue[];
  /** What the file's header says its language is (WebVTT `Language:`), canonical, with the line saying it. */
  language?: { tag: string; line: number };
}

/** `[h:]mm:ss.mmm` or `hh:mm:ss,mmm` (SubRip's comma; one to three digits of milliseconds are taken). */
const TIME = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;
const TIMING = /^\s*(\S+)\s+-->\s+(\S+)(.*)$/;

function seconds(stamp: string): number | undefined {
  const m = TIME.exec(stamp);
  if (!m) return undefined;
  const [, h, mm, ss, ms] = m;
  if (Number(mm) > 59 && h !== undefined) return undefined;
  if (Number(ss) > 59) return undefined;
  return Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss) + Number(ms.padEnd(3, '0')) / 1000;
}

/** A moment as WebVTT writes it: `hh:mm:ss.mmm`. */
export function vttTime(at: number): string {
  const ms = Math.round(at * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const quote = (line: string) => `“${line.length > 60 ? `${line.slice(0, 60)}…` : line}”`;
const refuse = (line: number, sentence: string) => new HttpError(400, `Line ${line}: ${sentence}`);

/** Whether `tag` names a language: well formed (BCP 47) and its language subtag one that Unicode's data knows. */
export function namesALanguage(tag: string): string | undefined {
  let canonical: string;
  try {
    [canonical] = Intl.getCanonicalLocales(tag);
  } catch {
    return undefined;
  }
  const language = canonical.split('-')[0];
  const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(language);
  return name ? canonical : undefined;
}

interface Block {
  line: number;
  lines: string[];
}

function blocks(lines: string[], from: number): Block[] {
  const out: Block[] = [];
  let current: Block | undefined;
  for (let i = from; i < lines.length; i++) {
    if (lines[i].trim() === '') {
      current = undefined;
      continue;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      out.push(current);
    }
    current.lines.push(lines[i]);
  }
  return out;
}

/** The cue of a block whose timing is its line `at` (0-based within the block); refused with the line it fails on. */
function cueOf(block: Block, at: number, example: string): Cue {
  const line = block.line + at;
  const timing = TIMING.exec(block.lines[at] ?? '');
  if (!timing) {
    throw refuse(line, `expected a cue's timing like ${example}, found ${quote(block.lines[at] ?? block.lines[0])}`);
  }
  const start = seconds(timing[1]);
  const end = seconds(timing[2]);
  if (start === undefined)
    throw refuse(line, `the start time ${quote(timing[1])} is not a time like ${example.split(' ')[0]}`);
  if (end === undefined)
    throw refuse(line, `the end time ${quote(timing[2])} is not a time like ${example.split(' ')[0]}`);
  if (end <= start) throw refuse(line, `the cue ends (${vttTime(end)}) before it starts (${vttTime(start)})`);
  if (end > MAX_CUE_SECONDS)
    throw refuse(line, `the cue ends at ${vttTime(end)}, past the longest video there can be (4 hours)`);
  // Only the settings of WebVTT's grammar (SubRip's `X1:` coordinates are not one), each with a value it allows.
  const settings = cueSettings(timing[3]);
  return { start, end, text: block.lines.slice(at + 1).join('\n'), line, ...(settings ? { settings } : {}) };
}

function inOrder(cues: Cue[]): Cue[] {
  for (let i = 1; i < cues.length; i++) {
    if (cues[i].start < cues[i - 1].start) {
      throw refuse(
        cues[i].line,
        `the timestamps go backwards: this cue starts at ${vttTime(cues[i].start)}, before the cue above it (${vttTime(cues[i - 1].start)})`,
      );
    }
  }
  return cues;
}

function parseWebVtt(lines: string[]): ParsedSubtitles {
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0]))
    throw refuse(1, `a WebVTT file starts with “WEBVTT”, found ${quote(lines[0])}`);
  let language: ParsedSubtitles['language'];
  let i = 1;
  for (; i < lines.length && lines[i].trim() !== ''; i++) {
    const header = /^Language:\s*(.*)$/i.exec(lines[i]);
    if (!header) continue;
    const tag = namesALanguage(header[1].trim());
    if (!tag) throw refuse(i + 1, `the language tag ${quote(header[1].trim())} names no language`);
    language = { tag, line: i + 1 };
  }
  const cues: Cue[] = [];
  for (const block of blocks(lines, i)) {
    const first = block.lines[0];
    if (/^(NOTE|STYLE|REGION)([ \t]|$)/.test(first)) continue;
    cues.push(cueOf(block, first.includes('-->') ? 0 : 1, '00:00:01.000 --> 00:00:02.500'));
  }
  return { format: 'webvtt', cues: inOrder(cues), language };
}

function parseSrt(lines: string[]): ParsedSubtitles {
  const cues: Cue[] = [];
  for (const block of blocks(lines, 0)) {
    // The cue's number comes first; a file that leaves it out still has its timing.
    const at = /^\s*\d+\s*$/.test(block.lines[0]) ? 1 : 0;
    if (at === 0 && !block.lines[0].includes('-->')) {
      throw refuse(
        block.line,
        `expected a cue's number or timing like 00:00:01,000 --> 00:00:02,500, found ${quote(block.lines[0])}`,
      );
    }
    cues.push(cueOf(block, at, '00:00:01,000 --> 00:00:02,500'));
  }
  return { format: 'srt', cues: inOrder(cues) };
}

/**
 * WebVTT or SubRip text as cues, in order; a file that does not parse is refused (400) with the line it failed on:
 * a timing that is not one, a cue that ends before it starts, timestamps that go backwards, a language tag that
 * names no language, no cue at all.
 */
export function parseSubtitles(text: string): ParsedSubtitles {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const parsed = lines[0].startsWith('WEBVTT') ? parseWebVtt(lines) : parseSrt(lines);
  if (parsed.cues.length === 0) throw new HttpError(400, 'The file has no cues: nothing would be shown');
  return parsed;
}

/** Tags WebVTT itself has (the player styles them); anything else in a cue is kept as the text it is. */
const VTT_TAGS = new Set(['b', 'i', 'u', 'c', 'v', 'lang', 'ruby', 'rt']);
const TAG = /<\/?([A-Za-z][\w-]*)([.\s][^<>]*)?>/g;

/** A cue's text as WebVTT may carry it: its own tags kept, any other markup (`<script>`, `<font>`) escaped as text. */
export function vttText(text: string): string {
  let out = '';
  let last = 0;
  const asText = (s: string) =>
    s
      .replace(/&(?!(amp|lt|gt|nbsp|lrm|rlm);)/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
  for (const m of text.matchAll(TAG)) {
    out += asText(text.slice(last, m.index));
    out += VTT_TAGS.has(m[1].toLowerCase()) ? cleanTag(m[0], m[1], m[2]) : asText(m[0]);
    last = m.index + m[0].length;
  }
  // A line of the text may not hold the timing arrow (it would start a cue).
  return withoutControls(out + asText(text.slice(last))).replace(/-->/g, '--&gt;');
}

/** WebVTT's escapes read back: what a person sees in the cue view is the text as it was written. */
export function plainText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lrm;|&rlm;/g, '')
    .replace(/&amp;/g, '&');
}

/** The cues as a WebVTT file (the text of each already as `vttText` makes it). */
export function writeWebVtt(cues: Pick<Cue, 'start' | 'end' | 'text' | 'settings'>[], header: string[] = []): string {
  const parts = [['WEBVTT', ...header].join('\n')];
  for (const cue of cues) {
    const settings = cue.settings ? ` ${cue.settings}` : '';
    parts.push(`${vttTime(cue.start)} --> ${vttTime(cue.end)}${settings}\n${cue.text}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** At most this many warnings are kept: the rest are counted in the last. */
export const MAX_WARNINGS = 20;

/**
 * What a person should look at, each naming its line: cues past the video's end, cues that overlap the one before,
 * cues longer than two lines, markup kept as text, a header that names another language.
 */
export function warningsOf(
  parsed: ParsedSubtitles,
  options: { durationSec?: number | null; languageCode?: string } = {},
): string[] {
  const warnings: string[] = [];
  const { durationSec, languageCode } = options;
  if (parsed.language && languageCode && parsed.language.tag.split('-')[0] !== languageCode.split('-')[0]) {
    warnings.push(
      `Line ${parsed.language.line}: the file says its language is “${parsed.language.tag}”, but it is added to the “${languageCode}” version`,
    );
  }
  let previous: Cue | undefined;
  for (const cue of parsed.cues) {
    const at = vttTime(cue.start);
    if (durationSec && cue.end > durationSec + 0.5) {
      warnings.push(`Line ${cue.line}: the cue at ${at} ends after the video does (${vttTime(durationSec)})`);
    }
    if (previous && cue.start < previous.end) {
      warnings.push(
        `Line ${cue.line}: the cue at ${at} starts before the cue above it ends (${vttTime(previous.end)})`,
      );
    }
    const lines = cue.text.split('\n').length;
    if (lines > 2) warnings.push(`Line ${cue.line}: the cue at ${at} has ${lines} lines; two fit a child's screen`);
    for (const m of cue.text.matchAll(TAG)) {
      if (VTT_TAGS.has(m[1].toLowerCase())) continue;
      warnings.push(`Line ${cue.line}: the cue at ${at} holds markup (${quote(m[0])}); it is kept and shown as text`);
      break;
    }
    previous = cue;
  }
  if (warnings.length <= MAX_WARNINGS) return warnings;
  const more = warnings.length - (MAX_WARNINGS - 1);
  return [...warnings.slice(0, MAX_WARNINGS - 1), `And ${more} more warnings like these`];
}
