/** What other code may use of the catalogue: publishing a language (the demo catalogue publishes on first start). */

export type { BuildFailedListener, BuildFailure, CatalogueServices } from './build-failed.ts';
export { publishCatalogue } from './publish.ts';
