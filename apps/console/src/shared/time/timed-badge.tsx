import { Suspense } from 'react';
import { lazyComponent } from '../screen/index.ts';

// The badge and the words of time load only for a list that has an item with a window: the brands list is part of
// the first load, and most items have none.
const WindowBadge = lazyComponent(() => import('./window-badge.tsx').then((m) => m.WindowBadge));

/**
 * A list item's "Scheduled" or "Expired" badge (shared/time/window-badge.tsx), for an item with an availability
 * window; nothing for one without.
 */
export function TimedBadge({ item }: { item: { available_from?: string | null; available_until?: string | null } }) {
  const from = item.available_from ?? null;
  const until = item.available_until ?? null;
  if (from === null && until === null) return null;
  return (
    <Suspense fallback={null}>
      <WindowBadge window={{ from, until }} />
    </Suspense>
  );
}
