/**
 * What a master's file name says (api.md "Episode intake and readiness", decision 063): the season and episode, the
 * language, and a title from what is left. Pure: the brand, the languages and the brand's episodes are given.
 *
 * Episode codes, the first found from the left: `S01E03`, `s1e3`, `S01 E03`, `S01.E03`, `S1Ep3`, `1x03`,
 * `Season 2 Episode 10` (also Series, Temporada, Saison, Staffel; Episodio, Épisode, Folge, Ep), and an episode alone
 * (`Episode 3`, `Ep 3`, `E03`), which is season 1: a brand without seasons has all its episodes in season 1, the
 * default of an episode's season. A season alone says no episode.
 *
 * A language, by its English name or its own (`Spanish`, `Español`), or by its code (`es`, and the three-letter codes
 * studios use, `SPA`): a code only where a studio writes one, in capitals, in brackets, after a dot or an underscore,
 * or last, so that a title's small words ("It", "De") are not taken for one. A name beats a code; among equals, the
 * last in the name wins (languages are written at the end); the languages written right beside it are said too (a
 * master carrying two: `_EN_ES`). An episode alone numbered in three digits is a production number (`EP104`: S1E4)
 * unless the brand numbers beyond 99 in a season. What kind of file it is comes from file-kinds.ts.
 */
import { episodeKey, type IntakeFileKind, indexEpisodes } from '@kids-vod/contract';
import { CAPTION_WORDS, fileKind } from './file-kinds.ts';

export interface MatchLanguage {
  id: number;
  code: string;
  name: string;
}

export interface MatchEpisode {
  id: number;
  season: number;
  sort_number: number;
}

export interface NameMatch {
  name: string;
  season: number | null;
  episode: number | null;
  lang_id: number | null;
  /** Every language the name says, in its order: a master carrying two (`_EN_ES`) says both; `lang_id` is the first. */
  lang_ids: number[];
  kind: IntakeFileKind;
  /** The brand's existing episode at that season and number, or null. */
  content_id: number | null;
  /** Guessed from the rest of the name; '' when nothing is left. */
  title: string;
}

interface Token {
  text: string;
  /** Lower case, accents removed: what is compared. */
  key: string;
  /** The separator before it (the first character), '' at the start. */
  before: string;
  used: boolean;
}

