/**
 * Unsaved edit-modal forms kept in this tab (sessionStorage), so typing survives a session that ended elsewhere:
 * keyed by the signed-in user's id and the item's address (shared/editing/edit-address.ts), never holding secrets.
 */
const PREFIX = 'draft:';

export interface Draft<V = Record<string, unknown>> {
  values: Partial<V>;
  /** The `updated_at` of the item the typing started from: a save of the restored typing is checked against it. */
  base?: string;
}

export const draftKey = (userId: number, address: string) => `${PREFIX}${userId}:${address}`;

/** Field names that may hold a secret: never written to the browser's storage. */
const SECRET = /pass(word|phrase)?|secret|token|totp|otp|recovery/i;

/** The form's values that may be kept: no secrets, nothing that does not survive JSON (a file being chosen). */
export function keepable<V extends object>(values: V): Partial<V> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (SECRET.test(name) || value === undefined || typeof value === 'function') continue;
    if (typeof Blob !== 'undefined' && value instanceof Blob) continue;
    kept[name] = value;
  }
  return kept as Partial<V>;
}

/** The browser's storage may be off or full: a draft is a kindness, never a failure. */
function quietly<R>(act: () => R, otherwise: R): R {
  try {
    return act();
  } catch {
    return otherwise;
  }
}

export function readDraft<V>(storage: Storage, key: string): Draft<V> | null {
  return quietly(() => {
    const text = storage.getItem(key);
    const draft = text ? (JSON.parse(text) as Draft<V>) : null;
    return draft && typeof draft.values === 'object' && draft.values !== null ? draft : null;
  }, null);
}

export function writeDraft<V extends object>(storage: Storage, key: string, values: V, base?: string): void {
  quietly(() => storage.setItem(key, JSON.stringify({ values: keepable(values), base } satisfies Draft<V>)), undefined);
}

export function removeDraft(storage: Storage, key: string): void {
  quietly(() => storage.removeItem(key), undefined);
}

/** Signing out forgets the user's drafts in this tab; a session ended elsewhere (a 401) keeps them. */
export function clearDrafts(storage: Storage, userId: number): void {
  quietly(() => {
    const mine = `${PREFIX}${userId}:`;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key?.startsWith(mine)) storage.removeItem(key);
  }, undefined);
}
