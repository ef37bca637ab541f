import { z } from 'zod';
import { addresses } from './addresses.ts';
import { CALENDAR_YEARS, call, Id, inCalendar } from './common.ts';

/** Longest report range, in days (both ends included): three years, a leap day among them. */
export const MAX_REPORT_DAYS = 3 * 365 + 1;

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (UTC calendar dates). */
export const reportDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

// The generic "Invalid ISO date" does not tell the person what to type.
const ReportDate = z.iso.date({ error: 'Must be a date as yyyy-MM-dd' }).refine(inCalendar, CALENDAR_YEARS);

export const ReportBody = z
  .object({ date_from: ReportDate, date_to: ReportDate, csv: z.boolean().default(false) })
  .refine((b) => b.date_from <= b.date_to, { path: ['date_to'], message: 'The end date is before the start date' })
  .refine((b) => b.date_from > b.date_to || reportDays(b.date_from, b.date_to) <= MAX_REPORT_DAYS, {
    path: ['date_to'],
    message: `The range is longer than ${MAX_REPORT_DAYS} days (3 years); choose a shorter one`,
  });

export const ReportRow = z.object({
  brand_id: Id,
  brand_name: z.string(),
  content_id: Id,
  season: z.int(),
  sort_number: z.int(),
  /** The title in language 1 (English); '' when the content has no such version. */
  title: z.string(),
  minutes: z.number(),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const Report = z.object({
  date_from: ReportDate,
  date_to: ReportDate,
  total_minutes: z.number(),
  rows: z.array(ReportRow),
  by_day: z.array(z.object({ date: ReportDate, brand_id: Id, minutes: z.number() })),
});
export type Report = z.infer<typeof Report>;

/** The CSV download's columns, in order: the JSON rows' fields. */
export const REPORT_CSV_COLUMNS = [
  'brand_id',
  'brand_name',
  'content_id',
  'season',
  'sort_number',
  'title',
  'minutes',
] as const satisfies readonly (keyof ReportRow)[];

/** Most events one ingestion call takes. */
export const MAX_VIEW_EVENTS = 10_000;

/** The header player apps send the ingest key in. */
export const INGEST_KEY_HEADER = 'x-ingest-key';

// Earlier or later times are a broken device clock, and years outside this do not fit a calendar date everywhere.
const EARLIEST_TS = Date.parse('2000-01-01T00:00:00Z');
const LATEST_TS = Date.parse('2100-01-01T00:00:00Z');

export const ViewEvent = z.object({
  content_id: Id,
  lang_id: Id,
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Must be a two-letter country code')
    .transform((v) => v.toUpperCase()),
  /** Watched seconds; fractions are kept. */
  seconds: z.number().min(0).max(86_400),
  /** When the watching happened; its UTC day is the day it is counted on. */
  ts: z.iso
    .datetime({ offset: true, error: 'Must be a time as 2024-05-31T18:30:00Z (ISO 8601 with an offset)' })
    .refine((v) => {
      const t = Date.parse(v);
      return t >= EARLIEST_TS && t < LATEST_TS;
    }, 'Must be a time between 2000 and 2100'),
  /** Repeats of one id are counted once (for about 30 days, see docs/decisions/002-viewing-minutes.md). */
  event_id: z.string().min(1).max(100).optional(),
});
export type ViewEvent = z.input<typeof ViewEvent>;
export const ViewsBody = z.object({ events: z.array(ViewEvent).max(MAX_VIEW_EVENTS) });

export const ViewsResult = z.object({
  /** Events counted by this call. */
  accepted: z.int(),
  /** Events not counted because their content_id or lang_id does not exist. */
  rejected: z.int(),
  /** Events not counted because their event_id was already counted (in this call or an earlier one). */
  duplicates: z.int(),
});
export type ViewsResult = z.infer<typeof ViewsResult>;

export const reportCalls = {
  report: call({
    ...addresses.report.report,
    read: true,
    summary: 'Viewing minutes by content and by day (JSON), or the same rows as CSV',
    body: ReportBody,
    response: Report,
  }),
  views: call({
    ...addresses.report.views,
    summary: 'Player apps report watching (X-Ingest-Key header)',
    body: ViewsBody,
    response: ViewsResult,
  }),
};
