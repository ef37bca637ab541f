import type { Config } from './config.ts';
import { notifyVideoFailed, notifyVideoReady } from './modules/notifications/index.ts';
import { publishSubtitlesOfVideo } from './modules/subtitles/index.ts';
import { type VideoServices, videoBinaries, videoLimits, videoWorkDir } from './modules/videos/index.ts';
import { videoFailedWebhooks, videoReadyWebhooks } from './modules/webhooks/index.ts';

/**
 * The videos module's services for the server (app.ts) and `npm run worker` (worker.ts), built once: the binaries,
 * the work folder, the ladder's steps, and the listeners of "a video became ready" (decision 069) and "a video
 * failed" (decision 078). Here, outside the modules, subtitles, notifications and webhooks are registered with
 * videos: videos never imports them.
 */
export function videoServices(config: Config): VideoServices {
  return {
    bin: videoBinaries(config),
    limits: videoLimits(config),
    workDir: videoWorkDir(config),
    ladder: config.VIDEO_LADDER,
    // The episode's subtitles join the master the ladder was written with (a text rewrite, decision 067); the
    // uploader is told (decision 078); webhooks store `video.ready` for their receivers (decision 079), after the
    // subtitles, so a receiver that fetches the master at once finds them in it.
    whenReady: [publishSubtitlesOfVideo, notifyVideoReady, videoReadyWebhooks],
    // A video failed for good: the uploader is told (decision 078), webhooks store `video.failed` (decision 079).
    whenFailed: [notifyVideoFailed, videoFailedWebhooks],
    // Until a transcoder runs in this process (server-jobs.ts), a queued video waits for a worker's poll.
    queued: () => {},
  };
}
