import chardet from 'chardet';
import iconv from 'iconv-lite';

/** What a text file's bytes were read as: its text and the encoding's name as people know it. */
export interface Decoded {
  text: string;
  encoding: string;
}

/** Whether `text` has a control character no subtitles text has (tab, line feed, form feed, carriage return are text). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/**
 * Which of the two 8-bit code pages a file without a BOM that is not UTF-8 was written in. Russian, Ukrainian and
 * Bulgarian subtitles come in Windows-1251, western European ones in Windows-1252; chardet tells them apart on
 * long text, but a short file of a few cues can fool it, so where it names neither the letters decide: Cyrillic
 * words are runs of bytes from 0xC0 up, while accented Latin letters stand one by one among ASCII letters.
 */
export function eightBitEncoding(bytes: Buffer): 'windows-1251' | 'windows-1252' {
  const guess = chardet.analyse(bytes)[0];
  if (guess && guess.confidence >= 30) {
    if (guess.name === 'windows-1251' || guess.name === 'KOI8-R' || guess.name === 'ISO-8859-5') return 'windows-1251';
    if (guess.name === 'windows-1252' || guess.name === 'ISO-8859-1') return 'windows-1252';
  }
  let high = 0;
  let runs = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0xc0) continue;
    high += 1;
    if (i > 0 && bytes[i - 1] >= 0xc0) runs += 1;
  }
  return high > 0 && runs / high > 0.3 ? 'windows-1251' : 'windows-1252';
}

/** UTF-16 without a BOM: ASCII-heavy text has a zero byte in every other place. */
function utf16WithoutBom(bytes: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.floor(Math.min(bytes.length, 4096) / 2);
  if (pairs < 2) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenZero += 1;
    if (bytes[2 * i + 1] === 0) oddZero += 1;
  }
  if (oddZero / pairs > 0.4 && evenZero / pairs < 0.05) return 'utf-16le';
  if (evenZero / pairs > 0.4 && oddZero / pairs < 0.05) return 'utf-16be';
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes as text, in whichever common encoding they came: UTF-8 with or without BOM, UTF-16 (BOM, or plainly
 * ASCII-heavy), else Windows-1251 or Windows-1252 (`eightBitEncoding`). Undefined when they are binary (zero bytes
 * outside UTF-16). Each reader says what it takes of these (subtitles all; the metadata sheet not Windows-1252).
 */
export function decodeText(bytes: Buffer): Decoded | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: iconv.decode(bytes.subarray(3), 'utf-8'), encoding: 'UTF-8 (BOM)' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: iconv.decode(bytes.subarray(2), 'utf-16le'), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: iconv.decode(bytes.subarray(2), 'utf-16be'), encoding: 'UTF-16BE' };
  const wide = utf16WithoutBom(bytes);
  if (wide) return { text: iconv.decode(bytes, wide), encoding: wide.toUpperCase() };
  if (bytes.includes(0)) return undefined;
  try {
    return { text: utf8.decode(bytes), encoding: 'UTF-8' };
  } catch {
    const encoding = eightBitEncoding(bytes);
    return { text: iconv.decode(bytes, encoding), encoding };
  }
}
