/**
 * The video engine (issue 29): probing masters, planning and transcoding the HLS ladder, posters. Pure functions
 * over local files and the ffmpeg / ffprobe binaries; the job runner (leases, storage, the database) calls them.
 * The ladder's files: steps.ts (the ladder as data), args.ts (ffmpeg's arguments), progress.ts, failures.ts,
 * playlists.ts, ladder.ts (the run); the HLS master's text is ../hls/master.ts.
 */
export { LOUDNESS, ladderArgs, SEGMENT_SECONDS } from './args.ts';
export { audioLabel, languageOfTag } from './audio-labels.ts';
export { describeBinaries } from './binaries.ts';
export { demuxerOf, MASTER_DEMUXERS, masterInput } from './input.ts';
export { type AudioRendition, type LadderResult, transcodeLadder } from './ladder.ts';
export {
  DEFAULT_VIDEO_LIMITS,
  LENGTH_MARGIN_SECONDS,
  OverCeiling,
  overLimit,
  type VideoLimits,
  videoLimits,
} from './limits.ts';
export {
  audioFolder,
  audioPlaylist,
  parseMediaPlaylist,
  readMediaPlaylist,
  renditionFolder,
  renditionPlaylist,
} from './playlists.ts';
export { takePoster } from './poster.ts';
export { NotAVideo, probeMaster } from './probe.ts';
export { type Binaries, MediaToolFailed, videoBinaries } from './process.ts';
export {
  DEFAULT_LADDER,
  DEFAULT_STEPS,
  LadderSetting,
  type LadderStep,
  type PlannedRendition,
  planLadder,
} from './steps.ts';
export { makeTestMaster, type TestMasterContainer } from './test-master.ts';
