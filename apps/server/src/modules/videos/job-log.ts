import type { FastifyBaseLogger } from 'fastify';

/** What happens to a video's job (api.md, "Operations": the events of a `VideoFile`). */
export type JobEvent = 'queued' | 'started' | 'retried' | 'lease_lost' | 'stopped' | 'failed' | 'ready';

/**
 * One structured log line per job event, with the video, the attempt and the worker, so that an operator follows a
 * video through the server's and the workers' logs (`grep '"video":42'`). `reason` is the person's sentence for a
 * failure or a retry, or why a job stopped (the server stopping, the video moved to the bin).
 */
export function logJobEvent(
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  event: JobEvent,
  fields: { video: number; attempt?: number; worker?: string; reason?: string },
): void {
  const line = { job_event: event, ...fields };
  if (event === 'failed' || event === 'lease_lost') log.warn(line, `video job ${event}`);
  else log.info(line, `video job ${event}`);
}
