/** Local storage keys named by the product spec. */
export const COLOR_MODE_KEY = 'color-mode';
export const LAST_PAGE_KEY = 'page';
