import { lazyComponent } from '../screen/index.ts';

/**
 * The player's code arrives when a player is first shown (a screen may `preload()` it once idle), and hls.js only
 * when it starts playing: neither is in the first load nor in the screens that show players (decision 062).
 */
export const VideoPlayer = lazyComponent(() => import('./video-player.tsx').then((m) => m.VideoPlayer));
export const PlayerModal = lazyComponent(() => import('./player-modal.tsx').then((m) => m.PlayerModal));
