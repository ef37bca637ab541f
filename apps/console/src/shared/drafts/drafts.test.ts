import { describe, expect, it } from 'vitest';
import { clearDrafts, draftKey, keepable, readDraft, removeDraft, writeDraft } from './drafts.ts';

/** sessionStorage's interface over a Map, for node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

describe('drafts of unsaved forms', () => {
  it('keeps no secrets and nothing that does not survive JSON', () => {
    const values = {
      code: 'SPRING',
      description: 'Spring sale',
      max_uses: '',
      valid_from: null,
      is_active: true,
      password: 'hunter2hunter2',
      new_password: 'x',
      totp_code: '123456',
      token: 't',
      client_secret: 's',
      logo: new Blob(['png']),
      later: undefined,
    };
    expect(keepable(values)).toEqual({
      code: 'SPRING',
      description: 'Spring sale',
      max_uses: '',
      valid_from: null,
      is_active: true,
    });
  });

  it("writes, reads and removes one user's draft of one item", () => {
    const storage = memoryStorage();
    const key = draftKey(7, '/admin/promocodes?edit=new');
    expect(readDraft(storage, key)).toBeNull();
    writeDraft(storage, key, { code: 'SPRING', password: 'no' }, '2026-11-25T10:00:00.000Z');
    expect(readDraft(storage, key)).toEqual({ values: { code: 'SPRING' }, base: '2026-11-25T10:00:00.000Z' });
    expect(readDraft(storage, draftKey(8, '/admin/promocodes?edit=new'))).toBeNull();
    removeDraft(storage, key);
    expect(readDraft(storage, key)).toBeNull();
  });

  it('reads a damaged draft as none, and a storage that refuses as no draft', () => {
    const storage = memoryStorage();
    storage.setItem('draft:7:/admin/brands?edit=1', '{not json');
    storage.setItem('draft:7:/admin/brands?edit=2', '{"values":null}');
    expect(readDraft(storage, 'draft:7:/admin/brands?edit=1')).toBeNull();
    expect(readDraft(storage, 'draft:7:/admin/brands?edit=2')).toBeNull();
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeDraft(full, 'draft:7:x', { a: 1 })).not.toThrow();
  });

  it("signing out clears that user's drafts only", () => {
    const storage = memoryStorage();
    writeDraft(storage, draftKey(7, '/admin/brands?edit=1'), { name: 'A' });
    writeDraft(storage, draftKey(7, '/admin/promo?edit=new'), { title: 'B' });
    writeDraft(storage, draftKey(70, '/admin/brands?edit=1'), { name: 'C' });
    storage.setItem('color-mode', 'dark');
    clearDrafts(storage, 7);
    expect(readDraft(storage, draftKey(7, '/admin/brands?edit=1'))).toBeNull();
    expect(readDraft(storage, draftKey(7, '/admin/promo?edit=new'))).toBeNull();
    expect(readDraft(storage, draftKey(70, '/admin/brands?edit=1'))).toEqual({ values: { name: 'C' } });
    expect(storage.getItem('color-mode')).toBe('dark');
  });
});
