/**
 * What of a cue's markup and settings is kept (issue 37): only what the WebVTT grammar has, so that a player that
 * renders cues as HTML runs nothing a file carried (`<b onmouseover=…>` is `<b>`, `<c.red onclick=…>` is `<c.red>`).
 */

/** `name:value` settings of the WebVTT grammar (W3C WebVTT 4.4), each value as it allows. */
const PERCENT = String.raw`(?:100(?:\.0+)?|\d{1,2}(?:\.\d+)?)%`;
const SETTINGS: Record<string, RegExp> = {
  vertical: /^(rl|lr)$/,
  line: new RegExp(`^(?:-?\\d{1,4}|${PERCENT})(?:,(?:start|center|end))?$`),
  position: new RegExp(`^${PERCENT}(?:,(?:line-left|center|line-right))?$`),
  size: new RegExp(`^${PERCENT}$`),
  align: /^(start|center|end|left|right)$/,
  region: /^[A-Za-z0-9_-]{1,64}$/,
};

/** A cue's settings as written, only those the grammar allows (each name once, the first kept); others dropped. */
export function cueSettings(raw: string): string {
  const kept = new Map<string, string>();
  for (const token of raw.trim().split(/\s+/)) {
    const at = token.indexOf(':');
    const name = token.slice(0, at);
    const value = token.slice(at + 1);
    if (at > 0 && SETTINGS[name]?.test(value) && !kept.has(name)) kept.set(name, token);
  }
  return [...kept.values()].join(' ');
}

/**
 * One of WebVTT's own tags as it may be kept: its classes (`.red`), and for `<v>` a speaker's name and `<lang>` a
 * language tag (their annotations), never anything like an attribute.
 */
export function cleanTag(tag: string, name: string, rest: string | undefined): string {
  const lower = name.toLowerCase();
  if (tag.startsWith('</')) return `</${lower}>`;
  const classes = /^(?:\.[A-Za-z0-9_-]+)*/.exec(rest ?? '')?.[0] ?? '';
  const annotation = (rest ?? '').slice(classes.length).trim();
  if (lower === 'v') {
    const speaker = annotation.replace(/[^\p{L}\p{N}\p{Zs}.'’-]/gu, '').trim();
    return speaker ? `<v${classes} ${speaker}>` : `<v${classes}>`;
  }
  if (lower === 'lang' && /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(annotation))
    return `<lang${classes} ${annotation}>`;
  return `<${lower}${classes}>`;
}

/** Characters a cue's text may not hold: controls but the line break and tab, and the line and paragraph separators. */
export function withoutControls(text: string): string {
  return text.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, (c) => (c === '\n' || c === '\t' ? c : ' '));
}

/** The last moment a cue may be at: the longest video there is (MAX_VIDEO_SECONDS' default, 4 hours). */
export const MAX_CUE_SECONDS = 14_400;
