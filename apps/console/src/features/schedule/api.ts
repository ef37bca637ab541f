import { api } from '@kids-vod/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '../../shared/api/index.ts';

/** The Schedule screen's calls: what opens and closes between two moments, and the automatic builds. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  edges: (from: string, to: string) => ['schedule', 'edges', from, to] as const,
  jobs: (offset: number, limit: number) => ['schedule', 'jobs', offset, limit] as const,
};

/** Automatic builds are run by the server by itself: the log is read again while the screen is open. */
const JOBS_REFRESH_MS = 30_000;

export const useScheduleEdges = (from: string, to: string) =>
  useQuery({
    ...callQuery(scheduleKeys.edges(from, to), api.schedule.list, { from, to }),
    // Another month keeps the last one on screen until it is there.
    placeholderData: keepPreviousData,
  });

export const useAutomaticBuilds = (offset: number, limit: number) =>
  useQuery({
    ...callQuery(scheduleKeys.jobs(offset, limit), api.schedule.jobs, { offset, limit }),
    placeholderData: keepPreviousData,
    refetchInterval: JOBS_REFRESH_MS,
  });
