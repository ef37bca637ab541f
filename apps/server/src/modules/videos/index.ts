export { deleteVideoFile, getVideoFile, listVideoFiles, retryVideoFile } from './data.ts';
export { videoRoutes } from './routes.ts';
export { createTranscoder, type Transcoder } from './transcoder.ts';
export { toVideoFile, videoFileColumns } from './view.ts';
export { type VideoServices, videoWorkDir } from './services.ts';
