export { type EditScreen, editAddress } from './edit-link.ts';
export { lazyComponent, useIdle, whenIdle } from './lazy-component.ts';
export { withTimeout } from './lazy-with-timeout.ts';
export { usePageTitle } from './page-title.ts';
