import { Loader } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

/*
 * The readiness views link every problem to its item (hidden-items' addresses, the editing screens'): loaded when
 * shown, so the brand list's first load carries only its badges (the console's 175 KB budget).
 */
const view = () => import('./readiness-view.tsx');
const LazyReadinessBadges = lazy(() => import('./readiness-badges.tsx').then((m) => ({ default: m.ReadinessBadges })));
const LazyBrandReadiness = lazy(() => view().then((m) => ({ default: m.BrandReadiness })));
const LazyProblemList = lazy(() => view().then((m) => ({ default: m.ProblemList })));
const waiting = <Loader size="sm" role="status" aria-label="Loading readiness" />;

export function BrandReadiness(props: ComponentProps<typeof LazyBrandReadiness>) {
  return (
    <Suspense fallback={waiting}>
      <LazyBrandReadiness {...props} />
    </Suspense>
  );
}

export function ProblemList(props: ComponentProps<typeof LazyProblemList>) {
  return (
    <Suspense fallback={waiting}>
      <LazyProblemList {...props} />
    </Suspense>
  );
}

/** A row's badges: their own chunk too, so the brand list's first load is unchanged. */
export function ReadinessBadges(props: ComponentProps<typeof LazyReadinessBadges>) {
  return (
    <Suspense fallback={null}>
      <LazyReadinessBadges {...props} />
    </Suspense>
  );
}
