export { masterKey } from './audio.ts';
export { deleteVideoFile, fillEpisodeDuration, getVideoFile, listVideoFiles, retryVideoFile } from './data.ts';
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
export { type JobEvent, logJobEvent } from './job-log.ts';
export { videoRoutes } from './routes.ts';
export { type VideoServices, videoWorkDir } from './services.ts';
export { createTranscoder, type Transcoder } from './transcoder.ts';
export { toVideoFile, videoFileColumns } from './view.ts';
