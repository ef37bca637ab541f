import { type Content, episodeKey, type IntakeFileKind, type IntakeRow } from '@kids-vod/contract';

/** What a row of the table is: every kind of a delivery but the sheet, which is read as a change of its own. */
export type DeliveryKind = Exclude<IntakeFileKind, 'sheet'>;

/** Number inputs hold '' while empty. */
export type NumberValue = number | '';

/**
 * One chosen file in the intake table: what its name said (api.intake.match), as the person has corrected it.
 * `include` is the person's choice; a row is uploaded only when included, complete and not the losing side of a
 * clash (see `planOf`).
 */
export interface IntakeFile {
  key: string;
  /** In the order files were added: in a clash, the one added first is kept unless the person chooses. */
  order: number;
  file: File;
  name: string;
  kind: DeliveryKind;
  season: NumberValue;
  episode: NumberValue;
  langId: number | null;
  /**
   * Every language the name says (`_EN_ES`), `langId` first: a master carrying several is attached to the first and
   * lent to the others its audio tracks have. Empty when the name says none.
   */
  langIds: number[];
  /** The title a new episode or a new language version gets (the name's guess, as edited). */
  title: string;
  include: boolean;
  /** Chosen by "Keep this file" in a clash: the highest wins; 0 for none, then the one added first. */
  keptAt: number;
  /** Why the intake left the row out when the files were added (null: it was taken in). */
  leftOutWhy: string | null;
}

/** Why a row starts left out, after "Left out: ". */
export const LEFT_OUT_HAS_VIDEO = 'this version already has a video';
export const LEFT_OUT_NO_EPISODE = 'no episode matched';
export const LEFT_OUT_OTHER = 'not a master, subtitles or a thumbnail';

/** A thumbnail whose name says no language goes to every language version of its episode. */
const langOptional = (kind: DeliveryKind) => kind === 'thumbnail';

/** Why the intake leaves a file out as it is added (null: it takes it in). */
function leftOutWhy(row: IntakeRow | undefined, kind: DeliveryKind, episodes: EpisodeIndex): string | null {
  if (kind === 'other') return LEFT_OUT_OTHER;
  if (row?.season == null || row.episode == null) return LEFT_OUT_NO_EPISODE;
  // A master for a version that has a video already starts left out: replacing a video (perhaps published) is a
  // choice the person makes, not one a stray "v2" in the folder makes for them.
  const version = episodes.get(episodeKey(row.season, row.episode))?.langs.find((l) => l.lang_id === row.lang_id);
  return kind === 'video' && version?.has_video ? LEFT_OUT_HAS_VIDEO : null;
}

/** A row whose name said no episode starts left out: filling season and episode takes it in (decision 065). */
export function fromMatch(
  files: File[],
  rows: IntakeRow[],
  startKey: number,
  episodes: EpisodeIndex = new Map(),
): IntakeFile[] {
  return files.map((file, i) => {
    const row = rows[i];
    const kind: DeliveryKind = row?.kind === 'sheet' || !row ? 'other' : row.kind;
    const why = leftOutWhy(row, kind, episodes);
    return {
      key: `f${startKey + i}`,
      order: startKey + i,
      file,
      name: file.name,
      kind,
      season: row?.season ?? '',
      episode: row?.episode ?? '',
      langId: row?.lang_id ?? null,
      langIds: row?.lang_ids ?? [],
      title: row?.title ?? '',
      include: why === null,
      keptAt: 0,
      leftOutWhy: why,
    };
  });
}

/**
 * The table's order: by season, episode and file name, names that say no episode last. Applied when files are added,
 * not while the person edits (a row does not jump away from the input being typed in).
 */
export function inTableOrder(rows: IntakeFile[]): IntakeFile[] {
  const n = (v: NumberValue) => (v === '' ? Number.POSITIVE_INFINITY : v);
  return [...rows].sort(
    (a, b) => n(a.season) - n(b.season) || n(a.episode) - n(b.episode) || a.name.localeCompare(b.name),
  );
}

/** The brand's episodes by season and number: where a row's season and episode land. */
export type EpisodeIndex = Map<string, Content>;

/** Why an included row cannot be uploaded as it stands; null when it can. */
export function missingOf(row: IntakeFile): string | null {
  const missing = [
    row.season === '' ? 'season' : null,
    row.episode === '' ? 'episode' : null,
    row.langId === null && !langOptional(row.kind) ? 'language' : null,
  ].filter(Boolean);
  if (missing.length === 0) return null;
  return `Say its ${missing.join(', ').replace(/, ([^,]*)$/, ' and $1')}, or leave it out`;
}

