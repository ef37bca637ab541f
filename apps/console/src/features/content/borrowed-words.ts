import type { ContentLang, VideoFile } from '@kids-vod/contract';

/** "English", "English and Russian", "English, Russian and Spanish". */
const listed = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * What a version playing another version's video hears and reads, from the video's real tracks: its own audio when
 * the video has a track in its language; else the audio it has (its languages, or none) and the version's subtitles.
 */
export function borrowedSentence({
  lenderName,
  video,
  version,
  langName,
  nameOf,
}: {
  /** The language of the version that lends its video ("English"). */
  lenderName: string;
  video: Pick<VideoFile, 'name' | 'status' | 'audio_tracks'>;
  version: Pick<ContentLang, 'lang_id' | 'subtitles'>;
  /** The borrowing version's language ("Spanish"). */
  langName: string;
  nameOf: (langId: number) => string;
}): string {
  const plays = `Plays the ${lenderName} version’s video (${video.name})`;
  if (video.status !== 'ready') return `${plays} once it is processed.`;
  const tracks = video.audio_tracks;
  if (tracks.some((t) => t.lang_id === version.lang_id)) return `${plays} with its ${langName} audio.`;
  if (tracks.length === 0) {
    return `${plays} ${version.subtitles.length > 0 ? 'with' : 'without'} ${langName} subtitles: it has no audio.`;
  }
  const named = [...new Set(tracks.flatMap((t) => (t.lang_id === null ? [] : [nameOf(t.lang_id)])))];
  const unnamed = tracks.filter((t) => t.lang_id === null).length;
  const heard = listed([
    ...named,
    ...(unnamed ? [unnamed === 1 ? 'a track in no language' : `${unnamed} tracks in no language`] : []),
  ]);
  return version.subtitles.length > 0
    ? `${plays} with ${langName} subtitles: it has no ${langName} audio, only ${heard}.`
    : `${plays}, without ${langName} subtitles: it has no ${langName} audio, only ${heard}.`;
}
