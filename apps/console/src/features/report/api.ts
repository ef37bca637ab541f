import { api } from '@kids-vod/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { downloadCall, send } from '../../shared/api/index.ts';
import { type DateRange, reportFileName } from './format.ts';

/** The report screen's calls: the figures as JSON, and the same rows as a CSV file. */
export const reportQuery = (range: DateRange) =>
  queryOptions({
    queryKey: ['report', range.from, range.to],
    queryFn: () => send(api.report.report, { body: { date_from: range.from, date_to: range.to, csv: false } }),
    // The figures of the previous range stay on screen (dimmed) while the new range loads.
    placeholderData: keepPreviousData,
  });

/** `null` while the range is not a valid one: nothing is asked for. */
export const useReport = (range: DateRange | null) =>
  useQuery({ ...reportQuery(range ?? { from: '', to: '' }), enabled: range !== null });

/** The CSV comes back as a file, not JSON (shared/api/download.ts). */
const downloadReport = (range: DateRange) =>
  downloadCall(api.report.report, { date_from: range.from, date_to: range.to, csv: true }, reportFileName(range));

export const useDownloadReport = () => useMutation({ mutationFn: downloadReport });
