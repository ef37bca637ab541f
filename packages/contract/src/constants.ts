// Constants the console needs on its first screens, in a module without zod (see client.ts).

export const AGE_RATINGS = ['0+', '3+', '6+', '12+'] as const;

/** Language id 1 is English, the default for editing. */
export const DEFAULT_LANG_ID = 1;

/** What can be deleted to the bin, named as the audit log names them (api.md, "Bin and history"). */
export const BIN_ENTITIES = [
  'brands',
  'content',
  'brand_langs',
  'content_langs',
  'promos',
  'streams',
  'video_files',
] as const;
export type BinEntityName = (typeof BIN_ENTITIES)[number];

/** After this many days in the bin an item is deleted for good (the scheduled job `empty-bin`). */
export const BIN_DAYS = 30;

/** What a content list can be ordered by (the console's columns); `season` is the season order itself. */
export const CONTENT_SORTS = ['season', 'number', 'title', 'languages', 'video', 'published', 'duration'] as const;

/** The longest search a list takes (its characters after the first 200 are not sent: the server refuses them). */
export const MAX_SEARCH_LENGTH = 200;

/** Where a video stands on its way from master to HLS ladder (api.md, "Video processing"). */
export const VIDEO_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
/** What happens to a video's job, as its timeline lists it (api.md "Operations"). */
export const VIDEO_EVENTS = ['queued', 'started', 'retried', 'lease_lost', 'stopped', 'failed', 'ready'] as const;
/** What a person is told of (api.md "Operations"): their video ready or failed, a build they started failed. */
export const NOTIFICATION_KINDS = ['video_ready', 'video_failed', 'build_failed'] as const;
