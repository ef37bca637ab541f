import { z } from 'zod';
import type { HttpMethod } from './addresses.ts';
import { MAX_SEARCH_LENGTH } from './constants.ts';
import { SORT_DIRECTIONS } from './sorting.ts';

/** Every non-2xx answer has this shape; validation failures add `errors`. */
export const ApiError = z.object({
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  request_id: z.string().optional(),
  /** Sign-in: the password was right, a two-factor code (or a recovery code) is needed too. */
  totp_required: z.literal(true).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/**
 * Limits that a schema does not word itself are said the way a form says them ("At most 200 characters"), not in
 * zod's words ("Too big: expected string to have <=200 characters"). Set once for zod, so the console's field
 * messages and the server's `errors` read the same.
 */
const amount = (n: number | bigint) => Number(n).toLocaleString('en-GB');
z.config({
  customError: (issue) => {
    // A number typed as 1.5 or left unfinished is refused in words, never rounded or clamped into something else.
    if (issue.code === 'invalid_type' && (issue.expected === 'int' || issue.expected === 'number')) {
      return Number.isFinite(issue.input) || issue.expected === 'int' ? 'Enter a whole number' : 'Enter a number';
    }
    if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
    const big = issue.code === 'too_big';
    const limit = amount(big ? issue.maximum : issue.minimum);
    const bound = (unit: string) => `${big ? 'At most' : 'At least'} ${limit}${unit}`;
    switch (issue.origin) {
      case 'string':
        return !big && Number(issue.minimum) === 1 ? 'Enter a value' : bound(' characters');
      case 'array':
        return bound(' items');
      case 'number':
      case 'int':
        return issue.inclusive === false ? `${big ? 'Less' : 'More'} than ${limit}` : bound('');
      default:
        return undefined;
    }
  },
});

export const Id = z.int().positive().max(2_147_483_647);
/**
 * Years 1 to 9999 of the calendar, in UTC: what a date is written with four digits in, and what the database's
 * timestamps read back (issue 28, L1: `0001-01-01T00:00:00+14:00` is in the year 0 and answered 500).
 */
export const inCalendar = (v: string) => {
  const year = new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getUTCFullYear();
  return year >= 1 && year <= 9999;
};
export const CALENDAR_YEARS = 'Must be in the years 1 to 9999';
export const Timestamp = z.iso.datetime({ offset: true }).refine(inCalendar, CALENDAR_YEARS);
export const CalendarDate = z.iso.date().refine(inCalendar, CALENDAR_YEARS);
export const Ok = z.object({ ok: z.literal(true) });

/** A moment an item's availability opens or closes: ISO 8601 (answered in UTC), or null for no limit. */
export const Moment = Timestamp.nullable();
/**
 * When an item may be shown (api.md "Availability in time"): from inclusive, until exclusive, null for no limit.
 * Until before or at from is refused with 400 by the server (which sees the stored half of a pair on update).
 */
export const availability = { available_from: Moment, available_until: Moment };
export const availabilityInput = { available_from: Moment.optional(), available_until: Moment.optional() };

/** "HTTPS://…" is a valid address, but the catalogue's format (and many apps) expect the scheme in lower case. */
export const lowerCaseScheme = (url: string) => url.replace(/^https?:/i, (scheme) => scheme.toLowerCase());

/** A path of this server's media folder: `/media/` and names of letters, digits, `_`, `-` and inner dots. */
const MEDIA_PATH = /^\/media(\/[\w-]+(\.[\w-]+)*)+$/;

/**
 * Whether `v` is an absolute http(s) URL whose path is not the API's: not `/api/` however spelt (the server's
 * router decodes `%61pi` to `api`; browsers resolve `..` and read `\` as `/`). A media field is loaded by every
 * browser that shows it, with its cookies: an address of a call would be called by each of them.
 */
function isMediaAddress(v: string): boolean {
  const url = /^https?:\/\/[^/?#\\\s]+([^?#]*)/i.exec(v);
  if (!url || v.includes('\\')) return false;
  let path: string;
  try {
    path = decodeURIComponent(url[1]);
  } catch {
    return false;
  }
  return !/^\/+api(\/|$)/i.test(path) && !/(^|\/)\.\.?(\/|$)/.test(path);
}

/**
 * Absolute http(s) URL (S3, a CDN) or a path in this server's media folder (`/media/images/…`): never another
 * path of this server, such as `/api/auth/logout/`, which a logo would call for everyone who opens the screen.
 */
export const MediaUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => v === '' || MEDIA_PATH.test(v) || isMediaAddress(v),
    'Must be an http(s) URL or a /media/ path of this server',
  )
  .transform(lowerCaseScheme);

/** An app language's code ("fr", "pt-br"), as it names the language's catalogue. */
export const LanguageCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'A language code like "fr" or "pt-br"');

export const HexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #rrggbb')
  .transform((v) => v.toLowerCase());

/** `updated_at` sent back on update: a stale one is refused with 409. */
export const UpdatedAtGuard = { updated_at: Timestamp.optional() };

export const IdBody = z.object({ id: Id });

/**
 * One call of the API: written once (its method and path in addresses.ts), used by the server to register and
 * validate, by the console to send.
 */
export interface Call<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** Calls open without a session (login, view ingestion). */
  public?: boolean;
  /**
   * A POST that changes nothing (a list, a report). Every other signed-in POST is a change: the server runs it
   * in one transaction and the audit log records what it changed. GET calls never change anything.
   */
  read?: true;
}

export function call<
  R extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(def: Call<B, Q, P, R>): Call<B, Q, P, R> {
  return def;
}

/** Ascending unless `desc`: every list sorted on the server. */
export const SortDir = z.enum(SORT_DIRECTIONS);

/** What a list is searched for: matched as typed, literally (`%` and `_` included). */
export const ListSearch = z.string().trim().max(MAX_SEARCH_LENGTH);

/**
 * The optional fields of a list the server searches and pages beyond the spec's payload (decision 033): `search`
 * matched as typed (up to MAX_SEARCH_LENGTH characters), and with `limit` the answer is a page (`{rows, count, …}`),
 * not the spec's array. Each list adds its own `sort`.
 */
export const listPaging = {
  search: ListSearch.optional(),
  dir: SortDir.optional(),
  offset: z.int().min(0).max(1_000_000).optional(),
  limit: z.int().min(1).max(100).optional(),
};
