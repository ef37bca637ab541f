/**
 * How numbers read the same wherever staff see them: the episode list, the edit modal, the preview of the app's home
 * and the history's words. No zod, so any screen imports it without the schemas.
 */

/** Seconds as m:ss, or h:mm:ss from an hour up (fractions dropped); '–' when there is no duration. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '–';
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A size as people read it: 812 B, 12 KB, 14.2 KB, 21.7 MB (1 KB is 1,024 bytes, as file managers count). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${oneDecimal.format(bytes / 1024 ** 2)} MB`;
  return `${oneDecimal.format(bytes / 1024 ** 3)} GB`;
}
