/** What other code may use of the catalogue: publishing a language (the demo catalogue publishes on first start). */

/** The hooks "a catalogue was published" and "a build failed" (decisions 078, 079), given by the composition root. */
export type { CatalogueFailure, CatalogueListeners } from './listeners.ts';
export { publishCatalogue } from './publish.ts';
