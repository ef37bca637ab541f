/**
 * Availability in time (api.md, "Availability in time"), written once for the catalogue, the console and the tests:
 * a window is open from `from` (inclusive) to `until` (exclusive); null or absent is no limit on that side. Moments
 * are compared as instants (milliseconds since the epoch), never as text: "2027-03-28T00:00:00+01:00" and
 * "2027-03-27T23:00:00.000Z" are one moment.
 */

/** A moment as the contract carries it (ISO 8601 text), a Date, or milliseconds since the epoch. */
export type Instant = string | number | Date;

export const instantMs = (at: Instant): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/** Where `at` lies against a window: before it opens, inside it, or at or after its close. */
export type WindowState = 'before' | 'open' | 'after';

export function windowState(
  from: string | null | undefined,
  until: string | null | undefined,
  at: Instant = Date.now(),
): WindowState {
  const ms = instantMs(at);
  if (from != null && ms < Date.parse(from)) return 'before';
  if (until != null && ms >= Date.parse(until)) return 'after';
  return 'open';
}

/** The earliest of the window's ends strictly after `at`, in ms, or null: when its state next changes. */
export function nextEdgeMs(
  from: string | null | undefined,
  until: string | null | undefined,
  at: Instant,
): number | null {
  const ms = instantMs(at);
  for (const edge of [from, until]) {
    if (edge == null) continue;
    const edgeMs = Date.parse(edge);
    if (edgeMs > ms) return edgeMs;
  }
  return null;
}
