/** What a sheet changes of a brand's episodes and language versions, field by field, and writing it. */
import {
  episodeKey,
  indexEpisodes,
  type MetadataChange,
  type MetadataError,
  type MetadataField,
  type MetadataImportAnswer,
} from '@kids-vod/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brands, content, contentLangs, languages } from '../../db/schema.ts';
import { itemNotFound } from '../../lib/errors.ts';
import { contentLangShown, contentShown } from '../../lib/in-bin.ts';
import { addContent, addContentLang, updateContent, updateContentLang } from '../content/index.ts';
import type { LanguageIndex, SheetRow } from './columns.ts';

export interface Episode {
  id: number;
  season: number;
  sort_number: number;
  available_from: Date | null;
  available_until: Date | null;
}
export interface Version {
  id: number;
  content_id: number;
  lang_id: number;
  title: string;
  description: string;
}

/** A brand's episodes and their versions as the sheet compares with them; 404 for a brand unknown or in the bin. */
export async function brandSheetState(db: Executor, brandId: number) {
  const [brand] = await db
    .select({ id: brands.id, slug: brands.slug })
    .from(brands)
    .where(and(eq(brands.id, brandId), isNull(brands.deleted_at)));
  if (!brand) throw itemNotFound('Brand', brandId);
  const rows = await db
    .select({
      id: content.id,
      season: content.season,
      sort_number: content.sort_number,
      available_from: content.available_from,
      available_until: content.available_until,
    })
    .from(content)
    .where(and(eq(content.brand_id, brandId), contentShown()));
  const moment = (v: string | null) => (v === null ? null : new Date(v));
  const episodes: Episode[] = rows.map((e) => ({
    ...e,
    available_from: moment(e.available_from),
    available_until: moment(e.available_until),
  }));
  const versions: Version[] = await db
    .select({
      id: contentLangs.id,
      content_id: contentLangs.content_id,
      lang_id: contentLangs.lang_id,
      title: contentLangs.title,
      description: contentLangs.description,
    })
    .from(contentLangs)
    .innerJoin(content, eq(content.id, contentLangs.content_id))
    .where(and(eq(content.brand_id, brandId), contentShown(), contentLangShown()));
  return { brand, episodes, versions };
}

/** Languages by their code and English name, in lower case. */
export async function languageIndex(db: Executor): Promise<LanguageIndex> {
  const rows = await db.select({ id: languages.id, code: languages.code, name: languages.name }).from(languages);
  return new Map(rows.flatMap((l) => [[l.code.toLowerCase(), l.id] as const, [l.name.toLowerCase(), l.id] as const]));
}

