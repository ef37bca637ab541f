/** Why the catalogue leaves an item out: the rules, one function a kind of item (see the comment below). */
import {
  type DatedRule,
  type HiddenItem,
  type HiddenReason,
  nextEdgeMs,
  sortedWhere,
  type VideoStatus,
  type WhereToWatch,
  type WhereToWatchFrom,
  type WindowState,
  whereToWatch,
  whereToWatchLater,
  windowState,
} from '@kids-vod/contract';

/*
 * The rules of what the catalogue shows (docs/catalog-format.md) are written once, here, as functions answering
 * why an item is NOT shown (no reason: it is shown). The published file, the preview and the list of what a build
 * left out all come from one pass of buildCatalogue over every row, so they cannot disagree. Each pass shows the
 * catalogue at one moment, `at` (decision 030).
 */

/** When an item may be shown: from inclusive, until exclusive, null for no limit (api.md "Availability in time"). */
export interface Window {
  available_from: string | null;
  available_until: string | null;
}

export const TIME_REASONS: Record<Exclude<WindowState, 'open'>, HiddenReason> = {
  before: 'not_yet_available',
  after: 'no_longer_available',
};

/** The reason of a window (or a licence) that is not open at `at`, if any. */
export const timeReason = (state: WindowState): HiddenReason[] => (state === 'open' ? [] : [TIME_REASONS[state]]);

export const windowReasons = (w: Window, at: number) =>
  timeReason(windowState(w.available_from, w.available_until, at));

export interface BrandState extends Window {
  id: number;
  deleted_at: string | null;
  is_published: boolean;
  version_id: number | null;
  version_published: boolean | null;
}

/**
 * `licence`: whether the brand's include rules license it anywhere at `at` (contract, licenceAt). `playable`: how
 * many episodes a child could watch in it (playableCounts); a brand with none is a dead end (decision 064).
 */
export function brandReasons(b: BrandState, at: number, licence: WindowState, playable: number): HiddenReason[] {
  const reasons = brandOwnReasons(b, at, licence);
  // Without a version (or in the bin) it has nothing in the language by definition: that reason says it all.
  if (playable > 0 || reasons[0] === 'deleted' || b.version_id === null) return reasons;
  return [...reasons, 'no_playable_content'];
}

/** The brand's reasons of its own, before what it holds is counted: whether its episodes could be listed at all. */
export function brandOwnReasons(b: BrandState, at: number, licence: WindowState): HiddenReason[] {
  if (b.deleted_at !== null) return ['deleted'];
  const reasons: HiddenReason[] = [];
  if (!b.is_published) reasons.push('unpublished');
  // A version in the bin is no version: it is restored from the bin, or a new one is written.
  if (b.version_id === null) reasons.push('no_version');
  else if (!b.version_published) reasons.push('version_unpublished');
  // Its own window first: a brand outside it is not shown whatever its licences say.
  const window = windowReasons(b, at);
  return [...reasons, ...(window.length > 0 ? window : timeReason(licence))];
}

export interface ContentState extends Window {
  deleted_at: string | null;
  is_published: boolean;
  version_id: number | null;
  version_published: boolean | null;
  video_id: number | null;
  /** Where the attached video stands (null without one): only a `ready` one has a ladder to play. */
  video_status: VideoStatus | null;
}

export interface ContentStateRow extends ContentState {
  id: number;
  brand_id: number;
  season: number;
  sort_number: number;
  title: string | null;
}

/** An episode of a brand not shown (for any reason, its time included) has `brand_unpublished`, as before dates. */
export function contentReasons(c: ContentState, brandShown: boolean, at: number): HiddenReason[] {
  if (c.deleted_at !== null) return ['deleted'];
  const reasons: HiddenReason[] = [];
  if (!brandShown) reasons.push('brand_unpublished');
  if (!c.is_published) reasons.push('unpublished');
  if (c.version_id === null) reasons.push('no_version');
  else {
    if (!c.version_published) reasons.push('version_unpublished');
    // Left out rather than listed with `video: null`: a tile that cannot play is a dead end for a child.
    if (c.video_id === null) reasons.push('no_video');
    else if (c.video_status !== 'ready') reasons.push(videoReason(c.video_status));
  }
  return [...reasons, ...windowReasons(c, at)];
}

/**
 * An attached video that is not ready yet has no HLS ladder, and its master is never served (decision 061): the
 * version waits (`video_processing`) or needs a person (`video_failed`: Retry, or another file).
 */
export const videoReason = (status: VideoStatus | null): HiddenReason =>
  status === 'failed' ? 'video_failed' : 'video_processing';

/**
 * What a child could watch in each brand of a language: its own episodes with no reason of their own (published,
 * version published, video ready, window open), whether or not the brand is published yet, so readiness can say
 * a brand is ready before it goes out; and, for a compilation, its links to such episodes of brands that could be
 * shown (a compilation of watchable episodes is watchable; decision 064). `brandMayShow`: the brand has no
 * reason of its own (brandOwnReasons) to be left out.
 */
