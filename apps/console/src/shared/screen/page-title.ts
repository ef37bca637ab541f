import { useEffect } from 'react';

/** The browser tab's name for a page: "Brands · Kids VOD". One place for the pattern, layout and standalone pages. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Kids VOD`;
  }, [title]);
}
