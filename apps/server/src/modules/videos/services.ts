import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Binaries, LadderStep, VideoLimits } from './engine/index.ts';
import type { VideoFailedListener, VideoReadyListener } from './ready.ts';

export interface VideoServices {
  bin: Binaries;
  /** What a master may be and one transcode may cost (config: MAX_VIDEO_SECONDS…, decision 072). */
  limits: VideoLimits;
  /** Uploads arrive, masters are copied and ladders are written here before they are stored. */
  workDir: string;
  /** The ladder's steps (VIDEO_LADDER, decision 069). */
  ladder: readonly LadderStep[];
  /** Told when a video becomes ready (ready.ts): given by the composition root, never imported by videos. */
  whenReady: readonly VideoReadyListener[];
  /** Told when a video failed for good (after its last try, or refused as no video): notifications, webhooks. */
  whenFailed: readonly VideoFailedListener[];
  /** A video was queued: a transcoder in this process looks at once rather than at its next poll. */
  queued: () => void;
}

/** In DATA_DIR, on the disk local storage uses: an upload is renamed into storage, not copied. */
export function videoWorkDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'work');
}
