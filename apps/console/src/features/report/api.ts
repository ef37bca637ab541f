import { api } from '@kids-vod/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, callUrl, NETWORK_ERROR_MESSAGE, send, toApiError } from '../../lib/api-client.ts';
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

/** Saves a blob under a file name: an object URL behind a temporary download link. */
function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled; the URL is only memory now.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** The CSV comes back as a file, not JSON, so it is fetched here rather than through `send`. */
async function downloadReport(range: DateRange): Promise<void> {
  let res: Response;
  try {
    res = await fetch(callUrl(api.report.report), {
      method: api.report.report.method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ date_from: range.from, date_to: range.to, csv: true }),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (!res.ok) throw await toApiError(res);
  saveFile(await res.blob(), reportFileName(range));
}

export const useDownloadReport = () => useMutation({ mutationFn: downloadReport });
