import { playlistName } from '../../../lib/playlist-text.ts';

/**
 * The HLS master's text (issue 36): the one place that writes it. The transcoder's first master, and every rewrite
 * (the audio tracks named anew, the subtitles group) go through these functions and `rewriteMaster`.
 */

/** Measured from a written media playlist: its peak and average bit rates (bits per second), its codecs. */
export interface Measured {
  bandwidth: number;
  average_bandwidth: number;
  codecs: string;
  playlist: string;
}

/** How an audio track is named in the HLS master: `name` for people, `language` (a BCP 47 code) when known. */
export interface AudioLabel {
  name: string;
  language: string | null;
}

/** The HLS master's one group of alternative audio (api.md: every audio stream of the master is in it). */
export const AUDIO_GROUP = 'audio';

/** A quoted-string attribute may hold neither a double quote nor a line break (RFC 8216, 4.2): `playlistName`. */
const quoted = (value: string) => `"${playlistName(value)}"`;

/** The `#EXT-X-MEDIA` lines of the AUDIO group: the first track is the default (players start with it). */
export function audioGroupLines(tracks: Array<AudioLabel & { playlist: string }>): string[] {
  // Every NAME of a group differs (RFC 8216 4.3.4.1.1): two English tracks (the dub and an audio description) are
  // "English" and "English 2".
  const seen = new Map<string, number>();
  return tracks.map((t, k) => {
    const times = (seen.get(t.name) ?? 0) + 1;
    seen.set(t.name, times);
    const name = times === 1 ? t.name : `${t.name} ${times}`;
    const attributes = [
      'TYPE=AUDIO',
      `GROUP-ID="${AUDIO_GROUP}"`,
      `NAME=${quoted(name)}`,
      ...(t.language ? [`LANGUAGE=${quoted(t.language)}`] : []),
      `DEFAULT=${k === 0 ? 'YES' : 'NO'}`,
      'AUTOSELECT=YES',
      'CHANNELS="2"',
      `URI="${t.playlist}"`,
    ];
    return `#EXT-X-MEDIA:${attributes.join(',')}`;
  });
}

/**
 * The master playlist, smallest rendition first (players start with the first one listed). With audio, every variant is
 * the picture alone and names the AUDIO group; its BANDWIDTH and CODECS count the largest audio track (RFC 8216
 * 4.3.4.2: a variant's bit rate includes the renditions it is played with).
 */
export function masterPlaylist(
  renditions: Array<{ width: number; height: number } & Measured>,
  fps: number,
  audio: Array<AudioLabel & Measured> = [],
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', ...audioGroupLines(audio)];
  const audioPeak = Math.max(0, ...audio.map((a) => a.bandwidth));
  const audioAverage = Math.max(0, ...audio.map((a) => a.average_bandwidth));
  const audioCodecs = audio[0]?.codecs;
  for (const r of [...renditions].sort((a, b) => a.height - b.height || a.bandwidth - b.bandwidth)) {
    const attributes = [
      `BANDWIDTH=${r.bandwidth + audioPeak}`,
      `AVERAGE-BANDWIDTH=${r.average_bandwidth + audioAverage}`,
      `RESOLUTION=${r.width}x${r.height}`,
      `CODECS="${[r.codecs, audioCodecs].filter(Boolean).join(',')}"`,
    ];
    if (fps > 0) attributes.push(`FRAME-RATE=${fps.toFixed(3)}`);
    if (audio.length > 0) attributes.push(`AUDIO="${AUDIO_GROUP}"`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, r.playlist);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The same master with its AUDIO group named anew (staff chose the languages): only the `#EXT-X-MEDIA:TYPE=AUDIO`
 * lines change, every other line (variants, other groups) is kept as it is. The picture is not touched.
 */
export function withAudioGroup(master: string, tracks: Array<AudioLabel & { playlist: string }>): string {
  const lines = master.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const isAudio = (line: string) => line.startsWith('#EXT-X-MEDIA:') && /(^|[:,])TYPE=AUDIO(,|$)/.test(line);
  let at = lines.findIndex(isAudio);
  if (at < 0) at = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  if (at < 0) at = lines.length;
  const kept = lines.filter((l, i) => i < at || !isAudio(l));
  kept.splice(at, 0, ...audioGroupLines(tracks));
  return `${kept.join('\n')}\n`;
}

/** The one subtitles group every variant names. */
export const SUBTITLES_GROUP = 'subs';

const CAPTIONS = 'public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound';

export interface SubtitlesTrack {
  /** What a player's menu shows; unique within the group (a second file in a language gets a number). */
  name: string;
  /** BCP 47, as the language's code is kept. */
  language: string;
  /** Captions (with sounds) rather than subtitles. */
  captions: boolean;
  /** The media playlist, relative to the master or absolute. */
  uri: string;
}

function mediaLine(track: SubtitlesTrack): string {
  const attributes = [
    'TYPE=SUBTITLES',
    `GROUP-ID=${quoted(SUBTITLES_GROUP)}`,
    `NAME=${quoted(track.name)}`,
    `LANGUAGE=${quoted(track.language)}`,
    'DEFAULT=NO',
    'AUTOSELECT=YES',
    'FORCED=NO',
  ];
  if (track.captions) attributes.push(`CHARACTERISTICS=${quoted(CAPTIONS)}`);
  attributes.push(`URI=${quoted(track.uri)}`);
  return `#EXT-X-MEDIA:${attributes.join(',')}`;
}

/** A variant's attributes without a `SUBTITLES` one (wherever in the list, quoted as HLS quotes). */
const withoutSubtitlesAttribute = (line: string) =>
  line.replace(/,SUBTITLES="[^"]*"/g, '').replace(/:SUBTITLES="[^"]*",?/, ':');

/**
 * The master playlist `master` with `tracks` as its `SUBTITLES` group: any subtitles lines it had are taken out
 * first, the group's lines go before the first variant (after any other `EXT-X-MEDIA`, such as an `AUDIO` group),
 * and every `EXT-X-STREAM-INF` names the group. Pure and idempotent: given its own answer and the same tracks, it
 * answers the same text; with no tracks, the master as the transcoder wrote it.
 */
export function withSubtitlesGroup(master: string, tracks: SubtitlesTrack[]): string {
  const lines = master
    .split(/\r?\n/)
    .filter((line) => !(line.startsWith('#EXT-X-MEDIA:') && /TYPE=SUBTITLES/.test(line)));
  const out: string[] = [];
  let grouped = false;
  for (const line of lines) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) {
      out.push(line);
      continue;
    }
    if (!grouped && tracks.length > 0) out.push(...tracks.map(mediaLine));
    grouped = true;
    const variant = withoutSubtitlesAttribute(line);
    out.push(tracks.length > 0 ? `${variant},SUBTITLES=${quoted(SUBTITLES_GROUP)}` : variant);
  }
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}
