/** An audio track's name in the HLS master, from its language tag alone (staff may name it otherwise: audio.ts). */
import type { AudioLabel } from '../hls/index.ts';

/** An audio track's name and language from its tag alone: `eng` is English (en); none, or one naming no language: "Audio 2". */
export function audioLabel(tag: string | null, k: number): AudioLabel {
  const code = languageOfTag(tag);
  const name = code && new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code);
  return name ? { name, language: code } : { name: `Audio ${k + 1}`, language: null };
}

/**
 * The BCP 47 code of a stream's language tag (ISO 639-2 `eng`, `fre`/`fra`, or 639-1 `en`): `en`, `fr`; null for no
 * tag, `und`, or a tag that names no language (`xyz`, `qaa`, `zxx`, `mul`).
 */
export function languageOfTag(tag: string | null | undefined): string | null {
  if (!tag) return null;
  let code: string;
  try {
    [code] = Intl.getCanonicalLocales(tag.trim());
  } catch {
    return null;
  }
  if (!code || ['und', 'mul', 'zxx', 'mis'].includes(code)) return null;
  const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code);
  return name ? code : null;
}
