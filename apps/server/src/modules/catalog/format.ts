/**
 * The catalogue file the kids apps download, as docs/catalog-format.md describes it and
 * docs/catalog.schema.json checks it. Its shape is the contract's (`Catalogue`), so the preview the console shows
 * is typed as the file. Bump FORMAT_VERSION on any change an app already in the stores could misread (a field
 * removed, renamed or given another meaning); adding fields is not one.
 */
export type {
  Catalogue,
  CatalogueBrand,
  CatalogueItem,
  CataloguePromo,
  CatalogueStream,
  LinkedItem,
} from '@kids-vod/contract';

export const FORMAT_VERSION = 1;

export type CatalogueCounts = {
  brands: number;
  content: number;
  links: number;
  promos: number;
  streams: number;
  strings: number;
  /** Published in the language but left out for want of a video: what editors still have to attach. */
  content_without_video: number;
  /** Published in the language but left out while its video is queued or processing: in a later build. */
  content_video_processing: number;
  /** Published in the language but left out because its video failed to process: Retry, or another file. */
  content_video_failed: number;
};
