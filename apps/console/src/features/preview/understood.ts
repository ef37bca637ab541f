import type { CatalogueItem } from '@kids-vod/contract';

/**
 * Whether a child of the catalogue's language neither hears nor reads the episode: its video's audio tracks are all
 * in other languages and it has no subtitles in this one (issue 31). Tracks of no known language say nothing.
 */
export function notUnderstood(item: CatalogueItem, lang: string): boolean {
  const audio = item.video.audio ?? [];
  return audio.length > 0 && !audio.includes(lang) && !(item.video.subtitles ?? []).includes(lang);
}
