export { PlayerModal } from './player-modal.tsx';
export { VideoPlayer } from './video-player.tsx';
