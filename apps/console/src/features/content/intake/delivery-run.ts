import {
  type BrandName,
  type Content,
  indexEpisodes,
  type MetadataImportAnswer,
  type VideoFile,
} from '@kids-vod/contract';
import { api, wholeList } from '@kids-vod/contract/client';
import { errorMessage, importSheet, send, uploadImage, uploadSubtitles } from '../../../shared/api/index.ts';
import { type VersionMakers, versionMakers } from './intake-makers.ts';
import { type IntakeFile, inVersion, planOf, type RowPlan, type UploadPlan, type VersionPlan } from './intake-rows.ts';
import { limiter, type RowProgress, runIntake, UPLOADS_AT_ONCE } from './intake-run.ts';

/** Where the sheet stands once the delivery is started. */
export type SheetStage =
  | { stage: 'writing' }
  | { stage: 'written'; answer: MetadataImportAnswer }
  | { stage: 'failed'; sentence: string };

export interface DeliveryRun {
  brand: BrandName;
  /** The sheet its dry run found no mistake in, or null for a delivery without one. */
  sheet: File | null;
  /** Every row of the table, as the person left it. */
  rows: IntakeFile[];
  brandLangs: Set<number>;
  /** Languages whose brand version is created first (the person's checkboxes). */
  newLangs: number[];
  langName: (langId: number) => string;
  onSheet: (stage: SheetStage) => void;
  /** The rows planned again on the brand's episodes as the sheet left them. */
  onPlanned: (plans: Map<string, RowPlan>) => void;
  onRow: (key: string, progress: RowProgress) => void;
  signal: AbortSignal;
}

const placeKey = (season: number, episode: number, langId: number) => `${season}:${episode}:${langId}`;
type Chosen = { row: IntakeFile; plan: UploadPlan };

/**
 * The one click of a delivery (decision 076). The sheet's texts are written first, in one transaction that creates
 * the episodes and language versions it names as drafts with their titles; then the brand's episodes are read again
 * and every file planned anew on them, so the masters, subtitles and thumbnails land in the versions the sheet made
 * instead of making their own. A sheet refused stops the delivery there: no file is sent. Then every file goes at
 * once: masters by tus (followed to ready; one in two languages lent to the second when its audio tracks have it),
 * subtitles and thumbnails beside them, UPLOADS_AT_ONCE at a time. A file that fails fails alone; its row says why and
 * what was made for it. Answers false when the sheet was refused.
 */
export async function runDelivery(run: DeliveryRun): Promise<boolean> {
  const { brand, rows, langName, onRow, signal } = run;
  if (run.sheet) {
    run.onSheet({ stage: 'writing' });
    try {
      run.onSheet({ stage: 'written', answer: await importSheet(run.sheet, brand.id, false) });
    } catch (err) {
      run.onSheet({ stage: 'failed', sentence: errorMessage(err) });
      return false;
    }
  }
  const episodes = indexEpisodes(wholeList(await send(api.content.list, { body: { brand_id: brand.id } })));
  const plans = planOf(rows, episodes, run.brandLangs, new Set(run.newLangs));
  run.onPlanned(plans);
  const chosen: Chosen[] = rows.flatMap((row) => {
    const plan = plans.get(row.key);
    return plan?.kind === 'upload' ? [{ row, plan }] : [];
  });
  const makers = versionMakers(brand, run.newLangs, titlesOf(chosen));
  const masters = chosen.flatMap(({ row, plan }) => (row.kind === 'video' && inVersion(plan) ? [{ row, plan }] : []));
  // Versions that get a video of their own in this delivery, or have one: a two-language master is not lent there.
  const ownVideo = new Set(masters.map(({ plan }) => placeKey(plan.season, plan.episode, plan.langId)));
  for (const e of episodes.values())
    for (const l of e.langs) if (l.has_video) ownVideo.add(placeKey(e.season, e.sort_number, l.lang_id));
  const lendable = new Set([...run.brandLangs, ...run.newLangs]);

  const lending = lendings({ makers, langName, ownVideo, lendable });
  const slot = limiter(UPLOADS_AT_ONCE);
  const small = chosen.filter(({ row }) => row.kind !== 'video');
  await Promise.all([
    runIntake({ rows: masters, makers, langName, onRow, more: lending, signal }),
    ...small.map((c) =>
      slot(() => attachSmall(c, { makers, langs: langsOf(c.plan, chosen), langName, onRow, signal })),
    ),
  ]);
  return true;
}

/**
 * A master whose name says several languages (`_EN_ES`) is attached to the first and lent at once to the others
 * (`video_from_lang_id`, decision 068), so the versions are whole even if the page is closed before processing ends
 * (until then, and after it without the language's track or subtitles, readiness counts that version as having no
 * video). Once ready, its audio tracks decide: a language it has no track in is not lent after all.
 */