/** Separators between words of a file name; an apostrophe stays in its word ("Comet's"). */
const SEPARATORS = /[\s._\-[\](){}+,~#|]+/g;
const EXTENSION = /\.[a-z0-9]{2,5}$/i;

/** Words of a studio's workflow, not of a title. */
const NOISE = new Set(
  (
    'final finale master mastered masters hd uhd sd 4k 8k 2k hdr sdr prores proxy mezz mezzanine textless clean ' +
    'approved export render web delivery deliverable stereo mono mix full new fixed fix copy draft wip ok ' +
    'h264 h265 x264 x265 hevc avc xdcam dnxhd dnxhr mov mp4 mxf mkv'
  ).split(' '),
);
/** Noise by its shape: v2, v03, 1080p, 25fps, 5.1, r2 (a revision), dates (20241128). */
const NOISE_SHAPES = [
  /^v\d{1,3}$/,
  /^r\d{1,2}$/,
  /^(?:ver|rev|version)\d{1,3}$/,
  /^\d{3,4}[pi]$/,
  /^\d{2,3}(fps|p)$/,
  /^\d{8}$/,
  /^\d{4,5}x\d{3,4}$/,
];

const SEASON_WORDS = new Set(['season', 'series', 'temporada', 'saison', 'staffel', 'stagione', 'sezon']);
const EPISODE_WORDS = new Set(['episode', 'ep', 'episodio', 'episode', 'folge', 'odcinek', 'bolum', 'epizod']);

/** Three-letter codes (ISO 639-2, bibliographic and terminological) studios write, by the service's two-letter codes. */
const THREE_LETTER: Record<string, string[]> = {
  en: ['eng'],
  ru: ['rus'],
  es: ['spa', 'esp'],
  fr: ['fra', 'fre'],
  de: ['deu', 'ger'],
  it: ['ita'],
  pt: ['por'],
  tr: ['tur'],
  ar: ['ara'],
  uk: ['ukr'],
  pl: ['pol'],
  nl: ['nld', 'dut'],
  zh: ['zho', 'chi'],
  ja: ['jpn'],
  ko: ['kor'],
  hi: ['hin'],
};

/** Lower case without accents: "Épisode" and "episode" compare equal. */
export function keyOf(text: string): string {
  // Most names are ASCII: no accents to remove.
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
const ASCII = /^[\x20-\x7e]*$/;

function tokenize(name: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  let before = '';
  for (const m of name.matchAll(SEPARATORS)) {
    if (m.index > last) tokens.push(token(name.slice(last, m.index), before));
    before = m[0][0] ?? '';
    last = m.index + m[0].length;
  }
  if (last < name.length) tokens.push(token(name.slice(last), before));
  return tokens;
}

const token = (text: string, before: string): Token => ({ text, key: keyOf(text), before, used: false });

/** Marks a run of tokens equal to `words` (keys) as used, wherever it is; answers whether one was found. */
function consumeRun(tokens: Token[], words: string[]): boolean {
  if (words.length === 0) return false;
  let found = false;
  for (let i = 0; i + words.length <= tokens.length; i++) {
    if (words.every((w, j) => !tokens[i + j].used && tokens[i + j].key === w)) {
      for (let j = 0; j < words.length; j++) tokens[i + j].used = true;
      found = true;
    }
  }
  return found;
}

const int = (s: string | undefined) => (s === undefined ? Number.NaN : Number.parseInt(s, 10));

const NUMBER = /^\d{1,4}$/;
/** `e3`, `ep03`: an episode number glued to its letter. */
const gluedEpisode = (key: string | undefined) => (key === undefined ? null : /^ep?(\d{1,4})$/.exec(key));

/**
 * An episode number alone: a three-digit one is a production number (`EP104`: season 1, episode 4) unless the brand
 * numbers beyond 99 in a season (then it is episode 104). `x00` is no production number.
 */
function alone(n: number, digits: string, numbersPast99: boolean) {
  const production = !numbersPast99 && /^[1-9]\d\d$/.test(digits) && n % 100 !== 0;
  return production ? { season: Math.floor(n / 100), episode: n % 100 } : { season: 1, episode: n };
}

/** The episode code starting at token `i`: how many tokens it takes, its season and episode; or null. */
function episodeAt(
  tokens: Token[],
  i: number,
  numbersPast99: boolean,
): { n: number; season: number; episode: number } | null {
  const k = tokens[i].key;
  const next = tokens[i + 1]?.key;
  const m = /^s(\d{1,3})ep?(\d{1,4})$/.exec(k) ?? /^(\d{1,2})x(\d{1,4})$/.exec(k);
  if (m) return { n: 1, season: int(m[1]), episode: int(m[2]) };
  const season = /^s(\d{1,3})$/.exec(k);
  const afterSeason = gluedEpisode(next);
  if (season && afterSeason) return { n: 2, season: int(season[1]), episode: int(afterSeason[1]) };
  if (SEASON_WORDS.has(k) && next !== undefined && NUMBER.test(next)) {
    const word = tokens[i + 2]?.key;
    const number = tokens[i + 3]?.key;
    if (word !== undefined && EPISODE_WORDS.has(word) && number !== undefined && NUMBER.test(number)) {
      return { n: 4, season: int(next), episode: int(number) };
    }
    const gluedAfter = gluedEpisode(word);
    return gluedAfter ? { n: 3, season: int(next), episode: int(gluedAfter[1]) } : null;
  }
  // An episode alone is season 1 (the file's comment).
  if (EPISODE_WORDS.has(k) && next !== undefined && NUMBER.test(next)) {
    return { n: 2, ...alone(int(next), next, numbersPast99) };
  }
  const glued = /^(?:ep|e|episode)(\d{1,4})$/.exec(k);
  return glued ? { n: 1, ...alone(int(glued[1]), glued[1], numbersPast99) } : null;
}

/** The first episode code from the left, its tokens marked used. */
function findEpisode(tokens: Token[], numbersPast99: boolean): { season: number; episode: number } | null {
  for (let i = 0; i < tokens.length; i++) {
    const found = episodeAt(tokens, i, numbersPast99);
    if (found) {
      for (let j = i; j < i + found.n; j++) tokens[j].used = true;
      return { season: found.season, episode: found.episode };
    }
  }
  return null;
}

interface LanguageIndex {
  /** Whole names (one or more words, as keys) and their language, by their first word. */
  names: Map<string, { words: string[]; id: number }[]>;
  /** Codes (two- and three-letter, lower case) and their language. */
  codes: Map<string, number>;
}

const ownNames = new Map<string, string | null>();
/** A language's own name ("español", "русский") as a key, from the ICU data Node ships; null for a code it lacks. */
function ownName(code: string): string | null {
  let own = ownNames.get(code);
  if (own === undefined) {
    try {
      const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
      own = name ? keyOf(name) : null;
    } catch {
      own = null;
    }
    ownNames.set(code, own);
  }
  return own;
}

/** What the matcher compares names with, computed once for a whole list of names. */
export function indexLanguages(languages: MatchLanguage[]): LanguageIndex {
  const names: { words: string[]; id: number }[] = [];
  const codes = new Map<string, number>();
  for (const lang of languages) {
    const code = lang.code.toLowerCase();
    codes.set(code, lang.id);
    for (const other of THREE_LETTER[code] ?? []) if (!codes.has(other)) codes.set(other, lang.id);
    const spellings = new Set([keyOf(lang.name)]);
    const own = ownName(lang.code);
    if (own) spellings.add(own);
    for (const spelling of spellings) names.push({ words: spelling.split(/\s+/), id: lang.id });
  }
  // Longer names first: "Brazilian Portuguese" before "Portuguese".
  names.sort((a, b) => b.words.length - a.words.length);
  const byFirst = new Map<string, { words: string[]; id: number }[]>();
  for (const n of names) byFirst.set(n.words[0], [...(byFirst.get(n.words[0]) ?? []), n]);
  return { names: byFirst, codes };
}

/** Whether the free tokens from `i` are `words`. */
const runAt = (tokens: Token[], i: number, words: string[]) =>
  i + words.length <= tokens.length && words.every((w, j) => !tokens[i + j].used && tokens[i + j].key === w);

/** How surely a code-like token is a language code as a studio writes it (0: not one). */
function codeStrength(t: Token, last: boolean): number {
  if (/^[A-Z]{2,3}$/.test(t.text) || t.before === '(' || t.before === '[' || t.before === '{') return 2;
  return t.before === '.' || t.before === '_' || last ? 1 : 0;
}

/** A language found in the name: where it starts, how many tokens it takes, which it is. */
interface Found {
  i: number;
  n: number;
  id: number;
}

const namedAt = (tokens: Token[], i: number, index: LanguageIndex): Found | null => {
  const t = tokens[i];
  const named = !t || t.used ? undefined : index.names.get(t.key)?.find(({ words }) => runAt(tokens, i, words));
  return named ? { i, n: named.words.length, id: named.id } : null;
};

/** The one language a name surely says (the file's comment): a name beats a code; among equals, the last. */
function mainLanguage(tokens: Token[], index: LanguageIndex): Found | null {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const named = namedAt(tokens, i, index);
    if (named) return named;
  }
  const lastFree = tokens.findLastIndex((t) => !t.used);
  let best: (Found & { strength: number }) | null = null;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const id = tokens[i].used ? undefined : index.codes.get(tokens[i].key);
    const strength = id === undefined ? 0 : codeStrength(tokens[i], i === lastFree);
    if (id !== undefined && strength > (best?.strength ?? 0)) best = { i, n: 1, id, strength };
  }
  return best;
}

