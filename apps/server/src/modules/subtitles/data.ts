import { createHash, randomUUID } from 'node:crypto';
import { text as readText } from 'node:stream/consumers';
import type { Subtitles, SubtitlesCues, SubtitlesKind } from '@kids-vod/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { content, contentLangs, languages, subtitles, videoFiles } from '../../db/schema.ts';
import { fieldError, HttpError, itemNotFound } from '../../lib/errors.ts';
import { throwAway } from '../../lib/storage/garbage.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { firstPtsOfVideo, rewriteMaster, type SubtitlesTrack, withSubtitlesGroup } from '../videos/index.ts';
import { decodeSubtitles } from './decode.ts';
import { subtitlesPlaylist, timestampMap } from './hls.ts';
import {
  type Cue,
  type ParsedSubtitles,
  parseSubtitles,
  plainText,
  vttText,
  warningsOf,
  writeWebVtt,
} from './parse.ts';

const VTT = { contentType: 'text/vtt; charset=utf-8', immutable: true };
const M3U8 = { contentType: 'application/vnd.apple.mpegurl', immutable: true };
const shortHash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 12);

const columns = {
  id: subtitles.id,
  content_lang_id: subtitles.content_lang_id,
  lang_id: contentLangs.lang_id,
  kind: subtitles.kind,
  url: subtitles.url,
  cues: subtitles.cues,
  name: subtitles.name,
  encoding: subtitles.encoding,
  warnings: subtitles.warnings,
};

/** The subtitles of language versions, by the version's id, oldest first. */
export async function subtitlesOfVersions(db: Executor, versionIds: number[]): Promise<Map<number, Subtitles[]>> {
  const byVersion = new Map<number, Subtitles[]>(versionIds.map((id) => [id, []]));
  if (versionIds.length === 0) return byVersion;
  const rows = await db
    .select(columns)
    .from(subtitles)
    .innerJoin(contentLangs, eq(contentLangs.id, subtitles.content_lang_id))
    .where(inArray(subtitles.content_lang_id, versionIds))
    .orderBy(asc(subtitles.id));
  for (const { content_lang_id, ...row } of rows) byVersion.get(content_lang_id)?.push(row);
  return byVersion;
}

async function rowOf(db: Executor, id: number) {
  const [row] = await db
    .select({ ...columns, storage_key: subtitles.storage_key, content_id: contentLangs.content_id })
    .from(subtitles)
    .innerJoin(contentLangs, eq(contentLangs.id, subtitles.content_lang_id))
    .where(and(eq(subtitles.id, id), isNull(contentLangs.deleted_at)));
  if (!row) throw itemNotFound('Subtitles', id);
  return row;
}

/** What the warnings are measured against: the version's video's length (else the episode's), and its language. */
async function versionContext(db: Executor, contentLangId: number) {
  const [row] = await db
    .select({
      content_id: contentLangs.content_id,
      code: languages.code,
      video_sec: sql<
        number | null
      >`coalesce((${videoFiles.source}->>'duration_sec')::float8, ${videoFiles.duration_sec})`,
      episode_sec: content.duration_sec,
    })
    .from(contentLangs)
    .innerJoin(content, eq(content.id, contentLangs.content_id))
    .innerJoin(languages, eq(languages.id, contentLangs.lang_id))
    .leftJoin(videoFiles, and(eq(videoFiles.content_lang_id, contentLangs.id), isNull(videoFiles.deleted_at)))
    .where(eq(contentLangs.id, contentLangId));
  const video = row.video_sec === null ? null : Number(row.video_sec);
  return { contentId: row.content_id, languageCode: row.code, durationSec: video || row.episode_sec || null };
}

/** A file as it is kept: WebVTT, each cue's markup that WebVTT has not escaped as text. */
const asWebVtt = (cues: Pick<Cue, 'start' | 'end' | 'text'>[]) =>
  writeWebVtt(cues.map((cue) => ({ ...cue, text: vttText(cue.text) })));

/** The name a file is listed by: what it was uploaded as, without folders or control characters. */
const fileName = (name: string | undefined) =>
  (name ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\p{Cc}/gu, '')
    .slice(0, 200) || 'subtitles';

export interface SubtitlesDeps {
  db: Db;
  storage: Storage;
}

/** Read, checked and converted before anything is stored: a file refused leaves nothing behind. */
export function readUpload(bytes: Buffer): { parsed: ParsedSubtitles; encoding: string; vtt: string } {
  const { text, encoding } = decodeSubtitles(bytes);
  const parsed = parseSubtitles(text);
  return { parsed, encoding, vtt: asWebVtt(parsed.cues) };
}

/**
 * Subtitles added to a language version: parsed and converted first (a refusal stores nothing), the WebVTT stored,
 * then its row and every playlist of the episode's videos written in one transaction. If that fails, the stored
 * file is thrown away: nothing is half-saved. Answers the version's id (routes.ts answers the version).
 */
