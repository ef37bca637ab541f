/** What other modules may use of brands (docs/decisions/006-architecture-in-lint.md). */
export { assertBrand, updateBrand, updateBrandLang } from './data.ts';
