export { clearDrafts, type Draft, draftKey, readDraft, removeDraft, writeDraft } from './drafts.ts';
