import type { UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type Draft, draftKey, readDraft, removeDraft, writeDraft } from '../drafts/index.ts';
import { profileQuery, useProfile } from '../session/index.ts';
import { useEditAddress } from './editing.ts';

/**
 * The draft of an edit modal's form (shared/drafts/drafts.ts), for shared/editing/editor.tsx: written while the form holds
 * unsaved typing; gone once the typing is saved or undone, or the modal goes while still signed in (a close, a
 * discard, Back, a reload the browser asked about). A session that ends (a 401, a sign-out) leaves it, and the same
 * user opening the same item again (after signing in, the address brings them back) gets it from `restore`.
 * Only modals the address opens (`?edit=`) keep one.
 */
export function useFormDraft<V extends object>(
  form: UseFormReturnType<V>,
  { ready, base }: { ready: boolean; base?: string },
) {
  const { address, created, closing } = useEditAddress();
  const userId = useProfile().data?.id;
  const queryClient = useQueryClient();
  const key = address && userId ? draftKey(userId, address) : null;

  const dirty = ready && form.isDirty();
  const wasDirty = useRef(false);
  useEffect(() => {
    if (!key) return;
    if (dirty) writeDraft(sessionStorage, key, form.values, base);
    else if (wasDirty.current) removeDraft(sessionStorage, key);
    wasDirty.current = dirty;
  }, [key, dirty, form.values, base]);

  useEffect(() => {
    if (!key) return;
    const forget = () => {
      if (queryClient.getQueryData(profileQuery.queryKey)) removeDraft(sessionStorage, key);
    };
    window.addEventListener('pagehide', forget);
    return () => {
      window.removeEventListener('pagehide', forget);
      forget();
    };
  }, [key, queryClient]);

  return {
    /** Puts a kept draft's values in the form (once it holds the item); null when there is none. */
    restore(): Draft<V> | null {
      const kept = key ? readDraft<V>(sessionStorage, key) : null;
      if (!kept) return null;
      const fields = new Set(Object.keys(form.getValues()));
      form.setValues(
        Object.fromEntries(Object.entries(kept.values).filter(([name]) => fields.has(name))) as Partial<V>,
      );
      return kept;
    },
    created,
    closing,
  };
}
