/** What other code may use of the schedule (docs/decisions/006-architecture-in-lint.md): the job that publishes on it. */
export { publishOnScheduleJob, SCHEDULE_EVERY_MS } from './job.ts';
