export { masterKey } from './audio.ts';
export { deleteVideoFile, fillEpisodeDuration, getVideoFile, listVideoFiles, retryVideoFile } from './data.ts';
export {
  type Binaries,
  MAX_MASTER_SECONDS,
  MediaToolFailed,
  NotAVideo,
  probeMaster,
  videoBinaries,
} from './engine/index.ts';
export { videoRoutes } from './routes.ts';
export { type VideoServices, videoWorkDir } from './services.ts';
export { createTranscoder, type Transcoder } from './transcoder.ts';
export { toVideoFile, videoFileColumns } from './view.ts';
