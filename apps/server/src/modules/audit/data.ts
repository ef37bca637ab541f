import { Readable } from 'node:stream';
import type { AuditEntry, AuditItem, AuditPage, api } from '@kids-vod/contract';
import { type AuditNames, changeLine, entryWords } from '@kids-vod/contract/audit-words';
import { and, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, brands, content, contentLangs, countries, languages } from '../../db/schema.ts';
import { csvRecord } from '../../lib/csv.ts';
import type { Body } from '../../lib/route.ts';

type Filter = Body<typeof api.audit.list>;

/** A column of the row on either side of an entry: the row after it, or before it for a deletion. */
const column = (name: string) => sql`coalesce(${auditLog.after}->>${name}, ${auditLog.before}->>${name})`;

/**
 * An item and its parts (`with_parts`): a brand's language versions, country rules and compilation links; an
 * episode's language versions, the videos attached to or detached from them, and its compilation links. Parts are
 * found by the parent id in the row itself, so a part deleted for good still shows.
 */
function itemWithParts(entity: 'brands' | 'content', id: string): SQL {
  const own = and(eq(auditLog.entity, entity), eq(auditLog.entity_id, id));
  if (entity === 'brands') {
    return or(
      own,
      and(
        inArray(auditLog.entity, ['brand_langs', 'country_rules', 'content_links']),
        sql`${column('brand_id')} = ${id}`,
      ),
    ) as SQL;
  }
  const versions = sql`(select a.entity_id from ${auditLog} a where a.entity = 'content_langs' and coalesce(a.after->>'content_id', a.before->>'content_id') = ${id})`;
  return or(
    own,
    and(
      inArray(auditLog.entity, ['content_langs', 'content_links', 'content_not_planned']),
      sql`${column('content_id')} = ${id}`,
    ),
    and(
      inArray(auditLog.entity, ['video_files', 'subtitles']),
      sql`(${auditLog.after}->>'content_lang_id' in ${versions} or ${auditLog.before}->>'content_lang_id' in ${versions})`,
    ),
  ) as SQL;
}

function conditions(filter: Filter): SQL[] {
  const where: SQL[] = [];
  if (filter.with_parts && filter.entity_id && (filter.entity === 'brands' || filter.entity === 'content')) {
    where.push(itemWithParts(filter.entity, filter.entity_id));
  } else {
    if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
    if (filter.entity_id) where.push(eq(auditLog.entity_id, filter.entity_id));
  }
  if (filter.user_id) where.push(eq(auditLog.user_id, filter.user_id));
  if (filter.from) where.push(gte(auditLog.at, filter.from));
  if (filter.to) where.push(lte(auditLog.at, filter.to));
  return where;
}

type Row = Omit<AuditEntry, 'item'>;
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The episodes (by id) and the episodes' language versions (by the version's id) that a page's entries name. */
async function episodesOf(db: Executor, rows: Row[]) {
  const contentIds = new Set<number>();
  const versionIds = new Set<number>();
  for (const { entity, before, after } of rows) {
    const row = after ?? before ?? {};
    if (entity === 'content_langs' || entity === 'content_links' || entity === 'content_not_planned') {
      contentIds.add(num(row.content_id) ?? 0);
    }
    if (entity === 'video_files' || entity === 'subtitles')
      versionIds.add(num(row.content_lang_id) ?? num(before?.content_lang_id) ?? 0);
  }
  contentIds.delete(0);
  versionIds.delete(0);
  const [episodes, versions] = await Promise.all([
    contentIds.size
      ? db
          .select({ id: content.id, brand_id: content.brand_id })
          .from(content)
          .where(inArray(content.id, [...contentIds]))
      : [],
    versionIds.size
      ? db
          .select({ id: contentLangs.id, content_id: content.id, brand_id: content.brand_id })
          .from(contentLangs)
          .innerJoin(content, eq(content.id, contentLangs.content_id))
          .where(inArray(contentLangs.id, [...versionIds]))
      : [],
  ]);
  return {
    brandOf: new Map(episodes.map((e) => [e.id, e.brand_id])),
    versions: new Map(versions.map((v) => [v.id, v])),
  };
}

type Episodes = Awaited<ReturnType<typeof episodesOf>>;

