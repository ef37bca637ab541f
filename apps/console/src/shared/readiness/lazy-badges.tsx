import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * A row's badges, loaded when the list shows: the brand list's first load stays within the console's 175 KB budget
 * (bench/README.md, "Bundle budget").
 */
const LazyReadinessBadges = lazy(() => import('./readiness-badges.tsx').then((m) => ({ default: m.ReadinessBadges })));

export function ReadinessBadges(props: ComponentProps<typeof LazyReadinessBadges>) {
  return (
    <Suspense fallback={null}>
      <LazyReadinessBadges {...props} />
    </Suspense>
  );
}
