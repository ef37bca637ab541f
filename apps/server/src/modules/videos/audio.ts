/**
 * A video's audio tracks by language (issue 31, decision 068): each audio stream of the master is a rendition of the
 * HLS master's AUDIO group, named by the service's language its tag says, or by the one staff chose.
 */
import type { VideoAudioBody, VideoFile, VideoSource } from '@kids-vod/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { content, contentLangs, languages, type StoredAudioTrack, videoFiles } from '../../db/schema.ts';
import { conflict, fieldError, itemNotFound } from '../../lib/errors.ts';
import { getVideoFile } from './data.ts';
import { audioLabel, audioPlaylist, languageOfTag } from './engine/index.ts';
import { type AudioLabel, masterKey, rewriteMaster, withAudioGroup } from './hls/index.ts';

interface Language {
  id: number;
  code: string;
  name: string;
}

/** The service's language a code (`en`, `pt`) is: its own code, or the first whose code starts with it (`pt-BR`). */
function serviceLanguage(all: Language[], code: string): Language | undefined {
  const primary = code.split('-')[0];
  return (
    all.find((l) => l.code.toLowerCase() === code.toLowerCase()) ??
    all.find((l) => l.code.toLowerCase().split('-')[0] === primary)
  );
}

/** A track as the HLS master names it: by the service's language when it has one, else from its tag. */
function labelOf(track: Pick<StoredAudioTrack, 'lang_id' | 'tag'>, k: number, all: Language[]): AudioLabel {
  const language = all.find((l) => l.id === track.lang_id);
  return language ? { name: language.name, language: language.code } : audioLabel(track.tag, k);
}

const quoted = (tag: string) => `“${tag.slice(0, 20)}”`;

/** The master's audio streams as tracks: the service's language from each tag, or a sentence saying why none. */
export async function audioTracksOf(
  db: Executor,
  source: VideoSource,
): Promise<{ tracks: StoredAudioTrack[]; labels: AudioLabel[] }> {
  const all = await db.select().from(languages);
  const tracks = source.audio.map((stream, k): StoredAudioTrack => {
    const base = { index: stream.index, tag: stream.language, playlist: audioPlaylist(k) };
    if (!stream.language)
      return { ...base, lang_id: null, problem: 'The track has no language tag: choose its language.' };
    const code = languageOfTag(stream.language);
    if (!code)
      return {
        ...base,
        lang_id: null,
        problem: `The track's tag ${quoted(stream.language)} names no language: choose its language.`,
      };
    const language = serviceLanguage(all, code);
    if (!language) {
      const name = audioLabel(stream.language, k).name;
      return {
        ...base,
        lang_id: null,
        problem: `The track is in ${name}, which is not one of the service's languages: add it, or choose another.`,
      };
    }
    return { ...base, lang_id: language.id, problem: null };
  });
  return { tracks, labels: tracks.map((t, k) => labelOf(t, k, all)) };
}

/**
 * Staff choose the languages of a ready video's tracks: the HLS master is written again under a new name (hls/:
 * masters are cached as immutable, and catalogues already published keep the one they name, as with posters); the
 * picture and the sound are not transcoded again.
 */
export async function setAudioLanguages(app: FastifyInstance, body: VideoAudioBody): Promise<VideoFile> {
  const id = await app.database.db.transaction((tx) => relabel(app, tx, body));
  return getVideoFile(app.database.db, id);
}

async function relabel(app: FastifyInstance, db: Executor, body: VideoAudioBody): Promise<number> {
  // The episode's lock first, as the subtitles' rewrite of the same master takes it (publishSubtitles), then the
  // video's row: two rewrites of one master never start from the same text.
  await db.execute(
    sql`select ${content.id} from ${content} join ${contentLangs} on ${contentLangs.content_id} = ${content.id}
      join ${videoFiles} on ${videoFiles.content_lang_id} = ${contentLangs.id}
      where ${videoFiles.id} = ${body.id} for update of ${content}`,
  );
  const [row] = await db.select().from(videoFiles).where(eq(videoFiles.id, body.id)).for('update');
  if (!row || row.deleted_at) throw itemNotFound('Video file', body.id);
  const key = masterKey(row);
  if (row.status !== 'ready' || !key)
    throw conflict('The video is not ready yet: the languages of its audio tracks can be chosen once it is processed');
  if (row.audio_tracks.length === 0) throw conflict('The video has no audio tracks to name');
  const seen = new Set<number>();
  for (const [i, track] of body.tracks.entries()) {
    if (!row.audio_tracks.some((t) => t.index === track.index))
      throw fieldError(
        `tracks.${i}.index`,
        `The video has no audio track ${track.index}: its tracks are ${row.audio_tracks.map((t) => t.index).join(', ')}`,
      );
    if (seen.has(track.index)) throw fieldError(`tracks.${i}.index`, `Audio track ${track.index} is named twice`);
    seen.add(track.index);
  }
  const all = await db.select().from(languages);
  for (const [i, track] of body.tracks.entries())
    if (track.lang_id !== null && !all.some((l) => l.id === track.lang_id))
      throw fieldError(`tracks.${i}.lang_id`, `There is no language ${track.lang_id}`);

  const tracks = row.audio_tracks.map((t): StoredAudioTrack => {
    const chosen = body.tracks.find((c) => c.index === t.index);
    if (!chosen) return t;
    return {
      ...t,
      lang_id: chosen.lang_id,
      problem: chosen.lang_id === null ? 'No language was chosen for the track.' : null,
    };
  });
  const written = await rewriteMaster(db, app.storage, row.id, (master) =>
    withAudioGroup(
      master,
      tracks.map((t, k) => ({ ...labelOf(t, k, all), playlist: t.playlist })),
    ),
  );
  if (!written) throw conflict('The video’s HLS master is missing from storage: process the video again');
  await db.update(videoFiles).set({ audio_tracks: tracks }).where(eq(videoFiles.id, row.id));
  return row.id;
}
