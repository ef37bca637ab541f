import type { AuditEntry, AuditItem, AuditListBody, BrandName, Country, Language } from '@kids-vod/contract';
import type { AuditNames } from '@kids-vod/contract/audit-words';
import { BIN_ENTITIES } from '@kids-vod/contract/client';
import { type EditScreen, editAddress } from '../screen/index.ts';
import { formatMoment } from '../time/index.ts';

/** What a read of the audit log is filtered by; its pages and the CSV are the reader's (shared/history/audit-entry.tsx). */
export type AuditFilter = Omit<AuditListBody, 'before_id' | 'limit' | 'csv'>;

/**
 * The names the audit log's words need (contract `audit-words.ts`), from what the console has read: languages,
 * brands, countries, and the language of each episode language version the entries themselves mention (a video is
 * attached to a version by its id).
 */
export function auditNames(read: {
  languages?: Language[];
  brands?: BrandName[];
  countries?: Country[];
  entries?: AuditEntry[];
}): AuditNames {
  const languages = new Map(read.languages?.map((l) => [l.id, l.name]));
  const brands = new Map(read.brands?.map((b) => [b.id, b.name]));
  const countries = new Map(read.countries?.map((c) => [c.code2, c.name]));
  const versions = new Map<number, number>();
  for (const e of read.entries ?? []) {
    const langId = (e.after ?? e.before)?.lang_id;
    if (e.entity === 'content_langs' && typeof langId === 'number') versions.set(Number(e.entity_id), langId);
  }
  return {
    language: (id) => languages.get(id),
    brand: (id) => brands.get(id),
    country: (code) => countries.get(code),
    contentLang: (id) => {
      const langId = versions.get(id);
      return langId === undefined ? undefined : languages.get(langId);
    },
    moment: (iso) => formatMoment(iso),
  };
}

/** Each kind of audited item's screen. */
const AUDIT_SCREENS: Record<AuditItem['entity'], EditScreen> = {
  brands: 'brands',
  content: 'content',
  streams: 'streams',
  promos: 'promo',
  promo_codes: 'promocodes',
};

/** Where the console opens an entry's item (docs/decisions/017-a-link-to-every-item.md); null where none does. */
export const auditItemAddress = (item: AuditItem | null): string | null =>
  item ? editAddress(AUDIT_SCREENS[item.entity], item) : null;

/** Which entries may be restored: a kind restored from its history (one the bin takes), not a deletion. */
const RESTORABLE: ReadonlySet<string> = new Set(BIN_ENTITIES);
export const mayRestoreEntry = (entry: AuditEntry) => RESTORABLE.has(entry.entity) && entry.after !== null;