export async function addSubtitles(
  { db, storage }: SubtitlesDeps,
  input: { contentLangId: number; kind: SubtitlesKind; filename?: string; bytes: Buffer },
): Promise<number> {
  const { parsed, encoding, vtt } = readUpload(input.bytes);
  const context = await versionContext(db, input.contentLangId);
  const warnings = warningsOf(parsed, context);
  // A second file of the same kind is kept (a new translation beside the old), but players then offer two tracks
  // of one language: said, so the old one can be deleted.
  const [same] = await db
    .select({ name: subtitles.name })
    .from(subtitles)
    .where(and(eq(subtitles.content_lang_id, input.contentLangId), eq(subtitles.kind, input.kind)))
    .limit(1);
  if (same) {
    warnings.unshift(
      `This version has ${input.kind} already (${same.name}): players offer both, the second with a number; delete the one not wanted`,
    );
  }
  const key = `subtitles/${randomUUID()}.vtt`;
  await storage.put(key, Buffer.from(vtt), VTT);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(subtitles).values({
        content_lang_id: input.contentLangId,
        kind: input.kind,
        name: fileName(input.filename),
        encoding,
        storage_key: key,
        url: storage.publicUrl(key),
        cues: parsed.cues.length,
        warnings,
      });
      await publishSubtitles(tx, storage, context.contentId);
    });
  } catch (err) {
    await throwAway(db, [{ key, folder: false }]);
    throw err;
  }
  return input.contentLangId;
}

async function storedCues(storage: Storage, key: string): Promise<ParsedSubtitles> {
  const body = await storage.read(key);
  if (!body) throw new HttpError(409, 'The subtitles file is missing from storage: upload it again');
  return parseSubtitles(await readText(body));
}

/** The cues of a subtitles file, as written (WebVTT's escapes read back), with its warnings. */
export async function getSubtitles({ db, storage }: SubtitlesDeps, id: number): Promise<SubtitlesCues> {
  const { storage_key, content_id: _content, content_lang_id: _version, ...row } = await rowOf(db, id);
  const parsed = await storedCues(storage, storage_key);
  return {
    subtitles: row,
    cues: parsed.cues.map(({ start, end, text }) => ({ start, end, text: plainText(text) })),
    warnings: row.warnings,
  };
}

/**
 * Every cue moved by `seconds`, written as a new file (the old one is collected after the commit), its warnings
 * measured again, and the episode's playlists written again: the same transaction as the call's.
 */
export async function shiftSubtitles(
  { db, storage }: SubtitlesDeps,
  body: { id: number; seconds: number },
): Promise<number> {
  const row = await rowOf(db, body.id);
  const parsed = await storedCues(storage, row.storage_key);
  const first = parsed.cues[0].start;
  if (first + body.seconds < 0) {
    throw fieldError(
      'seconds',
      `The first cue is at ${first.toFixed(3)} s: it can move at most ${first.toFixed(3)} s earlier`,
    );
  }
  const shift = (at: number) => Math.round((at + body.seconds) * 1000) / 1000;
  const cues = parsed.cues.map((cue) => ({ ...cue, start: shift(cue.start), end: shift(cue.end) }));
  const context = await versionContext(db, row.content_lang_id);
  const warnings = warningsOf({ ...parsed, cues: cues.map((c) => ({ ...c, text: plainText(c.text) })) }, context);
  const key = `subtitles/${randomUUID()}.vtt`;
  await storage.put(key, Buffer.from(writeWebVtt(cues)), VTT);
  await throwAway(db, [{ key: row.storage_key, folder: false }]);
  await db
    .update(subtitles)
    .set({ storage_key: key, url: storage.publicUrl(key), warnings })
    .where(eq(subtitles.id, body.id));
  await publishSubtitles(db, storage, context.contentId);
  return row.content_lang_id;
}

export async function deleteSubtitles({ db, storage }: SubtitlesDeps, id: number): Promise<number> {
  const row = await rowOf(db, id);
  // The row's trigger throws its file away; the videos' playlists are written without it.
  await db.delete(subtitles).where(eq(subtitles.id, id));
  await publishSubtitles(db, storage, row.content_id);
  return row.content_lang_id;
}

/** Where a WebVTT file's last cue ends, in seconds (its cues are in order of start; the latest end is looked for). */
function lastCueEnd(vtt: string): number {
  let end = 0;
  for (const m of vtt.matchAll(/--> (\d+):(\d{2}):(\d{2})\.(\d{3})/g)) {
    end = Math.max(end, Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000);
  }
  return end;
}

interface TrackRow {
  id: number;
  kind: SubtitlesKind;
  storage_key: string;
  code: string;
  language: string;
}

