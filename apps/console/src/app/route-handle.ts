import type { Icon } from '@tabler/icons-react';
import { useMatches } from 'react-router';

export interface RouteHandle {
  title: string;
  icon?: Icon;
}

/** The title (and breadcrumb icon) of the deepest route that names one. */
export function useRouteTitle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return { title: 'Kids VOD' };
}