/** What a row will do, as the table says it before anything is created. */
export type RowPlan =
  /** `why`: the intake's reason when it left the row out itself (the person has not taken it in). */
  | { kind: 'left-out'; why: string | null }
  | { kind: 'incomplete'; why: string }
  | { kind: 'clash'; keptName: string }
  | { kind: 'no-brand-version'; langId: number }
  | {
      kind: 'upload';
      season: number;
      episode: number;
      /** Null only for a thumbnail that says no language: every version of the episode takes it. */
      langId: number | null;
      /** The brand's episode at that season and number, or null: a new one is created. */
      existing: Content | null;
      /** The existing episode's version in the row's language (its title is kept), or null: it is created. */
      versionTitle: string | null;
      /** That version has a video already: the new one takes its place. */
      replaces: boolean;
    };

/** A row's plan to upload. */
export type UploadPlan = Extract<RowPlan, { kind: 'upload' }>;
/** A row's plan to upload into one language version (every master, every subtitles file). */
export type VersionPlan = UploadPlan & { langId: number };
export const inVersion = (plan: UploadPlan): plan is VersionPlan => plan.langId !== null;

/** Rows clash when they would fill the same place: a version's video, its subtitles or captions, a thumbnail. */
const placeOf = (row: IntakeFile) => `${row.kind}:${row.season}:${row.episode}:${row.langId ?? 'all'}`;

/**
 * Every row's plan. Two included rows of the same kind for the same season, episode and language clash: one is kept (the one the
 * person chose last, else the one added first) and the others are not uploaded. A row in a language the brand
 * has no version in waits for the person's "Create the … version of the brand" (`newLangs`), checked by default.
 */
export function planOf(
  rows: IntakeFile[],
  episodes: EpisodeIndex,
  brandLangs: Set<number>,
  newLangs: Set<number>,
): Map<string, RowPlan> {
  const plans = new Map<string, RowPlan>();
  const kept = new Map<string, IntakeFile>();
  for (const row of rows) {
    if (!row.include || missingOf(row)) continue;
    const k = placeOf(row);
    const other = kept.get(k);
    const wins = !other || row.keptAt > other.keptAt || (row.keptAt === other.keptAt && row.order < other.order);
    if (wins) kept.set(k, row);
  }
  for (const row of rows) plans.set(row.key, rowPlan(row, kept, episodes, brandLangs, newLangs));
  return plans;
}

function rowPlan(
  row: IntakeFile,
  kept: Map<string, IntakeFile>,
  episodes: EpisodeIndex,
  brandLangs: Set<number>,
  newLangs: Set<number>,
): RowPlan {
  if (!row.include || row.kind === 'other') return { kind: 'left-out', why: row.leftOutWhy };
  const why = missingOf(row);
  if (why || row.season === '' || row.episode === '') return { kind: 'incomplete', why: why ?? '' };
  const winner = kept.get(placeOf(row));
  if (winner && winner.key !== row.key) return { kind: 'clash', keptName: winner.name };
  if (row.langId !== null && !brandLangs.has(row.langId) && !newLangs.has(row.langId))
    return { kind: 'no-brand-version', langId: row.langId };
  const existing = episodes.get(episodeKey(row.season, row.episode)) ?? null;
  const version = row.langId === null ? null : (existing?.langs.find((l) => l.lang_id === row.langId) ?? null);
  return {
    kind: 'upload',
    season: row.season,
    episode: row.episode,
    langId: row.langId,
    existing,
    versionTitle: version ? version.title : null,
    replaces: row.kind === 'video' && (version?.has_video ?? false),
  };
}

/** Rows that clash with another (either side), for the "Keep this file" choice. */
export function clashingKeys(rows: IntakeFile[], plans: Map<string, RowPlan>): Set<string> {
  const keys = new Set<string>();
  const byEpisode = new Map<string, IntakeFile[]>();
  for (const row of rows) {
    const plan = plans.get(row.key);
    if (plan?.kind !== 'upload' && plan?.kind !== 'clash') continue;
    const k = placeOf(row);
    byEpisode.set(k, [...(byEpisode.get(k) ?? []), row]);
  }
  for (const group of byEpisode.values()) if (group.length > 1) for (const row of group) keys.add(row.key);
  return keys;
}

/** The languages of rows to upload that the brand has no version in: offered to create. */
export function missingBrandLangs(rows: IntakeFile[], brandLangs: Set<number>): number[] {
  const langs = new Set<number>();
  for (const row of rows) {
    if (!row.include || missingOf(row)) continue;
    for (const id of row.kind === 'video' ? [row.langId, ...row.langIds] : [row.langId]) {
      if (id !== null && !brandLangs.has(id)) langs.add(id);
    }
  }
  return [...langs].sort((a, b) => a - b);
}
