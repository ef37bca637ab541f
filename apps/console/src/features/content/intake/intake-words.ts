import type { RowProgress } from './intake-run.ts';

/** The footer's words: before confirm, what the table will do; after, how the rows stand. */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function reviewSummary(files: number, toUpload: number, newEpisodes: number): string {
  if (files === 0) return 'Names like Show_S01E03_EN.mp4, show.s1e3.es.mov or 1x03 (French) are read for you.';
  const leftOut = files - toUpload;
  return `${plural(toUpload, 'file', 'files')} to upload · ${plural(newEpisodes, 'new episode', 'new episodes')}${leftOut ? ` · ${leftOut} left out` : ''}`;
}

export function countStages(progress: Map<string, RowProgress>) {
  const counts = { waiting: 0, uploading: 0, attaching: 0, queued: 0, processing: 0, ready: 0, failed: 0 };
  for (const p of progress.values()) counts[p.stage]++;
  return counts;
}

export function progressSummary(counts: ReturnType<typeof countStages>, finished: boolean): string {
  const busy = counts.waiting + counts.uploading + counts.attaching + counts.queued + counts.processing;
  // A sheet alone: no file to count.
  if (finished && busy + counts.ready + counts.failed === 0) return 'Done';
  const parts = [`${counts.ready} ready`];
  if (busy) parts.push(`${busy} under way`);
  if (counts.failed) parts.push(`${counts.failed} failed`);
  return finished ? `Done: ${parts.join(' · ')}` : parts.join(' · ');
}

/** A file still on its way to the server (or being attached): closing the intake would stop it. */
export const isSending = (p: RowProgress) =>
  p.stage === 'waiting' || p.stage === 'uploading' || p.stage === 'attaching';

/** The one click: with a sheet, its texts are written first. */
export function startLabel(files: number, sheet: boolean): string {
  const upload = `upload ${plural(files, 'file', 'files')}`;
  if (!sheet) return `U${upload.slice(1)}`;
  return files === 0 ? 'Write the texts' : `Write the texts and ${upload}`;
}
