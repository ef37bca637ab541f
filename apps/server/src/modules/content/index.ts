/** What other modules may use of content (docs/decisions/006-architecture-in-lint.md): the saves a history restore goes through. */
export { updateContent } from './data.ts';
export { getContentLang, updateContentLang } from './versions.ts';
