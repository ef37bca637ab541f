import { api } from '@kids-vod/contract/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { downloadCall, usersQuery } from '../../shared/api/index.ts';
import { type AuditFilter, useAuditLog } from '../../shared/history/index.ts';

/** Entries read at a time; "Load older" reads the next page (the server's `before_id` cursor). */
const PAGE = 100;

export const useActivity = (filter: AuditFilter) => useAuditLog(['audit', 'activity', filter], filter, PAGE);

/** The people who may appear in the log, for the person filter. */
export const usePeople = () => useQuery(usersQuery);

/** The whole filtered log as a CSV file (the server writes it, in the same words as the screen). */
export const useDownloadActivity = () =>
  useMutation({
    mutationFn: (filter: AuditFilter) =>
      downloadCall(api.audit.list, { ...filter, csv: true }, `activity_${new Date().toISOString().slice(0, 10)}.csv`),
  });
