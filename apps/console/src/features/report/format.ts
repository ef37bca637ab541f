import dayjs from 'dayjs';

/** Calendar dates travel as yyyy-MM-dd (the request format and the URL's). */
export const ISO_DATE = 'YYYY-MM-DD';

/** How many days before today the default range starts (product spec: the last 3 days up to today). */
export const DEFAULT_RANGE_DAYS = 3;

export interface DateRange {
  from: string;
  to: string;
}

export function defaultRange(today = dayjs()): DateRange {
  return { from: today.subtract(DEFAULT_RANGE_DAYS, 'day').format(ISO_DATE), to: today.format(ISO_DATE) };
}

/** A yyyy-MM-dd that names a real day (an edited URL may hold anything). */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(ISO_DATE) === value;
}

/** `2024-05-31` → `31.05.2024`, the date format of the download's file name. */
export const dottedDate = (isoDate: string) => dayjs(isoDate).format('DD.MM.YYYY');

export const reportFileName = ({ from, to }: DateRange) => `report_${dottedDate(from)}-${dottedDate(to)}.csv`;

/** `2024-05-31` → `31/05/2024` (en-GB). */
export const shortDate = (isoDate: string) => dayjs(isoDate).format('DD/MM/YYYY');

const minutesFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** Minutes as reported: one decimal, thousands grouped ("1,234.5"). */
export const formatMinutes = (minutes: number) => minutesFormat.format(minutes);

/** Every day from `from` to `to`, both included. */
export function daysOf({ from, to }: DateRange): string[] {
  const days: string[] = [];
  const last = dayjs(to);
  for (let d = dayjs(from); !d.isAfter(last, 'day'); d = d.add(1, 'day')) days.push(d.format(ISO_DATE));
  return days;
}
