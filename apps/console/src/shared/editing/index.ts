export { findIn, useEditAsked, useEditing, useFindOnPage } from './editing.ts';
export { EditorModal } from './editor.tsx';
export { LanguageTabs } from './language-tabs.tsx';
export { LeaveGuard } from './leave-guard.tsx';
export { ReadOnlyNotice } from './read-only.tsx';
export { showRefusal, showSaved, startFrom, valuesFrom } from './saved-form.ts';
export { addOrUpdate, useListChange, useSaves, useVersionSaves } from './saves.ts';
export { useUnsaved } from './unsaved.ts';
export { useEditor } from './use-editor.ts';
