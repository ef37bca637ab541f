import { describe, expect, it } from 'vitest';
import { withSubtitlesGroup } from './master.ts';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",URI="a0/index.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,AUDIO="aud"',
  'r0/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=1500000,RESOLUTION=854x480,AUDIO="aud"',
  'r1/index.m3u8',
  '',
].join('\n');
const tracks = [
  { name: 'Russian', language: 'ru', captions: false, uri: 'subs/1-a.m3u8' },
  { name: 'English "CC"', language: 'en', captions: true, uri: 'subs/2-b.m3u8' },
];

describe('the SUBTITLES group, as text', () => {
  it('keeps other groups, names the group on every variant, and is idempotent', () => {
    const once = withSubtitlesGroup(MASTER, tracks);
    const lines = once.split('\n');
    expect(lines[3]).toContain('TYPE=AUDIO');
    expect(lines[4]).toBe(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Russian",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subs/1-a.m3u8"',
    );
    // A quoted string holds no double quote.
    expect(lines[5]).toContain('NAME="English \'CC\'"');
    expect(lines[5]).toContain('CHARACTERISTICS="public.accessibility.transcribes-spoken-dialog');
    expect(
      lines.filter((l) => l.startsWith('#EXT-X-STREAM-INF')).every((l) => l.endsWith(',AUDIO="aud",SUBTITLES="subs"')),
    ).toBe(true);
    expect(withSubtitlesGroup(once, tracks)).toBe(once);
    expect(withSubtitlesGroup(once, [tracks[1]])).toBe(withSubtitlesGroup(MASTER, [tracks[1]]));
    expect(withSubtitlesGroup(once, [])).toBe(MASTER);
  });
});
