/**
 * The HLS master's one writer (issue 36): its text (master.ts) and its rewrites with `playback_url` (rewrite.ts).
 * Audio (../audio.ts) and subtitles (modules/subtitles) ask here; nothing else writes a master.
 */
export {
  type AudioLabel,
  audioGroupLines,
  type Measured,
  masterPlaylist,
  SUBTITLES_GROUP,
  type SubtitlesTrack,
  withAudioGroup,
  withSubtitlesGroup,
} from './master.ts';
export { firstPlaybackUrl, masterKey, rewriteMaster } from './rewrite.ts';
