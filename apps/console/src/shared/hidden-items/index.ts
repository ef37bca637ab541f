export { HiddenItems } from './hidden-items.tsx';
export { itemAddress } from './hidden-reasons.ts';
export { processingSentence } from './video-waiting.ts';
