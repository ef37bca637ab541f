/** What ffmpeg's `-progress` lines say, and a moment of the video for a sentence. */
/** `m:ss` (or `h:mm:ss`) for a sentence. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

export function progressSeconds(line: string): number | null {
  // out_time=HH:MM:SS.micro is in every build; out_time_ms is microseconds in spite of its name.
  if (!line.startsWith('out_time=')) return null;
  const match = /^out_time=(-?\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(line.trim());
  if (!match || match[1].startsWith('-')) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}
