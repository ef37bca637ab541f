import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, IdBody } from './common.ts';
import { ContentLang, Subtitles } from './content.ts';
import { SUBTITLES_KINDS, SUBTITLES_MAX_SHIFT_SECONDS } from './subtitles-constants.ts';

export {
  SUBTITLES_ACCEPT,
  SUBTITLES_KIND_LABELS,
  SUBTITLES_KINDS,
  SUBTITLES_MAX_BYTES,
  SUBTITLES_MAX_SHIFT_SECONDS,
  type SubtitlesKind,
} from './subtitles-constants.ts';

/** One cue: from `start` to `end` seconds, its text as written (markup included: shown as text, never as HTML). */
export const SubtitlesCue = z.object({ start: z.number(), end: z.number(), text: z.string() });
export type SubtitlesCue = z.infer<typeof SubtitlesCue>;

export const SubtitlesUploadQuery = z.object({
  content_lang_id: z.coerce.number().pipe(Id),
  kind: z.enum(SUBTITLES_KINDS).default('subtitles'),
});
export const SubtitlesShiftBody = z.object({
  id: Id,
  /** Every cue moves by this many seconds: later when positive, earlier when negative (milliseconds kept). */
  seconds: z
    .number()
    .min(-SUBTITLES_MAX_SHIFT_SECONDS)
    .max(SUBTITLES_MAX_SHIFT_SECONDS)
    .refine((v) => v !== 0, 'Enter a shift other than 0'),
});
export const SubtitlesCues = z.object({
  subtitles: Subtitles,
  cues: z.array(SubtitlesCue),
  warnings: z.array(z.string()),
});
export type SubtitlesCues = z.infer<typeof SubtitlesCues>;

export const subtitlesCalls = {
  upload: call({
    ...addresses.subtitles.upload,
    summary:
      'Add subtitles (WebVTT or SRT, any common encoding; multipart field `file`) to a language version; a file that does not parse: 400 naming its line',
    query: SubtitlesUploadQuery,
    response: ContentLang,
  }),
  get: call({
    ...addresses.subtitles.get,
    read: true,
    summary: 'The cues of a subtitles file, in order, with its warnings',
    body: IdBody,
    response: SubtitlesCues,
  }),
  shift: call({
    ...addresses.subtitles.shift,
    summary: "Move every cue of a subtitles file by `seconds` (earlier when negative); the video's playlist follows",
    body: SubtitlesShiftBody,
    response: ContentLang,
  }),
  delete: call({
    ...addresses.subtitles.delete,
    summary: 'Delete a subtitles file; the video it was listed with no longer offers it',
    body: IdBody,
    response: ContentLang,
  }),
};
