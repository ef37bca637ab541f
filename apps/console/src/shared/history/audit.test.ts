import type { AuditEntry } from '@kids-vod/contract';
import { changeLine, entryWords, valueWords } from '@kids-vod/contract/audit-words';
import { describe, expect, it } from 'vitest';
import { auditItemAddress, auditNames, mayRestoreEntry } from './audit.ts';

let nextId = 0;
const entry = (e: Partial<AuditEntry> & Pick<AuditEntry, 'entity' | 'action'>): AuditEntry => ({
  id: ++nextId,
  at: '2026-11-25T10:00:00.000Z',
  user_id: 1,
  user_email: 'ann@example.com',
  call: 'POST /api/brand/update',
  entity_id: '12',
  before: null,
  after: null,
  item: null,
  ...e,
});

const names = auditNames({
  languages: [
    { id: 1, code: 'en', name: 'English' },
    { id: 2, code: 'ru', name: 'Russian' },
  ],
  brands: [{ id: 3, name: 'Ducks' }],
  countries: [{ code2: 'GB', name: 'United Kingdom' }],
});

describe('the audit log in words', () => {
  it('says a change field by field, old → new, with labels, names, Yes/No and en-GB dates', () => {
    const words = entryWords(
      entry({
        entity: 'brands',
        action: 'update',
        before: { id: 12, name: 'Ducks', is_published: false, updated_at: 'a', available_from: null },
        after: { id: 12, name: 'Geese', is_published: true, updated_at: 'b', available_from: '2026-12-01' },
      }),
      names,
    );
    expect(words).toMatchObject({ kind: 'Brand', subject: 'Geese', what: 'Changed' });
    // A change that leaves the name alone still names the brand, as the console knows it now.
    const published = entryWords(
      entry({ entity: 'brands', action: 'update', entity_id: '3', before: { sort: 1 }, after: { sort: 2 } }),
      names,
    );
    expect(published.subject).toBe('Ducks');
    expect(words.changes.map(changeLine)).toEqual([
      'Name: Ducks → Geese',
      'Published: No → Yes',
      'Available from: (empty) → 01/12/2026',
    ]);
  });

  it("names the person of a sign-in by the email of who signed in, and no one else's", () => {
    const own = entryWords(entry({ entity: 'users', action: 'sign_in', entity_id: '1', call: null }), names);
    expect(own).toMatchObject({ kind: 'Staff member', subject: 'ann@example.com', what: 'Signed in' });
    // Someone else's account, without its row in the entry: not named after the admin who acted.
    const other = entryWords(entry({ entity: 'users', action: 'revoke', entity_id: '7' }), names);
    expect(other.subject).toBeNull();
  });

  it('names languages, brands and countries instead of their ids', () => {
    const lang = entryWords(
      entry({
        entity: 'brand_langs',
        action: 'insert',
        after: { brand_id: 3, lang_id: 2, title: 'Утки', logo_url: null },
      }),
      names,
    );
    expect(lang.kind).toBe('Brand language version');
    expect(lang.subject).toBe('Russian version');
    expect(lang.changes.map(changeLine)).toEqual(['Language: Russian', 'Title: Утки']);
    const rule = entryWords(
      entry({ entity: 'country_rules', action: 'delete', before: { code2: ['GB', 'IE'] } }),
      names,
    );
    expect(rule.what).toBe('Deleted for good');
    expect(rule.changes.map(changeLine)).toEqual(['Countries: United Kingdom, IE (removed)']);
    expect(valueWords('lang_id', 9, names)).toBe('language 9');
  });

  it('tells the bin, a restored version and a video attached or detached from a plain change', () => {
    const binned = entry({
      entity: 'content',
      action: 'update',
      before: { deleted_at: null },
      after: { deleted_at: '2026-11-25T10:00:00Z' },
    });
    expect(entryWords(binned).what).toBe('Moved to the bin');
    expect(entryWords(binned).changes).toEqual([]);
    expect(entryWords({ ...binned, before: binned.after, after: binned.before }).what).toBe('Restored from the bin');
    const restored = entry({
      entity: 'content',
      action: 'update',
      call: 'POST /api/audit/restore',
      before: { season: 2 },
      after: { season: 1 },
    });
    expect(entryWords(restored).what).toBe('Earlier version restored');

    const contentNames = auditNames({
      languages: [{ id: 1, code: 'en', name: 'English' }],
      entries: [entry({ entity: 'content_langs', action: 'insert', entity_id: '40', after: { lang_id: 1 } })],
    });
    const attached = entry({
      entity: 'video_files',
      action: 'update',
      before: { name: 'a.mp4', content_lang_id: null },
      after: { name: 'a.mp4', content_lang_id: 40 },
    });
    expect(entryWords(attached, contentNames)).toMatchObject({ what: 'Video attached', subject: 'video a.mp4' });
    expect(entryWords(attached, contentNames).changes.map(changeLine)).toEqual([
      'Attached to: (empty) → English version',
    ]);
    expect(entryWords({ ...attached, before: attached.after, after: attached.before }).what).toBe('Video detached');
  });

  it('says staff events in words and never shows bookkeeping columns', () => {
    const signIn = entryWords(entry({ entity: 'users', action: 'sign_in', after: null, before: null }));
    expect(signIn).toMatchObject({ kind: 'Staff member', what: 'Signed in', changes: [] });
    const role = entryWords(
      entry({ entity: 'users', action: 'update', before: { role: 'editor' }, after: { role: 'admin', email: 'b@x' } }),
    );
    expect(role.changes.map(changeLine)).toEqual(['Role: Editor → Admin', 'Email: (empty) → b@x']);
    const created = entryWords(
      entry({ entity: 'streams', action: 'insert', after: { id: 5, created_at: 'x', updated_at: 'y', title: 'Live' } }),
    );
    expect(created.changes.map((c) => c.field)).toEqual(['title']);
  });

  it('writes moments and durations as a reader reads them', () => {
    expect(valueWords('starts_at', '2026-03-04T05:06:00.000Z')).toBe('04/03/2026 05:06');
    expect(valueWords('duration_sec', 3725)).toBe('1:02:05');
    expect(valueWords('duration_sec', 65)).toBe('1:05');
    expect(valueWords('is_active', false)).toBe('No');
    expect(valueWords('description', '')).toBe('(empty)');
  });
});

describe('entries and their items', () => {
  it('links each kind of item to the address that opens it', () => {
    expect(auditItemAddress({ entity: 'brands', id: 12 })).toBe('/admin/brands?edit=12');
    expect(auditItemAddress({ entity: 'content', id: 45, brand_id: 3 })).toBe('/admin/content?brand=3&edit=45');
    expect(auditItemAddress({ entity: 'streams', id: 7, lang_id: 2 })).toBe('/admin/streams?lang=2&edit=7');
    expect(auditItemAddress({ entity: 'promos', id: 1 })).toBe('/admin/promo?edit=1');
    expect(auditItemAddress({ entity: 'promo_codes', id: 9 })).toBe('/admin/promocodes?edit=9');
    expect(auditItemAddress(null)).toBeNull();
  });

  it('offers Restore on saves of the kinds restored from history, not on deletions or other kinds', () => {
    expect(mayRestoreEntry(entry({ entity: 'brand_langs', action: 'update', after: { title: 'x' } }))).toBe(true);
    expect(mayRestoreEntry(entry({ entity: 'brands', action: 'delete', before: { name: 'x' } }))).toBe(false);
    expect(mayRestoreEntry(entry({ entity: 'promo_codes', action: 'update', after: { code: 'X' } }))).toBe(false);
  });
});
