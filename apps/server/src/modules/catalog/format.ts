/**
 * The catalogue file the kids apps download, as docs/catalog-format.md describes it and
 * docs/catalog.schema.json checks it. Bump FORMAT_VERSION on any change an app already in the
 * stores could misread (a field removed, renamed or given another meaning); adding fields is not one.
 */
import type { WhereToWatch } from '@kids-vod/contract';

export const FORMAT_VERSION = 1;

export interface Catalogue {
  format_version: typeof FORMAT_VERSION;
  lang: string;
  /** What view reports (POST /api/stat/views) send as lang_id. */
  lang_id: number;
  generated_at: string;
  brands: CatalogueBrand[];
  promos: CataloguePromo[];
  streams: CatalogueStream[];
  strings: Record<string, string>;
}

export interface CatalogueBrand {
  id: number;
  slug: string;
  title: string;
  description: string;
  logo_url: string | null;
  age_rating: string;
  countries: WhereToWatch;
  content: CatalogueItem[];
  linked_content: LinkedItem[];
}

export interface CatalogueItem {
  id: number;
  season: number;
  sort_number: number;
  title: string;
  description: string;
  thumbnail_url: string | null;
  duration_sec: number;
  video: { playback_url: string; duration_sec: number | null };
}

/** Content of another brand shown in a compilation: found in `brands[brand_id].content` by `content_id`. */
export interface LinkedItem {
  content_id: number;
  brand_id: number;
}

export interface CataloguePromo {
  id: number;
  title: string;
  image_url: string | null;
  bg_color: string;
  button_color: string;
  button_text: string;
  brand_id: number | null;
  season: number | null;
  content_id: number | null;
}

export interface CatalogueStream {
  id: number;
  title: string;
  url: string;
  poster_url: string | null;
}

export type CatalogueCounts = {
  brands: number;
  content: number;
  links: number;
  promos: number;
  streams: number;
  strings: number;
  /** Published in the language but left out for want of a video: what editors still have to attach. */
  content_without_video: number;
};