function lendings({
  makers,
  langName,
  ownVideo,
  lendable,
}: {
  makers: VersionMakers;
  langName: (id: number) => string;
  /** Versions with a video of their own, or getting one in this delivery: never lent another. */
  ownVideo: Set<string>;
  /** Languages the brand has, or gets in this delivery. */
  lendable: Set<number>;
}) {
  const lent = new Map<string, { langId: number; id: number }[]>();
  const skipped = new Map<string, string[]>();
  return {
    attached: async (row: IntakeFile, plan: VersionPlan, item: Content, done: string[]) => {
      const notes: string[] = [];
      const to: { langId: number; id: number }[] = [];
      for (const langId of row.langIds.filter((id) => id !== plan.langId)) {
        const name = langName(langId);
        if (ownVideo.has(placeKey(plan.season, plan.episode, langId))) notes.push(`${name} has a video of its own`);
        else if (!lendable.has(langId)) notes.push(`Not in ${name}: the brand has no ${name} version`);
        else {
          const id = await makers.version(item, langId);
          await send(api.content.langUpdate, { body: { id, video_from_lang_id: plan.langId } });
          to.push({ langId, id });
          done.push(`lent to ${name}`);
        }
      }
      lent.set(row.key, to);
      skipped.set(row.key, notes);
    },
    ready: async (row: IntakeFile, file: VideoFile) => {
      const notes = [...(skipped.get(row.key) ?? [])];
      for (const { langId, id } of lent.get(row.key) ?? []) {
        const name = langName(langId);
        if (file.audio_tracks.some((t) => t.lang_id === langId)) notes.push(`Also ${name}, by its audio track`);
        else {
          await send(api.content.langUpdate, { body: { id, video_from_lang_id: null } });
          notes.push(`Not in ${name}: the video has no ${name} audio track`);
        }
      }
      return notes.length ? notes.join(' · ') : null;
    },
  };
}

/** The title a version gets when a file creates it: its master's (the name's guess, as edited), else any file's. */
function titlesOf(chosen: Chosen[]) {
  const titles = new Map<string, string>();
  for (const { row, plan } of [...chosen].sort(
    (a, b) => Number(b.row.kind === 'video') - Number(a.row.kind === 'video'),
  ))
    if (plan.langId !== null && row.title) {
      const k = placeKey(plan.season, plan.episode, plan.langId);
      if (!titles.has(k)) titles.set(k, row.title);
    }
  return (season: number, episode: number, langId: number) => titles.get(placeKey(season, episode, langId)) ?? '';
}

/** The languages a thumbnail goes to: its own, or (naming none) every version its episode has or gets here. */
function langsOf(plan: UploadPlan, chosen: Chosen[]): number[] {
  if (plan.langId !== null) return [plan.langId];
  const langs = new Set(plan.existing?.langs.map((l) => l.lang_id));
  for (const c of chosen)
    if (c.plan.season === plan.season && c.plan.episode === plan.episode && c.plan.langId !== null)
      langs.add(c.plan.langId);
  return [...langs].sort((a, b) => a - b);
}

/** A subtitles file or a thumbnail: into its episode's version (created when missing), or versions. */
async function attachSmall(
  { row, plan }: Chosen,
  on: {
    makers: VersionMakers;
    langs: number[];
    langName: (id: number) => string;
    onRow: DeliveryRun['onRow'];
    signal: AbortSignal;
  },
) {
  const done: string[] = [];
  const progress = {
    onProgress: (percent: number) => on.onRow(row.key, { stage: 'uploading', percent, retrying: false }),
  };
  on.onRow(row.key, { stage: 'uploading', percent: 0, retrying: false });
  try {
    if (on.signal.aborted) throw new DOMException('Upload stopped', 'AbortError');
    const item = await on.makers.episode(plan);
    if (row.kind === 'thumbnail') {
      const url = await uploadImage(row.file, 'cloudflare', { ...progress, signal: on.signal });
      done.push('uploaded');
      on.onRow(row.key, { stage: 'attaching' });
      if (on.langs.length === 0) throw new Error('The episode has no language version to show it');
      for (const langId of on.langs) {
        const id = await on.makers.version(item, langId);
        await send(api.content.langUpdate, { body: { id, thumbnail_url: url } });
        done.push(`set in ${on.langName(langId)}`);
      }
      on.onRow(row.key, {
        stage: 'ready',
        note: plan.langId === null ? `In ${on.langs.map(on.langName).join(', ')}` : null,
      });
    } else if (plan.langId !== null) {
      const id = await on.makers.version(item, plan.langId);
      await uploadSubtitles(row.file, id, row.kind === 'captions' ? 'captions' : 'subtitles', {
        ...progress,
        signal: on.signal,
      });
      on.onRow(row.key, { stage: 'ready', note: null });
    }
  } catch (err) {
    const stopped = (err as Error).name === 'AbortError';
    const sentence = stopped ? 'Stopped' : err instanceof Error && !('status' in err) ? err.message : errorMessage(err);
    on.onRow(row.key, { stage: 'failed', sentence, done });
  }
}
