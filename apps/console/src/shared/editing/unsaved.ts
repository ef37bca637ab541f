import { useEffect } from 'react';

/**
 * How many forms hold unsaved changes. A modal asks before its own close; leaving the page (Back, a reload,
 * closing the tab) is asked about by the one guard that reads this count (shared/editing/leave-guard.tsx).
 */
let unsavedForms = 0;

export const hasUnsaved = () => unsavedForms > 0;

/** Counts this form while `unsaved` is true. */
export function useUnsaved(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    unsavedForms++;
    return () => {
      unsavedForms--;
    };
  }, [unsaved]);
}
