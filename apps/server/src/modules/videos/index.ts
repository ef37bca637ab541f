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
  MAX_MASTER_SECONDS,
  MediaToolFailed,
  NotAVideo,
  probeMaster,
  videoBinaries,
} from './engine/index.ts';
export { firstPtsOfVideo } from './first-pts.ts';
export { rewriteMaster, type SubtitlesTrack, withSubtitlesGroup } from './hls/index.ts';
export type { VideoReadyListener } from './ready.ts';
export { videoRoutes } from './routes.ts';
export { type VideoServices, videoWorkDir } from './services.ts';
export { createTranscoder, type Transcoder } from './transcoder.ts';
export { toVideoFile, videoFileColumns } from './view.ts';
