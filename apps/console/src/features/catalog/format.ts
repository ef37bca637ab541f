/** A build's URL as people open and share it: a path on this server becomes absolute. */
export function absoluteUrl(url: string): string {
  return url.startsWith('/') ? `${window.location.origin}${url}` : url;
}

const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** 812 B, 14.2 KB, 21.7 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium' });

/** 31/01/2025, 09:15:02 in the viewer's time zone. */
export function formatTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const shortDateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** 24/11, 10:02: a build named in a sentence ("rolled back to the build of 24/11, 10:02"). */
export function formatShortTime(iso: string): string {
  return shortDateTime.format(new Date(iso));
}

/** The catalogue's counts in the order of its file; a count the console does not know yet comes last. */
const COUNT_LABELS: [key: string, label: string][] = [
  ['brands', 'Brands'],
  ['content', 'Content'],
  ['links', 'Links'],
  ['promos', 'Promos'],
  ['streams', 'Streams'],
  ['strings', 'Strings'],
  ['content_without_video', 'Without video'],
  ['content_video_processing', 'Video processing'],
  ['content_video_failed', 'Video failed'],
];

export function countList(counts: Record<string, number>): { key: string; label: string; value: number }[] {
  const known = new Set(COUNT_LABELS.map(([key]) => key));
  return [
    ...COUNT_LABELS.filter(([key]) => key in counts).map(([key, label]) => ({ key, label, value: counts[key] })),
    ...Object.keys(counts)
      .filter((key) => !known.has(key))
      .map((key) => ({ key, label: key.replaceAll('_', ' '), value: counts[key] })),
  ];
}