/** Rows naming an episode by id that is not one of the brand's: whose it is, for the sentence. */
async function episodesElsewhere(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: content.id, brand: brands.name })
    .from(content)
    .innerJoin(brands, eq(brands.id, content.brand_id))
    .where(and(inArray(content.id, ids), contentShown()));
  return new Map(rows.map((r) => [r.id, r.brand]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
type State = Awaited<ReturnType<typeof brandSheetState>>;

/** One change to write: the row's change and what it sets. */
interface Planned {
  change: MetadataChange;
  version: Version | undefined;
  sheet: SheetRow;
}

/** The first row giving each of an episode's dates, by episode and field. */
type FirstDates = Map<string, { row: number; value: Date }>;

/** Why a row naming an episode by id cannot be read: not the brand's, or not at its season and number. */
function idProblem(r: SheetRow, own: Episode | undefined, strangers: Map<number, string>): string | undefined {
  if (r.id === null) return undefined;
  if (!own) {
    const brand = strangers.get(r.id);
    return brand ? `Episode ${r.id} belongs to the brand "${brand}", not to this one` : `There is no episode ${r.id}`;
  }
  if (own.season !== r.season || own.sort_number !== r.episode) {
    return `Episode ${r.id} is season ${own.season} episode ${own.sort_number}, not season ${r.season} episode ${r.episode}`;
  }
  return undefined;
}

/** Whose dates a row gives: the first row of its episode giving a date sets it; another value is an error. */
function dateProblem(r: SheetRow, key: string, first: FirstDates): MetadataError | undefined {
  if (r.available_from && r.available_until && r.available_until <= r.available_from) {
    return { row: r.row, column: 'available_until', detail: 'available_until must be later than available_from' };
  }
  for (const field of ['available_from', 'available_until'] as const) {
    const to = r[field];
    const known = to && first.get(`${key}:${field}`);
    if (to && known && known.value.getTime() !== to.getTime()) {
      const detail = `Row ${known.row} gives this episode another ${field}: an episode has one in every language`;
      return { row: r.row, column: field, detail };
    }
  }
  for (const field of ['available_from', 'available_until'] as const) {
    const to = r[field];
    if (to && !first.has(`${key}:${field}`)) first.set(`${key}:${field}`, { row: r.row, value: to });
  }
  return undefined;
}

/** The fields a row changes: its texts against its version's, its dates (on their first row) against the episode's. */
function rowFields(
  r: SheetRow,
  key: string,
  episode: Episode | undefined,
  version: Version | undefined,
  first: FirstDates,
) {
  const fields: MetadataChange['fields'] = {};
  for (const field of ['title', 'description'] as const) {
    const to = r[field];
    if (to !== null && to !== (version?.[field] ?? '')) fields[field] = { from: version ? version[field] : null, to };
  }
  for (const field of ['available_from', 'available_until'] as const) {
    const to = r[field];
    if (to === null || first.get(`${key}:${field}`)?.row !== r.row) continue;
    const from = episode?.[field] ?? null;
    if (to.getTime() !== from?.getTime()) fields[field as MetadataField] = { from: iso(from), to: iso(to) };
  }
  return fields;
}

/**
 * Every row's change, field by field. An empty cell changes nothing. An episode's dates, which its languages share,
 * are taken from its first row that gives them; another row giving other dates is an error.
 */
export async function planChanges(db: Executor, state: State, rows: SheetRow[], errors: MetadataError[]) {
  const byKey = indexEpisodes(state.episodes);
  const byId = new Map(state.episodes.map((e) => [e.id, e]));
  const versions = new Map(state.versions.map((v) => [`${v.content_id}:${v.lang_id}`, v]));
  const strangers = await episodesElsewhere(
    db,
    rows.flatMap((r) => (r.id !== null && !byId.has(r.id) ? [r.id] : [])),
  );
  const seen = new Map<string, number>();
  const first: FirstDates = new Map();
  const planned: Planned[] = [];
  for (const r of rows) {
    const key = episodeKey(r.season, r.episode);
    const problem = idProblem(r, r.id === null ? undefined : byId.get(r.id), strangers);
    if (problem) {
      errors.push({ row: r.row, column: 'id', detail: problem });
      continue;
    }
    const twice = seen.get(`${key}:${r.lang_id}`);
    if (twice !== undefined) {
      errors.push({
        row: r.row,
        column: 'language',
        detail: `Row ${twice} already gives this episode in this language`,
      });
      continue;
    }
    seen.set(`${key}:${r.lang_id}`, r.row);
    const dates = dateProblem(r, key, first);
    if (dates) {
      errors.push(dates);
      continue;
    }
    const episode = byKey.get(key);
    const version = episode ? versions.get(`${episode.id}:${r.lang_id}`) : undefined;
    const fields = rowFields(r, key, episode, version, first);
    const writes = Object.keys(fields).length > 0;
    const action = writes && !version ? 'create' : writes ? 'update' : 'unchanged';
    const change = { row: r.row, season: r.season, episode: r.episode, lang_id: r.lang_id, action, fields } as const;
    planned.push({ change: { ...change, content_id: episode?.id ?? null }, version, sheet: r });
  }
  return planned;
}

export function answerOf(planned: Planned[], errors: MetadataError[]): MetadataImportAnswer {
  const summary = { create: 0, update: 0, unchanged: 0 };
  for (const p of planned) summary[p.change.action] += 1;
  return { summary, changes: planned.map((p) => p.change), errors };
}

/** The row's episode, made as a draft the first time a new one is named, its dates changed where the row says. */
async function writeEpisode(db: Executor, brandId: number, change: MetadataChange, created: Map<string, number>) {
  const key = episodeKey(change.season, change.episode);
  const contentId = change.content_id ?? created.get(key);
  const dates = {
    ...(change.fields.available_from ? { available_from: change.fields.available_from.to } : {}),
    ...(change.fields.available_until ? { available_until: change.fields.available_until.to } : {}),
  };
  if (contentId === undefined) {
    const made = await addContent(db, {
      brand_id: brandId,
      season: change.season,
      sort_number: change.episode,
      duration_sec: 0,
      is_published: false,
      ...dates,
    });
    created.set(key, made.id);
    return made.id;
  }
  if (Object.keys(dates).length > 0) await updateContent(db, { id: contentId, ...dates });
  return contentId;
}

/**
 * Writes every change through content's own saves (the audit trigger records each in the importer's name, and
 * its history restores it like any save). Runs inside the call's one transaction: all of it or nothing.
 */
export async function writeChanges(db: Executor, brandId: number, planned: Planned[]): Promise<void> {
  const created = new Map<string, number>();
  for (const { change, version, sheet } of planned) {
    if (change.action === 'unchanged') continue;
    const contentId = await writeEpisode(db, brandId, change, created);
    change.content_id = contentId;
    const texts = {
      ...(change.fields.title ? { title: sheet.title ?? '' } : {}),
      ...(change.fields.description ? { description: sheet.description ?? '' } : {}),
    };
    if (!version) {
      await addContentLang(db, {
        content_id: contentId,
        lang_id: change.lang_id,
        title: '',
        description: '',
        is_published: false,
        ...texts,
      });
    } else if (Object.keys(texts).length > 0) {
      await updateContentLang(db, { id: version.id, ...texts });
    }
  }
}
