// Video files as the Videos screen and the content modal share them (docs/decisions/071-console-video-module.md):
// their calls, words and status, the upload, the player and the naming of audio tracks.
export { AudioLanguages } from './audio-languages.tsx';
export { PlayerModal } from './player-modal.tsx';
export { PosterOrPlayer } from './poster-or-player.tsx';
export { UploadVideo, VIDEO_ACCEPT } from './upload-video.tsx';
export {
  fileChanged,
  isUnderWay,
  LIVE_EVERY_MS,
  liveWhileUnderWay,
  stopUploadQuestion,
  useAudioLanguages,
  useRetryVideo,
  useTakePoster,
  useUploadVideo,
  useVideoFile,
  VIDEO_STATUS_WORDS,
  VIDEO_UPLOAD_KEY,
  videoFileKey,
} from './video-calls.ts';
export { VideoPlayer } from './video-player.tsx';
export { progressWords, VideoStatusLine } from './video-status.tsx';
export { eventWords, TimelineModal, VideoTimeline } from './video-timeline.tsx';
export { audioWords, codecWords, formatTimeLeft, renditionLabel, sourceWords } from './video-words.ts';
