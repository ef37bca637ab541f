export { HiddenItems } from './hidden-items.tsx';
export { processingSentence } from './video-waiting.ts';
