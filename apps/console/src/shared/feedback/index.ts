export { SUCCESS_TEXT, WARNING_TEXT } from './colours.ts';
export { closeUnlessUnsaved, confirmAction, DISCARD_QUESTION } from './confirm.tsx';
export { CopyTextButton, CopyValue } from './copy-value.tsx';
export { DANGER_TEXT } from './danger-text.ts';
export { LazyTooltip } from './lazy-tooltip.tsx';
export { setModalsReady } from './modals-ready.ts';
export { DismissibleError, Notice } from './notice.tsx';
export { RevokeButton } from './revoke-button.tsx';
export { NewSecretForm, SecretOnce } from './secret-once.tsx';
