import type { Content, VideoFile } from '@kids-vod/contract';
import { DEFAULT_LANG_ID } from '@kids-vod/contract/client';
import { formatDuration } from '@kids-vod/contract/format';
import { formatMoment } from '../../shared/time/index.ts';

/** "S1E3": how staff name an episode. */
export function episodeCode(item: Pick<Content, 'season' | 'sort_number'>): string {
  return `S${item.season}E${item.sort_number}`;
}

/** The title in language 1 (the list's and the links' language), or '' when there is none yet. */
export function defaultTitle(item: Pick<Content, 'langs'>): string {
  return item.langs.find((l) => l.lang_id === DEFAULT_LANG_ID)?.title ?? '';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

/**
 * An uploaded video as the picker offers it: the same file uploaded twice has the same name, size and duration, so
 * when it was uploaded and its number tell the two apart.
 */
export function videoFileLabel(
  f: Pick<VideoFile, 'id' | 'name' | 'size_bytes' | 'duration_sec' | 'created_at'>,
): string {
  return `${f.name} · ${formatBytes(f.size_bytes)} · ${formatDuration(f.duration_sec)} · uploaded ${formatMoment(f.created_at)} · #${f.id}`;
}
