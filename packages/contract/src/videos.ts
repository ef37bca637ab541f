/**
 * The videos domain (issue 36): an uploaded video file, what the probe read from its master, its HLS ladder's
 * renditions and audio tracks, and its calls. The calls keep their paths under `api.content` (api.md fixes them);
 * `content.ts` spreads them into its calls.
 */
import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, IdBody, ListSearch, Ok, Timestamp } from './common.ts';
import { VIDEO_EVENTS, VIDEO_STATUSES } from './constants.ts';

export { VIDEO_EVENTS, VIDEO_STATUSES };
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export type VideoEventName = (typeof VIDEO_EVENTS)[number];

/** What the probe read from a master (api.md, "Video processing"). */
export const VideoSource = z.object({
  container: z.string(),
  width: z.int(),
  height: z.int(),
  fps: z.number(),
  duration_sec: z.number(),
  video_codec: z.string(),
  audio: z.array(z.object({ index: z.int(), codec: z.string(), channels: z.int(), language: z.string().nullable() })),
});
export type VideoSource = z.infer<typeof VideoSource>;

/**
 * One audio track of a ready video, in the master's stream order (`index` is the master's stream): a rendition of the
 * HLS master's AUDIO group. `lang_id` is the service's language it is in, from its tag or chosen by staff; null when
 * neither says, and then `problem` says why in a sentence (no tag, a tag naming no language, a language the service
 * does not have).
 */
export const AudioTrack = z.object({
  index: z.int(),
  lang_id: Id.nullable(),
  tag: z.string().nullable(),
  problem: z.string().nullable(),
});
export type AudioTrack = z.infer<typeof AudioTrack>;

/** One rendition of a video's HLS ladder; `bandwidth` is the peak bit rate in bits per second, as its playlist says. */
export const Rendition = z.object({ width: z.int(), height: z.int(), bandwidth: z.int() });
export type Rendition = z.infer<typeof Rendition>;

/**
 * An uploaded video. Its master is kept privately; what plays is the HLS ladder made from it (`playback_url`,
 * null until `ready`). `eta_sec` is the time left while `processing`, once it can be told.
 */
export const VideoFile = z.object({
  id: Id,
  ext_id: z.string(),
  name: z.string(),
  size_bytes: z.number().int().min(0),
  duration_sec: z.number().int().min(0).nullable(),
  status: z.enum(VIDEO_STATUSES),
  progress: z.int().min(0).max(100),
  eta_sec: z.int().min(0).nullable(),
  failure: z.string().nullable(),
  source: VideoSource.nullable(),
  renditions: z.array(Rendition),
  /** The audio tracks of the HLS master once `ready` (empty for a silent master, and before). */
  audio_tracks: z.array(AudioTrack),
  playback_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  created_at: Timestamp,
  content_lang_id: Id.nullable(),
  content_id: Id.nullable(),
});
export type VideoFile = z.infer<typeof VideoFile>;

/**
 * One event of a video's job, oldest first in its timeline: `worker` names the process that had the video (`started`,
 * `retried`, `lease_lost`, `stopped`, `failed`, `ready`), `detail` says why (a retry's, a stop's, a failure's sentence).
 */
export const VideoEvent = z.object({
  at: Timestamp,
  event: z.enum(VIDEO_EVENTS),
  worker: z.string().nullable(),
  detail: z.string().nullable(),
});
export type VideoEvent = z.infer<typeof VideoEvent>;

/**
 * One video as `files/get` answers it: its timeline, and when `failed` the last lines ffmpeg wrote (the server's
 * paths taken out); `log` is absent otherwise.
 */
export const VideoFileDetail = VideoFile.extend({
  events: z.array(VideoEvent),
  log: z.array(z.string()).optional(),
});
export type VideoFileDetail = z.infer<typeof VideoFileDetail>;

/** `GET /api/content/files`: every field optional; with `limit` the answer is a page. */
export const VideoFileListQuery = z.object({
  status: z.enum(VIDEO_STATUSES).optional(),
  search: ListSearch.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const VideoFilePage = z.object({ rows: z.array(VideoFile), count: z.int() });
export type VideoFilePage = z.infer<typeof VideoFilePage>;
/** Languages chosen by staff for a ready video's audio tracks (by the master's stream `index`); null: no language. */
export const VideoAudioBody = z.object({
  id: Id,
  tracks: z
    .array(z.object({ index: z.int().min(0), lang_id: Id.nullable() }))
    .min(1)
    .max(64),
});
export type VideoAudioBody = z.input<typeof VideoAudioBody>;

export const VideoPosterBody = z.object({ id: Id, at_sec: z.number().min(0).max(1_000_000) });

export const videoFileCalls = {
  files: call({
    ...addresses.content.files,
    summary: 'Uploaded video files, newest first; filtered by `status` and `search`, a page with `limit`',
    query: VideoFileListQuery,
    response: z.union([z.array(VideoFile), VideoFilePage]),
  }),
  fileGet: call({
    ...addresses.content.fileGet,
    read: true,
    summary:
      "One video file with its job's timeline (and ffmpeg's last lines when it failed); unknown or in the bin: 404",
    body: IdBody,
    response: VideoFileDetail,
  }),
  fileRetry: call({
    ...addresses.content.fileRetry,
    summary: 'Queue a failed video file again',
    body: IdBody,
    response: VideoFile,
  }),
  filePoster: call({
    ...addresses.content.filePoster,
    summary: "Take the video file's poster again at a moment of the video",
    body: VideoPosterBody,
    response: VideoFile,
  }),
  fileAudio: call({
    ...addresses.content.fileAudio,
    summary:
      "Choose the languages of a ready video's audio tracks: its HLS master is written again, its picture is not transcoded",
    body: VideoAudioBody,
    response: VideoFile,
  }),
  fileDelete: call({
    ...addresses.content.fileDelete,
    summary: 'Move a video file to the bin; attached to a language version: 409 naming it',
    body: IdBody,
    response: Ok,
  }),
};
