/**
 * Subtitles in HLS, as text only: a subtitles media playlist per file, and the header that ties its cues to the
 * video. The master's `SUBTITLES` group is written by the videos module (videos/hls), which subtitles asks.
 */

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
