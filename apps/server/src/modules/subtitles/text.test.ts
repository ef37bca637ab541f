import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeSubtitles, eightBitEncoding } from './decode.ts';
import { namesALanguage, parseSubtitles, plainText, vttText, writeWebVtt } from './parse.ts';

describe('reading subtitles', () => {
  it('tells Windows-1251 from Windows-1252 on a single short cue', () => {
    expect(eightBitEncoding(iconv.encode('Где сыр?', 'win1251'))).toBe('windows-1251');
    expect(eightBitEncoding(iconv.encode('Où est le fromage, garçon?', 'win1252'))).toBe('windows-1252');
  });

  it('reads UTF-16 without a BOM, and refuses zero bytes elsewhere as binary', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nHi\n';
    expect(decodeSubtitles(iconv.encode(text, 'utf-16be'))).toEqual({ text, encoding: 'UTF-16BE' });
    expect(() => decodeSubtitles(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x08, 0, 0x08, 0x31, 0x32]))).toThrow(
      /binary/,
    );
  });

  it('takes SRT without numbers, WebVTT hours left out, and settings after the timing', () => {
    expect(parseSubtitles('00:00:01,5 --> 00:00:02,250\nA\n').cues).toEqual([
      { start: 1.5, end: 2.25, text: 'A', line: 1 },
    ]);
    const vtt = parseSubtitles(
      'WEBVTT - Mice\nLanguage: ru\n\nNOTE hello\n\nc1\n01:02.000 --> 01:03.000 align:start\nB\n',
    );
    expect(vtt.cues).toEqual([{ start: 62, end: 63, text: 'B', line: 7, settings: 'align:start' }]);
    expect(vtt.language).toEqual({ tag: 'ru', line: 2 });
    // Settings are written back (captions moved to the top stay there); SubRip's coordinates are not settings.
    expect(writeWebVtt(vtt.cues)).toBe('WEBVTT\n\n00:01:02.000 --> 00:01:03.000 align:start\nB\n');
    expect(parseSubtitles('1\n00:00:01,000 --> 00:00:02,000 X1:10 X2:20\nA\n').cues[0].settings).toBeUndefined();
  });

  it('knows a language tag from a tag that names none', () => {
    expect(namesALanguage('pt-br')).toBe('pt-BR');
    expect(namesALanguage('zz')).toBeUndefined();
    expect(namesALanguage('not a tag')).toBeUndefined();
  });

  it('keeps WebVTT tags, escapes any other markup, and reads it back as written', () => {
    const text = '<i>Hi</i> <script>x</script> & <font color="red">-></font> -->';
    const vtt = vttText(text);
    expect(vtt).toBe(
      '<i>Hi</i> &lt;script&gt;x&lt;/script&gt; &amp; &lt;font color="red"&gt;-&gt;&lt;/font&gt; --&gt;',
    );
    expect(plainText(vtt)).toBe(text);
  });
});
