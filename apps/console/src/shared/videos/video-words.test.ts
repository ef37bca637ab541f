import { describe, expect, it } from 'vitest';
import { liveWhileUnderWay } from './video-calls.ts';
import { audioWords, codecWords, formatTimeLeft, renditionLabel, sourceWords } from './video-words.ts';

const source = {
  container: 'matroska,webm',
  width: 1920,
  height: 1080,
  fps: 29.97,
  duration_sec: 62.4,
  video_codec: 'prores',
  audio: [
    { index: 1, codec: 'aac', channels: 2, language: 'eng' },
    { index: 2, codec: 'aac', channels: 2, language: null },
  ],
};

const languages = [
  { id: 1, name: 'English' },
  { id: 3, name: 'Russian' },
];

describe('video words', () => {
  it('says the time left as people do', () => {
    expect(formatTimeLeft(0)).toBe('less than a minute left');
    expect(formatTimeLeft(59)).toBe('less than a minute left');
    expect(formatTimeLeft(150)).toBe('about 3 min left');
    expect(formatTimeLeft(3600)).toBe('about 1 h left');
    expect(formatTimeLeft(3900)).toBe('about 1 h 5 min left');
  });

  it('names a rendition by its height and bit rate', () => {
    expect(renditionLabel({ height: 720, bandwidth: 2_800_000 })).toBe('720p · 2.8 Mbit/s');
    expect(renditionLabel({ height: 360, bandwidth: 800_000 })).toBe('360p · 800 kbit/s');
    expect(renditionLabel({ height: 1080, bandwidth: 5_000_000 })).toBe('1080p · 5 Mbit/s');
  });

  it('says what the master is, or only its size and duration before it is probed', () => {
    expect(sourceWords({ size_bytes: 13_000_000, duration_sec: 62, source, audio_tracks: [] }, languages)).toBe(
      '12.4 MB · 1920×1080 · 1:02 · audio ENG, ?',
    );
    expect(sourceWords({ size_bytes: 2048, duration_sec: null, source: null, audio_tracks: [] }, languages)).toBe(
      '2 KB · –',
    );
    expect(audioWords({ source: { ...source, audio: [] }, audio_tracks: [] }, languages)).toBe('no audio');
    expect(audioWords({ source: { ...source, audio: [source.audio[1]] }, audio_tracks: [] }, languages)).toBe(
      '1 audio track',
    );
    // A family of containers named by all its names says nothing: left out.
    expect(codecWords(source)).toBe('PRORES · 29.97 fps');
    expect(codecWords({ ...source, container: 'mxf' })).toBe('PRORES · 29.97 fps · MXF');
  });

  it("names a ready file's tracks by the languages they play in, a track named again at once", () => {
    const track = { tag: 'eng', problem: null };
    const ready = {
      source,
      audio_tracks: [
        { ...track, index: 1, lang_id: 1 },
        { ...track, index: 2, lang_id: null, tag: null },
      ],
    };
    expect(audioWords(ready, languages)).toBe('audio English, ?');
    // The second track named Russian: its tag said nothing, the words follow the name.
    const named = { ...ready, audio_tracks: [ready.audio_tracks[0], { ...ready.audio_tracks[1], lang_id: 3 }] };
    expect(audioWords(named, languages)).toBe('audio English, Russian');
    // The tag said English, staff said Russian: Russian.
    expect(audioWords({ source, audio_tracks: [{ ...track, index: 1, lang_id: 3 }] }, languages)).toBe('audio Russian');
  });

  it('reads a list again only while one of its files is queued or processing', () => {
    expect(liveWhileUnderWay(undefined)).toBe(false);
    expect(liveWhileUnderWay([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
    expect(liveWhileUnderWay([{ status: 'ready' }, { status: 'processing' }])).toBe(2000);
    expect(liveWhileUnderWay([{ status: 'queued' }])).toBe(2000);
  });
});