/**
 * Every language the name says, in its order: the main one and those written right beside it (`_EN_ES`,
 * `(English, Spanish)`), each a name or a code as a studio writes one. A code further off stays a word of the title.
 */
function findLanguages(tokens: Token[], index: LanguageIndex): number[] {
  const main = mainLanguage(tokens, index);
  if (!main) return [];
  const languageAt = (i: number): Found | null => {
    const named = namedAt(tokens, i, index);
    if (named) return named;
    const id = tokens[i] && !tokens[i].used ? index.codes.get(tokens[i].key) : undefined;
    return id !== undefined && codeStrength(tokens[i], false) > 0 ? { i, n: 1, id } : null;
  };
  const run = [main];
  for (let before = main.i - 1; before >= 0; before--) {
    // A name of several words ends here, or a code stands here.
    const found = [3, 2, 1].map((n) => languageAt(before - n + 1)).find((f) => f !== null && f.i + f.n === before + 1);
    if (!found) break;
    run.unshift(found);
    before = found.i;
  }
  for (let after = main.i + main.n; after < tokens.length; ) {
    const found = languageAt(after);
    if (!found) break;
    run.push(found);
    after = found.i + found.n;
  }
  for (const f of run) for (let j = f.i; j < f.i + f.n; j++) tokens[j].used = true;
  return [...new Set(run.map((f) => f.id))];
}

