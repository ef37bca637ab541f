import { type ComponentType, Suspense } from 'react';
import { lazyComponent } from '../shared/screen/index.ts';
import { useRole } from '../shared/session/index.ts';
import { mayUse, type Screen } from './screens.tsx';

// Rarely shown: its words and layout load when a role meets a screen it may not use.
const NotForYourRole = lazyComponent(() => import('./not-for-your-role.tsx').then((m) => m.NotForYourRole));

/**
 * A screen's component behind its permission, asked at every render (not once when its code arrived): another
 * account signing in in the same tab gets its own answer.
 */
export function gated(screen: Screen, Component: ComponentType): ComponentType {
  return function GatedScreen() {
    const role = useRole();
    if (mayUse(role, screen)) return <Component />;
    return (
      <Suspense fallback={null}>
        <NotForYourRole screen={screen} />
      </Suspense>
    );
  };
}
