import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, Timestamp } from './common.ts';

/**
 * Availability in time (api.md, "Availability in time"): the edges where an item's window opens or closes or a
 * country rule starts or ends, and the automatic builds the server runs at each edge by itself.
 */

/** What an edge belongs to: the audit log's names for the entities, and the brand's country rules. */
export const SCHEDULE_ENTITIES = ['brands', 'content', 'promos', 'streams', 'country_rules'] as const;
export const ScheduleEntity = z.enum(SCHEDULE_ENTITIES);
export type ScheduleEntity = z.infer<typeof ScheduleEntity>;

/** The longest span one schedule call answers: a year and a day, so "the next year" is one call. */
export const SCHEDULE_MAX_DAYS = 366;

export const ScheduleListBody = z
  .object({ from: Timestamp, to: Timestamp })
  .refine((b) => Date.parse(b.to) > Date.parse(b.from), { message: 'Must be after from', path: ['to'] })
  .refine((b) => Date.parse(b.to) - Date.parse(b.from) <= SCHEDULE_MAX_DAYS * 86_400_000, {
    message: `At most ${SCHEDULE_MAX_DAYS} days after from`,
    path: ['to'],
  });
export type ScheduleListBody = z.input<typeof ScheduleListBody>;

export const ScheduleEdge = z.object({
  /** The moment, in UTC; inclusive for `opens`, exclusive for `closes`. */
  at: Timestamp,
  edge: z.enum(['opens', 'closes']),
  entity: ScheduleEntity,
  /** The item's id (a country rule's own id for `country_rules`). */
  id: Id,
  /** What the item is called, in words a user reads ("Ducks", "Ducks · S1E2", "Ducks · only GB, IE"). */
  name: z.string(),
  /** The language codes whose catalogues change at this edge. */
  langs: z.array(z.string()),
  /** The brand an item belongs to (the brand itself, an episode's, a rule's), so the console can link to it. */
  brand_id: Id.nullable().optional(),
  /** For a country rule's edge: the countries it names and whether it excludes them. */
  countries: z.array(z.string()).optional(),
  exclude: z.boolean().optional(),
});
export type ScheduleEdge = z.infer<typeof ScheduleEdge>;

export const AUTOMATIC_BUILD_STATES = ['waiting', 'running', 'done', 'failed'] as const;
export const AutomaticBuildState = z.enum(AUTOMATIC_BUILD_STATES);
export type AutomaticBuildState = z.infer<typeof AutomaticBuildState>;

export const AutomaticBuild = z.object({
  id: Id,
  /** The edge's moment the build is for. */
  at: Timestamp,
  lang: z.string(),
  state: AutomaticBuildState,
  /** The catalogue build it published (JSON Build's history); null until done. */
  build_id: Id.nullable(),
  /** Why the last try failed, in words; null when it did not. */
  error: z.string().nullable(),
  /** How many times it was tried, and when it is tried again after a failure. */
  attempts: z.int().min(0).optional(),
  next_try_at: Timestamp.nullable().optional(),
});
export type AutomaticBuild = z.infer<typeof AutomaticBuild>;

export const ScheduleJobsBody = z.object({
  offset: z.int().min(0).default(0),
  limit: z.int().min(1).max(100).default(50),
});
export type ScheduleJobsBody = z.input<typeof ScheduleJobsBody>;

export const ScheduleJobsPage = z.object({
  rows: z.array(AutomaticBuild),
  count: z.int().min(0),
  /**
   * Automatic builds that failed and will not be tried again: shown to staff until a build of their language is
   * published after them (by the schedule or by a person; a rollback does not count).
   */
  failing: z.int().min(0).optional(),
});
export type ScheduleJobsPage = z.infer<typeof ScheduleJobsPage>;

export const scheduleCalls = {
  list: call({
    ...addresses.schedule.list,
    read: true,
    summary: 'What opens and closes between two moments (at most a year), in time order',
    body: ScheduleListBody,
    response: z.array(ScheduleEdge),
  }),
  jobs: call({
    ...addresses.schedule.jobs,
    read: true,
    summary: 'The automatic builds the server ran at edges, newest first',
    body: ScheduleJobsBody,
    response: ScheduleJobsPage,
  }),
};
