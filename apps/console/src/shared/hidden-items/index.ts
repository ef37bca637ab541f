export { HiddenItems } from './hidden-items.tsx';
