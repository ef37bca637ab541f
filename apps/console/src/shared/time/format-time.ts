import dayjs from 'dayjs';

/** A day as the console shows dates (en-GB): "25/11/2026". */
export function formatDay(iso: string | Date): string {
  return dayjs(iso).format('DD/MM/YYYY');
}

/** A moment as the console shows dates (en-GB): "25/11/2026 17:05"; `never` when there is none. */
export function formatMoment(iso: string | null | undefined, never = 'Never'): string {
  return iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : never;
}