function itemOf({ entity, entity_id, before, after }: Row, { brandOf, versions }: Episodes): AuditItem | null {
  const row = after ?? before ?? {};
  const id = Number(entity_id);
  const episode = (contentId: number | undefined) => {
    const brand = contentId === undefined ? undefined : brandOf.get(contentId);
    return contentId && brand ? { entity: 'content' as const, id: contentId, brand_id: brand } : null;
  };
  switch (entity) {
    case 'brands':
    case 'promos':
    case 'promo_codes':
      return { entity, id };
    case 'streams':
      return { entity, id, lang_id: num(row.lang_id) };
    case 'brand_langs':
    case 'country_rules': {
      const brand = num(row.brand_id);
      return brand ? { entity: 'brands', id: brand } : null;
    }
    case 'content': {
      const brand = num(row.brand_id);
      return brand ? { entity, id, brand_id: brand } : null;
    }
    case 'content_langs':
    case 'content_links':
    case 'content_not_planned':
      return episode(num(row.content_id));
    case 'video_files':
    case 'subtitles': {
      const version = versions.get(num(row.content_lang_id) ?? num(before?.content_lang_id) ?? 0);
      return version ? { entity: 'content', id: version.content_id, brand_id: version.brand_id } : null;
    }
    default:
      return null;
  }
}

/** Each entry with the item it belongs to, so a screen can link to it. */
async function withItems(db: Executor, rows: Row[]): Promise<AuditEntry[]> {
  const episodes = await episodesOf(db, rows);
  return rows.map((row) => ({ ...row, item: itemOf(row, episodes) }));
}

/** A page of entries as stored, without their items (the CSV has no use for them). */
async function page(
  db: Executor,
  where: SQL[],
  beforeId: number | undefined,
  limit: number,
): Promise<{ rows: Row[]; next_before_id: number | null }> {
  const cursor = beforeId ? [lt(auditLog.id, beforeId)] : [];
  // One row more than asked says whether there is an older page.
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where, ...cursor))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const own = rows.slice(0, limit);
  return { rows: own, next_before_id: rows.length > limit ? (own.at(-1)?.id ?? null) : null };
}

/** A page of the audit log, newest first; the rows are written by the database's trigger (migration 0003). */
export async function listAudit(db: Executor, filter: Filter): Promise<AuditPage> {
  const { rows, next_before_id } = await page(db, conditions(filter), filter.before_id, filter.limit);
  return { items: await withItems(db, rows), next_before_id };
}

const AUDIT_CSV_COLUMNS = [
  'Entry',
  'When (UTC)',
  'Person',
  'Kind',
  'Item',
  'Which',
  'What happened',
  'Change',
] as const;

/** The names entries refer to by id: languages, brands (those in the bin too) and countries. */
async function auditNames(db: Executor): Promise<AuditNames> {
  const [langs, brandRows, countryRows] = await Promise.all([
    db.select({ id: languages.id, name: languages.name }).from(languages),
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ code2: countries.code2, name: countries.name }).from(countries),
  ]);
  const langNames = new Map(langs.map((l) => [l.id, l.name]));
  const brandNames = new Map(brandRows.map((b) => [b.id, b.name]));
  const countryNames = new Map(countryRows.map((c) => [c.code2, c.name]));
  return {
    language: (id) => langNames.get(id),
    brand: (id) => brandNames.get(id),
    country: (code) => countryNames.get(code),
  };
}

/** One entry's records: one per changed field, or one with no change for an event that changes none. */
function entryRecords(entry: Row, names: AuditNames): string {
  const words = entryWords(entry, names);
  const cells = [
    entry.id,
    valueAt(entry.at),
    entry.user_email ?? 'System',
    words.kind,
    entry.entity_id,
    words.subject ?? '',
    words.what,
  ] as const;
  const lines = words.changes.length ? words.changes.map(changeLine) : [''];
  return lines.map((line) => csvRecord([...cells, line])).join('');
}
const valueAt = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The CSV export's batch: entries read at a time, so a long log streams in steady memory. */
const CSV_BATCH = 1000;

/** The whole filtered log, newest first, as CSV (RFC 4180, formulas defused: lib/csv.ts), read in batches. */
export async function auditCsv(db: Executor, filter: Filter): Promise<Readable> {
  const where = conditions(filter);
  const names = await auditNames(db);
  // The first batch is read before the answer starts, so a filter the database refuses (a date out of its range)
  // is answered as an error, not as a download cut off after its headers.
  let batch = await page(db, where, filter.before_id, CSV_BATCH);
  async function* chunks() {
    yield csvRecord(AUDIT_CSV_COLUMNS);
    for (;;) {
      yield batch.rows.map((e) => entryRecords(e, names)).join('');
      if (batch.next_before_id === null) return;
      batch = await page(db, where, batch.next_before_id, CSV_BATCH);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