export function playableCounts(
  states: (ContentState & { id: number; brand_id: number })[],
  links: { brand_id: number; content_id: number }[],
  brandMayShow: (id: number) => boolean,
  at: number,
): { playable: Map<number, number>; watchable: Set<number> } {
  const playable = new Map<number, number>();
  const watchable = new Set<number>();
  const count = (brandId: number) => playable.set(brandId, (playable.get(brandId) ?? 0) + 1);
  const brandOf = new Map<number, number>();
  for (const c of states) {
    if (contentReasons(c, true, at).length > 0) continue;
    count(c.brand_id);
    brandOf.set(c.id, c.brand_id);
    watchable.add(c.id);
  }
  for (const link of links) {
    const owner = brandOf.get(link.content_id);
    // The episode's own brand is shown only when it is allowed to be (its playable count is then at least this one).
    if (owner !== undefined && brandMayShow(owner)) count(link.brand_id);
  }
  return { playable, watchable };
}

/** A link is shown when its compilation is and the episode it points at is listed (no dangling references). */
export function linkReasons(compilationShown: boolean, targetListed: boolean): HiddenReason[] {
  const reasons: HiddenReason[] = [];
  if (!compilationShown) reasons.push('brand_unpublished');
  if (!targetListed) reasons.push('target_hidden');
  return reasons;
}

export interface PromoState extends Window {
  deleted_at: string | null;
  is_active: boolean;
  lang_id: number | null;
  brand_id: number | null;
  content_id: number | null;
}

/** A banner opening a brand or content the app does not have would lead nowhere: it is left out. */
export function promoReasons(
  p: PromoState,
  langId: number,
  at: number,
  brandShown: (id: number) => boolean,
  listed: Set<number>,
) {
  if (p.deleted_at !== null) return ['deleted'] as HiddenReason[];
  const reasons: HiddenReason[] = [];
  if (!p.is_active) reasons.push('unpublished');
  if (p.lang_id !== null && p.lang_id !== langId) reasons.push('no_version');
  reasons.push(...windowReasons(p, at));
  if ((p.brand_id !== null && !brandShown(p.brand_id)) || (p.content_id !== null && !listed.has(p.content_id))) {
    reasons.push('target_hidden');
  }
  return reasons;
}

export interface StreamState extends Window {
  deleted_at: string | null;
  is_active: boolean;
  lang_id: number;
}

export function streamReasons(s: StreamState, langId: number, at: number) {
  if (s.deleted_at !== null) return ['deleted'] as HiddenReason[];
  const reasons: HiddenReason[] = [];
  if (!s.is_active) reasons.push('unpublished');
  if (s.lang_id !== langId) reasons.push('no_version');
  return [...reasons, ...windowReasons(s, at)];
}

/** `available_until` on an item the file lists, only when it closes: a field absent is no limit (diff-friendly). */
export const closing = (until: string | null) => (until === null ? {} : { available_until: until });

/**
 * The earliest moment after `at` at which the catalogue may change: the next edge of any item whose only reasons
 * not to be shown, if any, are its time (so the edge can show or hide it), and of those brands' country rules.
 * Erring early only costs an app a download of the same file; late would keep an item past its end.
 */
export function nextChange(at: number) {
  let next = Number.POSITIVE_INFINITY;
  const consider = (ms: number | null | undefined) => {
    if (ms != null && ms > at && ms < next) next = ms;
  };
  return {
    consider,
    /** Records the window's next edge when the item's `reasons` (those that depend on it alone) are all of time. */
    track(w: Window, reasons: HiddenReason[], eligible = true): HiddenReason[] {
      if (eligible && reasons.every(isTimeReason)) consider(nextEdgeMs(w.available_from, w.available_until, at));
      return reasons;
    },
    answer: () => (next === Number.POSITIVE_INFINITY ? null : new Date(next).toISOString()),
  };
}

export const isTimeReason = (r: HiddenReason) => r === 'not_yet_available' || r === 'no_longer_available';

/** Hands each row with no reason to `shown`, and answers the others as hidden items, in the rows' order. */
export function sortOut<T>(
  rows: T[],
  reasonsOf: (row: T) => HiddenReason[],
  shown: (row: T) => void,
  hidden: (row: T, reasons: HiddenReason[]) => HiddenItem,
): HiddenItem[] {
  const out: HiddenItem[] = [];
  for (const row of rows) {
    const reasons = reasonsOf(row);
    if (reasons.length === 0) shown(row);
    else out.push(hidden(row, reasons));
  }
  return out;
}

export function rulesByBrand<R extends DatedRule & { brand_id: number }>(rules: R[]): Map<number, R[]> {
  const rulesOf = new Map<number, R[]>();
  for (const rule of rules) {
    const own = rulesOf.get(rule.brand_id);
    if (own) own.push(rule);
    else rulesOf.set(rule.brand_id, [rule]);
  }
  return rulesOf;
}

/**
 * A brand's rules fold into one include list and one exclude list at `at` (whereToWatch, the contract's one answer
 * to where a brand may be watched), so apps need no loop over rules; and into the folds that replace it later as
 * rules start and end, up to the brand's own end (whereToWatchLater), so an app that keeps the file still follows
 * them. Sorted, so unchanged rules always read the same.
 */
export function whereToWatchFrom(
  rules: DatedRule[],
  at: number,
  until: string | null,
): { countries: WhereToWatch; countries_later?: WhereToWatchFrom[] } {
  const countries = sortedWhere(whereToWatch(rules, at));
  const later = whereToWatchLater(rules, at, until);
  return later.length === 0 ? { countries } : { countries, countries_later: later };
}
