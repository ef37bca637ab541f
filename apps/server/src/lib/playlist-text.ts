/**
 * A name as it may be written into an HLS playlist's quoted attribute (NAME, LANGUAGE of `#EXT-X-MEDIA`): no control
 * or format characters, no line or paragraph separators (U+2028 and U+2029 end a line for some parsers: a language
 * named with them wrote a new tag into the master, issue 37), no double quote (it would end the attribute; RFC 8216
 * 4.2 allows none), white space collapsed to single spaces. Written once: every writer of playlist text calls it,
 * and so does the call that accepts a language's name.
 */
export function playlistName(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
