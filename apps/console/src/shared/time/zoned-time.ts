import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Loaded with the forms that enter moments, not with every page.
dayjs.extend(utc);
dayjs.extend(timezone);

/** A wall time: "2026-12-01T00:00". */
const WALL = 'YYYY-MM-DDTHH:mm';

/** How a moment field shows and takes a wall time, en-GB in every browser language: "01/12/2026 00:00". */
export const TYPED_WALL_TIME = 'DD/MM/YYYY HH:mm';

const TYPED = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ ,T]+(\d{1,2}):(\d{2}))?\s*$/;

/**
 * A wall time typed en-GB ("01/12/2026 18:30", or a date alone: midnight) as "2026-12-01 18:30:00"; null when it is
 * not one (31/02, 24:00, the US order's 12/31/2026).
 */
export function typedWallTime(text: string): string | null {
  const parts = TYPED.exec(text);
  if (!parts) return null;
  const [day, month, year, hour, minute] = parts.slice(1).map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:00`;
}

/** A stored moment (UTC) as the wall time of a zone; '' for none. */
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
