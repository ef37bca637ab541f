import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../lib/storage/index.ts';
import type { Binaries, LadderStep, VideoLimits } from './engine/index.ts';
import type { VideoFailedListener, VideoReadyListener } from './ready.ts';

/** How a transcoder (transcoder.ts) is made, and what it does: beside it, so that the job's code reads on its own. */
export interface TranscoderOptions {
  db: Db;
  storage: Storage;
  bin: Binaries;
  /** What a master may be and one transcode may cost; the contract's defaults otherwise. */
  limits?: VideoLimits;
  /** How many videos this process works on at once (TRANSCODE_CONCURRENCY). */
  concurrency: number;
  /** Where masters are copied (S3) and ladders written before they are stored: a folder of DATA_DIR. */
  workDir: string;
  /** The ladder's steps (VIDEO_LADDER); the default ladder without. */
  ladder?: readonly LadderStep[];
  /** Told when a video becomes ready (ready.ts): subtitles add themselves to its master. */
  whenReady?: readonly VideoReadyListener[];
  /** Told when a video failed for good: notifications and webhooks register here (video-services.ts). */
  whenFailed?: readonly VideoFailedListener[];
  log: FastifyBaseLogger;
  /** The clock leases and back-off are measured by: the real one, or one a test controls. */
  now?: () => Date;
  /** Names this worker in the rows it holds (tests run several in one process). */
  name?: string;
  pollMs?: number;
}

export interface Transcoder {
  /** Looks for due videos now (an upload just arrived) rather than at the next poll. */
  wake(): void;
  /** Claims and processes due videos until none is left or all slots are busy; resolves when those finished. */
  runDue(): Promise<number>;
  start(): void;
  /** Stops claiming, stops ffmpeg and lets go of the videos in hand (queued again, due at once). */
  stop(): Promise<void>;
}
