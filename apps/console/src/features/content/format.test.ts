import type { Content } from '@kids-vod/contract';
import { formatDuration } from '@kids-vod/contract/format';
import { describe, expect, it } from 'vitest';
import { defaultTitle, episodeCode, formatBytes, videoFileLabel } from './format.ts';

describe('content formatters', () => {
  it('names an episode S<season>E<number>', () => {
    expect(episodeCode({ season: 2, sort_number: 13 })).toBe('S2E13');
  });

  it('takes the title in the default language, or nothing', () => {
    const langs = [
      { lang_id: 2, title: 'Свинка Пеппа' },
      { lang_id: 1, title: 'Peppa Pig' },
    ] as Content['langs'];
    expect(defaultTitle({ langs })).toBe('Peppa Pig');
    expect(defaultTitle({ langs: langs.slice(0, 1) })).toBe('');
  });

  it('writes durations as m:ss, and h:mm:ss from an hour up; no duration as a dash', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3 * 3600 + 7 * 60 + 9)).toBe('3:07:09');
    for (const none of [null, undefined, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatDuration(none)).toBe('–');
  });

  it('writes sizes in B, KB, MB, GB with one decimal under 10', () => {
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250_000_000)).toBe('238 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(3 * 1024 ** 5)).toBe('3,072 TB');
  });
});

describe('an uploaded video as the picker offers it', () => {
  it('tells apart two uploads of the same file: when each was uploaded, and its number', () => {
    const upload = { name: 'ducks.mp4', size_bytes: 1536, duration_sec: 65, created_at: '2026-11-28T06:05:00.000Z' };
    const first = videoFileLabel({ ...upload, id: 7 });
    const second = videoFileLabel({ ...upload, id: 8, created_at: '2026-11-28T06:09:00.000Z' });
    expect(first).toMatch(/^ducks\.mp4 · 1\.5 KB · 1:05 · uploaded \d\d\/\d\d\/2026 \d\d:\d\d · #7$/);
    expect(second).not.toBe(first);
  });
});
