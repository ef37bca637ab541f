export {
  fileChanged,
  isUnderWay,
  LIVE_EVERY_MS,
  liveWhileUnderWay,
  useAudioLanguages,
  useRetryVideo,
  useTakePoster,
  useVideoFile,
  VIDEO_STATUS_WORDS,
  videoFileKey,
} from './video-calls.ts';
export { progressWords, VideoStatusLine } from './video-status.tsx';
export { audioWords, codecWords, formatTimeLeft, renditionLabel, sourceWords } from './video-words.ts';
