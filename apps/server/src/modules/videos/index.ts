/** What other modules use of videos (issue 36: the one owner of a video's row, its ladder and its HLS master). */
export {
  addVideoFile,
  attachVideoFile,
  deleteVideoFile,
  detachVideoFile,
  getVideoFile,
  listVideoFiles,
  retryVideoFile,
} from './data.ts';
export {
  type Binaries,
  DEFAULT_VIDEO_LIMITS,
  describeBinaries,
  MediaToolFailed,
  NotAVideo,
  overLimit,
  probeMaster,
  type VideoLimits,
  videoBinaries,
  videoLimits,
} from './engine/index.ts';
export { firstPtsOfVideo } from './first-pts.ts';
export { rewriteMaster, type SubtitlesTrack, withSubtitlesGroup } from './hls/index.ts';
export { type JobEvent, logJobEvent, recordJobEvent } from './job-log.ts';
export type { VideoFailedListener, VideoReadyListener } from './ready.ts';
export { videoRoutes } from './routes.ts';
export { type VideoServices, videoWorkDir } from './services.ts';
export { createTranscoder, type Transcoder } from './transcoder.ts';
export { toVideoFile, videoFileColumns } from './view.ts';