/** Menu names, unique in the group: the language's name; captions say so; a second file gets a number. */
function trackNames(rows: TrackRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = row.kind === 'captions' ? `${row.language} (captions)` : row.language;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} ${n}`;
  });
}

/**
 * Writes again the master playlist of each ready video of an episode with the episode's subtitles in every
 * language as its `SUBTITLES` group (no picture is transcoded): each subtitles playlist is stored under a name made
 * from its content (stored objects are cached for a year), and the videos module writes the master (videos/hls:
 * the transcoder's own `master.m3u8` stays as it was, `playback_url` names the new one). Published catalogues keep
 * naming the master they were built with until the next build. Idempotent; serialised per episode by a row lock.
 */
export async function publishSubtitles(db: Executor, storage: Storage, contentId: number): Promise<void> {
  await db.execute(sql`select id from ${content} where id = ${contentId} for update`);
  const tracks: TrackRow[] = await db
    .select({
      id: subtitles.id,
      kind: subtitles.kind,
      storage_key: subtitles.storage_key,
      code: languages.code,
      language: languages.name,
    })
    .from(subtitles)
    .innerJoin(contentLangs, eq(contentLangs.id, subtitles.content_lang_id))
    .innerJoin(languages, eq(languages.id, contentLangs.lang_id))
    .where(and(eq(contentLangs.content_id, contentId), isNull(contentLangs.deleted_at)))
    .orderBy(asc(languages.code), asc(subtitles.id));
  const videos = await db
    .select({
      id: videoFiles.id,
      prefix: videoFiles.output_prefix,
      duration: sql<
        number | null
      >`coalesce((${videoFiles.source}->>'duration_sec')::float8, ${videoFiles.duration_sec})`,
    })
    .from(videoFiles)
    .innerJoin(contentLangs, eq(contentLangs.id, videoFiles.content_lang_id))
    .where(
      and(
        eq(contentLangs.content_id, contentId),
        eq(videoFiles.status, 'ready'),
        isNotNull(videoFiles.output_prefix),
        isNull(videoFiles.deleted_at),
      ),
    );
  const texts = new Map<string, Promise<string>>();
  const vttOf = (key: string) => {
    if (!texts.has(key))
      texts.set(
        key,
        storage.read(key).then((body) => (body ? readText(body) : '')),
      );
    return texts.get(key) as Promise<string>;
  };
  for (const video of videos) {
    const group =
      tracks.length === 0
        ? []
        : await videoTracks(storage, { ...video, prefix: video.prefix as string }, tracks, {
            vttOf,
            pts: await firstPtsOfVideo(db, storage, video.id),
          });
    await rewriteMaster(db, storage, video.id, (master) => withSubtitlesGroup(master, group));
  }
}

/** One video's copies of the tracks, stored in its ladder's folder: the group its master lists. */
async function videoTracks(
  storage: Storage,
  video: { prefix: string; duration: number | null },
  tracks: TrackRow[],
  { vttOf, pts }: { vttOf: (key: string) => Promise<string>; pts: number },
): Promise<SubtitlesTrack[]> {
  const names = trackNames(tracks);
  const group: SubtitlesTrack[] = [];
  for (const [i, track] of tracks.entries()) {
    const canonical = await vttOf(track.storage_key);
    if (!canonical) continue;
    // The video's own copy: its header ties cue time 0 to this video's first frame.
    const vtt = canonical.replace(/^WEBVTT[^\n]*\n/, (header) => `${header}${timestampMap(pts)}\n`);
    const duration = Math.max(video.duration ?? 0, lastCueEnd(vtt));
    const name = `${track.id}-${shortHash(vtt, String(duration))}`;
    await storage.put(`${video.prefix}/subs/${name}.vtt`, Buffer.from(vtt), VTT);
    await storage.put(
      `${video.prefix}/subs/${name}.m3u8`,
      Buffer.from(subtitlesPlaylist(`${name}.vtt`, duration)),
      M3U8,
    );
    group.push({ name: names[i], language: track.code, captions: track.kind === 'captions', uri: `subs/${name}.m3u8` });
  }
  return group;
}

/**
 * After a transcode wrote a video's master, and after a video is attached: its episode's subtitles are added. Always
 * under the episode's lock (publishSubtitles), never decided before it: subtitles being added at that moment are
 * either seen here or see this video themselves.
 */
export async function publishSubtitlesOfVideo(db: Db, storage: Storage, videoId: number): Promise<void> {
  const [row] = await db
    .select({ content_id: contentLangs.content_id })
    .from(videoFiles)
    .innerJoin(contentLangs, eq(contentLangs.id, videoFiles.content_lang_id))
    .where(eq(videoFiles.id, videoId));
  if (row) await db.transaction((tx) => publishSubtitles(tx, storage, row.content_id));
}
