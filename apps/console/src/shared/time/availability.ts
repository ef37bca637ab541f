/**
 * An item's availability in time (api.md "Availability in time") in words: "Starts in 5 days", "Live in GB, IE until
 * 30/11/2028", "Ended 3 days ago". Written once for the edit modals, the country rules and the lists' badges; pure
 * and small (Intl only, no date library), since the brands list is part of the first load. Where a moment falls
 * against a window is the contract's windowState, the catalogue's own rule: the words never disagree with the file.
 */
import { windowState } from '@kids-vod/contract/client';

/** A window: from inclusive, until exclusive; null is no limit. */
export interface TimeWindow {
  from: string | null;
  until: string | null;
}

/** An item's own window from its fields, as the contract names them. */
export const itemWindow = (item: { available_from?: string | null; available_until?: string | null }): TimeWindow => ({
  from: item.available_from ?? null,
  until: item.available_until ?? null,
});

/** A country rule's window. */
export const ruleWindow = (rule: { starts_at?: string | null; ends_at?: string | null }): TimeWindow => ({
  from: rule.starts_at ?? null,
  until: rule.ends_at ?? null,
});

/** The staff member's own time zone, as the browser knows it ("Europe/London"). */
export const ownTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A moment as the console shows dates (en-GB) in a time zone, with the time even at midnight (a bare date reads as
 * "through that day", while a window ends at its first minute) and the zone named: "30/11/2028 00:00 GMT".
 */
export function formatInZone(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}/${part('month')}/${part('year')}`;
  return `${day} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How far a moment is from now in words: "in 5 days", "3 days ago", "tomorrow", "in 2 hours". */
export function relativeTo(iso: string, now: Date): string {
  const diff = Date.parse(iso) - now.getTime();
  const words = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    // The largest unit of which there is at least one whole (days from 24 hours on, and so on).
    if (Math.abs(diff) >= ms) return words.format(Math.trunc(diff / ms), unit);
  }
  return diff >= 0 ? 'in less than a minute' : 'less than a minute ago';
}

export interface WindowWordsOptions {
  now: Date;
  /** The zone dates are shown in; the staff member's own when not given. */
  timeZone?: string;
  /** What is said while the window is open: "Live in GB, IE" gives "Live in GB, IE until …"; else "Available". */
  live?: string;
}

/**
 * The state of a window in words: "Available", "Available until 30/11/2028", "Live in GB, IE until 30/11/2028",
 * "Starts in 5 days (01/12/2026)", "Ended 3 days ago (23/11/2026)".
 */
export function windowWords(
  window: TimeWindow,
  { now, timeZone = ownTimeZone(), live = 'Available' }: WindowWordsOptions,
) {
  const on = (iso: string) => formatInZone(iso, timeZone);
  switch (windowState(window.from, window.until, now)) {
    case 'after':
      return `Ended ${relativeTo(window.until as string, now)} (${on(window.until as string)})`;
    case 'before': {
      const from = window.from as string;
      const until = window.until ? `, until ${on(window.until)}` : '';
      return `Starts ${relativeTo(from, now)} (${on(from)}${until})`;
    }
    default:
      return window.until ? `${live} until ${on(window.until)}` : live;
  }
}

/**
 * What a list's badge says of an item that is not available now for its window ("Scheduled", "Expired"), and its
 * accessible name with the moment; null for an item inside its window (no badge).
 */
export function windowBadge(window: TimeWindow, now: Date): { text: string; label: string } | null {
  const state = windowState(window.from, window.until, now);
  if (state === 'open') return null;
  const words = windowWords(window, { now });
  return state === 'before'
    ? { text: 'Scheduled', label: `Scheduled: ${words}` }
    : { text: 'Expired', label: `Expired: ${words}` };
}
