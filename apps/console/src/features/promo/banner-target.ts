import { type Content, DEFAULT_LANG_ID, type Promo } from '@kids-vod/contract';

/** An episode as the content Select names it: its number in the season and its title in language 1. */
export function contentLabel(item: Content): string {
  const title = item.langs.find((l) => l.lang_id === DEFAULT_LANG_ID)?.title.trim();
  return `E${item.sort_number} · ${title || 'Untitled'}`;
}

/**
 * What a banner opens in the app, as its card says it: the brand's page, one of its seasons, or one episode by its
 * number and title ("Robo Friends · Season 1 · E3 · Reed"); the episode by its id until its season has loaded.
 */
export function bannerTarget(
  banner: Pick<Promo, 'brand_id' | 'season' | 'content_id'>,
  brandName: string | undefined,
  seasonContent: Content[] | undefined,
): string {
  if (banner.brand_id === null) return 'Nothing';
  const episode = banner.content_id === null ? null : seasonContent?.find((c) => c.id === banner.content_id);
  return [
    brandName ?? `Brand #${banner.brand_id}`,
    banner.season === null ? null : `Season ${banner.season}`,
    banner.content_id === null ? null : episode ? contentLabel(episode) : `Episode #${banner.content_id}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
