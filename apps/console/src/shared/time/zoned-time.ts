import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Loaded with the forms that enter moments, not with every page.
dayjs.extend(utc);
dayjs.extend(timezone);

/** The wall time a datetime-local field holds: "2026-12-01T00:00". */
const WALL = 'YYYY-MM-DDTHH:mm';

/** A stored moment (UTC) as the wall time of a zone, for a datetime-local field; '' for none. */
export function wallTime(iso: string | null, timeZone: string): string {
  return iso ? dayjs(iso).tz(timeZone).format(WALL) : '';
}

/**
 * The moment a wall time of a zone is ("midnight in Paris"), in UTC as it is stored; null for an empty field. A wall
 * time that a daylight-saving change skips is taken as the moment just after the change.
 */
export function momentOf(wall: string, timeZone: string): string | null {
  if (!wall) return null;
  const moment = dayjs.tz(wall, timeZone);
  return moment.isValid() ? moment.toISOString() : null;
}

/** The same wall time read in another zone: what was entered as midnight stays midnight when the zone changes. */
export function sameWallTime(iso: string | null, from: string, to: string): string | null {
  return iso === null ? null : momentOf(wallTime(iso, from), to);
}
