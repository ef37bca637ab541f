/** What other code may use of the catalogue: publishing a language (the demo catalogue publishes on first start). */
export { publishCatalogue } from './publish.ts';
