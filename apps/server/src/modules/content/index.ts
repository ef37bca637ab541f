/** What other modules may use of content (docs/decisions/006-architecture-in-lint.md): the saves a history restore and
 * the metadata sheet go through. */
export { addContent, updateContent } from './data.ts';
export { addContentLang, getContentLang, updateContentLang } from './versions.ts';
