import { HttpError } from '../../lib/errors.ts';
import { type Decoded, decodeText, hasControlCharacter } from '../../lib/text-encoding.ts';

export { eightBitEncoding, hasControlCharacter } from '../../lib/text-encoding.ts';

const NOT_TEXT =
  'The file is not a subtitles file: it holds binary data, not text. Upload WebVTT (.vtt) or SubRip (.srt)';

/**
 * A subtitles file's text, in whichever common encoding it came: UTF-8 with or without BOM, UTF-16 (BOM, or plainly
 * ASCII-heavy), else Windows-1251 or Windows-1252. Empty: 400; binary (zero bytes, control characters): 415.
 */
export function decodeSubtitles(bytes: Buffer): Decoded {
  if (bytes.length === 0) throw new HttpError(400, 'The file is empty: it has no cues');
  const decoded = decodeText(bytes);
  if (!decoded) throw new HttpError(415, NOT_TEXT);
  if (hasControlCharacter(decoded.text)) throw new HttpError(415, NOT_TEXT);
  if (decoded.text.trim() === '') throw new HttpError(400, 'The file is empty: it has no cues');
  return decoded;
}
