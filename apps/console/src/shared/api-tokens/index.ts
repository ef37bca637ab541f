export { ApiTokens } from './api-tokens.tsx';
export { tokenKeys } from './token-calls.ts';
