import { useMatches } from 'react-router';

export interface RouteHandle {
  title: string;
  /** The path of the screen the route shows (screens.tsx), for its icon. */
  screen?: string;
}

/**
 * The address `/` comes back to (local storage `page`): a screen's, never an unknown one, which would make `/` open on
 * Not found from then on.
 */
export function pageToComeBackTo(route: RouteHandle, address: { pathname: string; search: string }): string | null {
  return route.screen ? address.pathname + address.search : null;
}

/** The title (and screen, for its icon) of the deepest route that names one. */
export function useRouteTitle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return { title: 'Kids VOD' };
}
