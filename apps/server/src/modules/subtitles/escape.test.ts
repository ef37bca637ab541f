/**
 * Text that cannot escape (issue 37): names written into HLS masters (languages, track names) and WebVTT cues carry
 * no control or line separator characters, no attributes in cue tags, only cue settings of the WebVTT grammar, and
 * no far timestamps. Through the parser and writers the stored files come from, and the call that names a language.
 */
import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { withSubtitlesGroup } from '../videos/index.ts';
import { parseSubtitles, vttText, writeWebVtt } from './parse.ts';

const EVIL = 'Klingon\u2028#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",DEFAULT=YES,URI="/api/auth/logout/"\u2029\r\n"x';

/** Every line of a playlist is a tag, a comment or a URI: no attribute ever starts a line of its own. */
function expectOneTagPerLine(text: string, tags: number) {
  expect(text).not.toMatch(/[\u2028\u2029\u0085\r]/);
  expect(text.split('\n').filter((l) => l.startsWith('#EXT-X-MEDIA'))).toHaveLength(tags);
  expect(text).not.toContain('"/api/auth/logout/"\n');
}

describe('names in playlists', () => {
  it('writes a language named with line separators and quotes as one attribute of one line', () => {
    const audio = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",URI="a0/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,AUDIO="audio"',
      'r0/index.m3u8',
    ].join('\n');
    const subtitled = withSubtitlesGroup(audio, [{ name: EVIL, language: 'tlh', captions: false, uri: 's.m3u8' }]);
    expectOneTagPerLine(subtitled, 2);
    expect(subtitled).toContain(
      "NAME=\"Klingon #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID='subs',DEFAULT=YES,URI='/api/auth/logout/' 'x\"",
    );
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('keeps a language’s name as it may be written into a playlist when the language is added', async () => {
    const lang = await t.call(api.locale.addLanguage, { code: 'tlh', name: EVIL });
    expect(lang.name).not.toMatch(/[\u2028\u2029\r\n"]/);
    expect(lang.name.startsWith('Klingon #EXT-X-MEDIA')).toBe(true);
    const blank = await t.refused(api.locale.addLanguage, { code: 'x-blank', name: '\u2028\u2029' });
    expect(blank.status).toBe(400);
  });
});

describe('WebVTT cues', () => {
  const stored = (file: string) => {
    const parsed = parseSubtitles(file);
    return writeWebVtt(parsed.cues.map((c) => ({ ...c, text: vttText(c.text) })));
  };

  it('keeps no attribute in a cue tag, only its classes, a speaker or a language', () => {
    const vtt = stored(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000',
        '<b onmouseover=alert(1)>Hi</b> <c.red onclick="steal()">there</c> <v Mum onload=x>ok</v> <lang en-GB x=1>yes</lang>',
        '',
        '00:00:03.000 --> 00:00:04.000',
        'line\u2028break\u0007',
        '',
      ].join('\n'),
    );
    expect(vtt).toContain('<b>Hi</b> <c.red>there</c> <v Mum onloadx>ok</v> <lang>yes</lang>');
    expect(vtt).not.toMatch(/onmouseover|onclick|steal|=/);
    expect(vtt.includes('\u2028') || vtt.includes('\u0007')).toBe(false);
  });

  it('keeps only the cue settings of the WebVTT grammar, with values it allows', () => {
    const vtt = stored(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000 align:start line:0 position:10%,line-left size:50% vertical:rl region:top',
        'kept',
        '',
        '00:00:03.000 --> 00:00:04.000 align:javascript:alert(1) line:<b> size:900% position:x vertical:up X1:40 style:red',
        'dropped',
        '',
      ].join('\n'),
    );
    expect(vtt).toContain(
      '00:00:01.000 --> 00:00:02.000 align:start line:0 position:10%,line-left size:50% vertical:rl region:top\n',
    );
    expect(vtt).toContain('00:00:03.000 --> 00:00:04.000\ndropped');
  });

  it('refuses a cue past the longest video there can be', () => {
    expect(() => parseSubtitles('WEBVTT\n\n999:00:00.000 --> 999:00:01.000\nfar\n')).toThrow(
      /Line 3: .*past the longest video/,
    );
  });
});
