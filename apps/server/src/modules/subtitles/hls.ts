import { playlistName } from '../../lib/playlist-text.ts';

/**
 * Subtitles in HLS, as text only: the transcoder's master playlist with a `SUBTITLES` group added, and a subtitles
 * media playlist per file. No picture is touched (issue 31: adding subtitles to a ready video is no second
 * transcode).
 */

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

/** A quoted-string attribute may hold neither a double quote nor a line break (RFC 8216, 4.2): `playlistName`. */
const quoted = (value: string) => `"${playlistName(value)}"`;

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

/**
 * A subtitles media playlist of one WebVTT segment (a whole episode's subtitles are tens of kilobytes): the segment
 * lasts the video, or the last cue if that ends later.
 */
export function subtitlesPlaylist(vttUri: string, durationSec: number): string {
  const duration = Math.max(1, durationSec);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    vttUri,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/**
 * The header line that ties cue time 0 to the video's first frame: MPEG-TS segments start at a presentation time
 * that is not 0 (ffmpeg's 1.4 s), and without the map hls.js and Safari would show every cue that much early.
 */
export function timestampMap(firstPts90k: number): string {
  return `X-TIMESTAMP-MAP=MPEGTS:${Math.max(0, Math.round(firstPts90k))},LOCAL:00:00:00.000`;
}
