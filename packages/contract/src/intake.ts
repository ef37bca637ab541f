import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id } from './common.ts';

/** At most this many file names a match (a season is tens of files; a whole series' back catalogue, hundreds). */
export const INTAKE_MAX_NAMES = 2000;

/**
 * What a file of a studio's delivery is (api.md "Studio delivery"): a master, subtitles (`.srt`, `.vtt`), captions
 * (subtitles whose name says CC, SDH or captions), a thumbnail (`.jpg`, `.jpeg`, `.png`, `.webp`), the metadata
 * sheet (`.xlsx`, `.csv`), or something else.
 */
export const INTAKE_FILE_KINDS = ['video', 'subtitles', 'captions', 'thumbnail', 'sheet', 'other'] as const;
export type IntakeFileKind = (typeof INTAKE_FILE_KINDS)[number];

export const IntakeMatchBody = z.object({
  brand_id: Id,
  names: z.array(z.string().max(500)).min(1, 'Send at least one file name').max(INTAKE_MAX_NAMES),
});

/**
 * What one file name says (api.md "Episode intake and readiness"), in the order sent. `season` and `episode` are
 * null for a name that says no episode (`final_v2.mov`): it is left for a choice by hand. `lang_id` is null when
 * the name says no language the service knows. `content_id` is the brand's existing episode at that season and
 * number, or null (a new one). `title` is a guess from the rest of the name, for a new episode. `lang_ids` is every
 * language the name says, in its order (`_EN_ES`: a master carrying both); `lang_id` is the first.
 */
export const IntakeRow = z.object({
  name: z.string(),
  season: z.int().nullable(),
  episode: z.int().nullable(),
  lang_id: Id.nullable(),
  lang_ids: z.array(Id),
  kind: z.enum(INTAKE_FILE_KINDS),
  content_id: Id.nullable(),
  title: z.string(),
});
export type IntakeRow = z.infer<typeof IntakeRow>;
/** Where a season and an episode number land among a brand's episodes. */
export const episodeKey = (season: number, episode: number) => `${season}:${episode}`;

/**
 * A brand's episodes by season and number, as the match and the console's table both find them: where two episodes
 * share a number, the lowest id (the one made first) is the one a file goes to.
 */
export function indexEpisodes<E extends { id: number; season: number; sort_number: number }>(
  episodes: readonly E[],
): Map<string, E> {
  const byKey = new Map<string, E>();
  for (const e of episodes) {
    const key = episodeKey(e.season, e.sort_number);
    const known = byKey.get(key);
    if (!known || e.id < known.id) byKey.set(key, e);
  }
  return byKey;
}

export const IntakeMatchAnswer = z.object({ rows: z.array(IntakeRow) });

export const intakeCalls = {
  match: call({
    ...addresses.intake.match,
    read: true,
    summary: "What each file name says: season, episode, language, the brand's existing episode, a title guess",
    body: IntakeMatchBody,
    response: IntakeMatchAnswer,
  }),
};