const isNoise = (key: string) => NOISE.has(key) || NOISE_SHAPES.some((shape) => shape.test(key));

/** Title case: each word starts with a capital; a word's own capitals stay ("McQueen"), but not a name in capitals. */
function titleCase(words: string[]): string {
  const text = words.join(' ');
  const shouting = text === text.toUpperCase() && text !== text.toLowerCase();
  return words.map((w) => w.charAt(0).toUpperCase() + (shouting ? w.slice(1).toLowerCase() : w.slice(1))).join(' ');
}

export interface MatchContext {
  brand: { name: string; slug: string };
  languages: LanguageIndex;
  /** The brand's episodes (not in the bin), by `season:sort_number`. */
  episodes: Map<string, MatchEpisode>;
  /** Whether the brand has an episode numbered beyond 99 in a season: `EP104` is then episode 104, not S1E4. */
  numbersPast99: boolean;
}

/** The context for a brand: made once for a whole list of names. */
export function matchContext(
  brand: { name: string; slug: string },
  languages: MatchLanguage[],
  episodes: MatchEpisode[],
): MatchContext {
  return {
    brand,
    languages: indexLanguages(languages),
    episodes: indexEpisodes(episodes),
    numbersPast99: episodes.some((e) => e.sort_number > 99),
  };
}

/** What one file name says. */
export function matchName(name: string, context: MatchContext): NameMatch {
  // A path's folders say nothing of the file (a dropped folder may send "Season 1/ep3.mov").
  const base = name.split(/[\\/]/).at(-1) ?? name;
  const kind = fileKind(base);
  const tokens = tokenize(base.replace(EXTENSION, ''));
  const found = findEpisode(tokens, context.numbersPast99);
  // The brand's words before the language's: "Conejitos de la Luna" has no German in it.
  const brandWords = keyOf(context.brand.name).split(SEPARATORS).filter(Boolean);
  consumeRun(tokens, brandWords);
  consumeRun(tokens, [brandWords.join('')]);
  consumeRun(tokens, context.brand.slug.split('-').filter(Boolean));
  const lang_ids = findLanguages(tokens, context.languages);
  // What a subtitles file says it is (CC, SDH) is its kind, not its title; nor is a code in capitals a title.
  const words = tokens
    .filter((t) => !t.used && !isNoise(t.key))
    .filter((t) => !(kind === 'captions' && CAPTION_WORDS.has(t.key)))
    .filter((t) => !(context.languages.codes.has(t.key) && /^[A-Z]{2,3}$/.test(t.text)))
    .map((t) => t.text);
  const episode = found ? context.episodes.get(episodeKey(found.season, found.episode)) : undefined;
  return {
    name,
    season: found?.season ?? null,
    episode: found?.episode ?? null,
    lang_id: lang_ids[0] ?? null,
    lang_ids,
    kind,
    content_id: episode?.id ?? null,
    title: titleCase(words),
  };
}
