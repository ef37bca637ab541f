import type { Language, LocaleEntry } from '@kids-vod/contract';
import { DEFAULT_LANG_ID } from '@kids-vod/contract/client';

/** A translation is missing when the language has no text for the key; an empty text is a deliberate one. */
export const isMissing = (entry: LocaleEntry, langId: number) => !Object.hasOwn(entry.values, String(langId));

/** Without a choice in the URL: English, and every language that has at least one string. */
export function defaultColumns(languages: Language[], entries: LocaleEntry[]): Language[] {
  const translated = new Set<string>();
  for (const entry of entries) for (const id of Object.keys(entry.values)) translated.add(id);
  return languages.filter((l) => l.id === DEFAULT_LANG_ID || translated.has(String(l.id)));
}

/** The columns shown: the languages named in the URL (`langs=en,ru`), in the languages' order, else the default. */
export function visibleColumns(languages: Language[], entries: LocaleEntry[], chosen: string): Language[] {
  const codes = new Set(chosen.split(',').filter(Boolean));
  const picked = languages.filter((l) => codes.has(l.code));
  return picked.length > 0 ? picked : defaultColumns(languages, entries);
}

/** How many keys each language lacks, over every key (not only the ones the filters show). */
export function missingCounts(entries: LocaleEntry[], columns: Language[]): Map<number, number> {
  const counts = new Map(columns.map((l) => [l.id, 0]));
  for (const entry of entries) {
    for (const l of columns) if (isMissing(entry, l.id)) counts.set(l.id, (counts.get(l.id) ?? 0) + 1);
  }
  return counts;
}

export interface GridFilter {
  search: string;
  onlyMissing: boolean;
  columns: Language[];
  /** Keys translated while "Only missing" is on stay until the filter changes, so the row being worked on stays put. */
  kept: ReadonlySet<string>;
}

/** Keys whose name or any of whose texts contains the search, and (when asked) that miss a shown language. */
export function filterEntries(
  entries: LocaleEntry[],
  { search, onlyMissing, columns, kept }: GridFilter,
): LocaleEntry[] {
  const needle = search.trim().toLowerCase();
  return entries.filter((entry) => {
    if (onlyMissing && !kept.has(entry.key) && !columns.some((l) => isMissing(entry, l.id))) return false;
    if (!needle) return true;
    if (entry.key.toLowerCase().includes(needle)) return true;
    return Object.values(entry.values).some((text) => text.toLowerCase().includes(needle));
  });
}
