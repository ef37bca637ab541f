/**
 * The video engine (issue 29): probing masters, planning and transcoding the HLS ladder, posters. Pure functions
 * over local files and the ffmpeg / ffprobe binaries; the job runner (leases, storage, the database) calls them.
 */

export { describeBinaries } from './binaries.ts';
export { demuxerOf, MASTER_DEMUXERS, masterInput } from './input.ts';
export {
  AUDIO_GROUP,
  type AudioLabel,
  type AudioRendition,
  audioFolder,
  audioLabel,
  audioPlaylist,
  type LadderResult,
  LOUDNESS,
  ladderArgs,
  languageOfTag,
  masterPlaylist,
  parseMediaPlaylist,
  planLadder,
  type Rung,
  readMediaPlaylist,
  rungFolder,
  rungPlaylist,
  SEGMENT_SECONDS,
  transcodeLadder,
  withAudioGroup,
} from './ladder.ts';
export {
  DEFAULT_VIDEO_LIMITS,
  LENGTH_MARGIN_SECONDS,
  overLimit,
  type VideoLimits,
  videoLimits,
} from './limits.ts';
export { takePoster } from './poster.ts';
export { NotAVideo, probeMaster } from './probe.ts';
export { type Binaries, MediaToolFailed, videoBinaries } from './process.ts';
export { makeTestMaster, type TestMasterContainer } from './test-master.ts';
