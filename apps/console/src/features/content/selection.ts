import { useState } from 'react';

/** What one bulk change sets (api.md "Studio delivery", `content/bulk_update`). */
export type BulkChange = 'publish' | 'unpublish' | 'season' | 'availability';

/** "1 episode", "40 episodes". */
export const episodes = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'episode' : 'episodes'}`;

/** The confirmation of a bulk change: its title says how many, its button what it does. */
export function bulkQuestion(change: BulkChange, n: number): { title: string; confirm: string; message: string } {
  switch (change) {
    case 'publish':
      return {
        title: `Publish ${episodes(n)}?`,
        confirm: 'Publish',
        message: 'The apps show them from the next catalogue build, in every language where they are ready.',
      };
    case 'unpublish':
      return {
        title: `Unpublish ${episodes(n)}?`,
        confirm: 'Unpublish',
        message: 'The apps leave them out from the next catalogue build.',
      };
    case 'season':
      return {
        title: `Set the season of ${episodes(n)}`,
        confirm: 'Set season',
        message: 'Each keeps its number, now within the season chosen.',
      };
    case 'availability':
      return {
        title: `Set the availability of ${episodes(n)}`,
        confirm: 'Set availability',
        message: 'Both moments are set on each of them; an empty one means no limit.',
      };
  }
}

/** Whether a page's rows are all selected, some, or none: the header checkbox's state. */
export function pageState(selected: ReadonlySet<number>, pageIds: number[]): 'all' | 'some' | 'none' {
  const on = pageIds.filter((id) => selected.has(id)).length;
  if (on === 0) return 'none';
  return on === pageIds.length ? 'all' : 'some';
}

/** The header checkbox: a page wholly selected is unselected, otherwise all of its rows are selected. */
export function togglePage(selected: ReadonlySet<number>, pageIds: number[]): Set<number> {
  const next = new Set(selected);
  if (pageState(selected, pageIds) === 'all') for (const id of pageIds) next.delete(id);
  else for (const id of pageIds) next.add(id);
  return next;
}

export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

export interface ContentSelection {
  ids: ReadonlySet<number>;
  /** The ids are every item matching the list's filter, as the server gave them ("Select all N matching"). */
  allMatching: boolean;
  setPage: (pageIds: number[]) => void;
  toggle: (id: number) => void;
  selectAll: (ids: number[]) => void;
  clear: () => void;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The rows selected for a bulk change. Kept across pages and sorting (a selection may span pages), cleared when what
 * the list holds changes (another brand, season or search): the rows selected would no longer be the ones shown.
 */
export function useContentSelection(listedKey: string): ContentSelection {
  const [state, setState] = useState({ key: listedKey, ids: NONE, allMatching: false });
  const current = state.key === listedKey ? state : { key: listedKey, ids: NONE, allMatching: false };
  const set = (ids: ReadonlySet<number>, allMatching = false) => setState({ key: listedKey, ids, allMatching });
  return {
    ids: current.ids,
    allMatching: current.allMatching,
    setPage: (pageIds) => set(togglePage(current.ids, pageIds)),
    toggle: (id) => set(toggleOne(current.ids, id)),
    selectAll: (ids) => set(new Set(ids), true),
    clear: () => set(NONE),
  };
}
