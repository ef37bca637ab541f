import type { Content } from '@kids-vod/contract';
import { describe, expect, it } from 'vitest';
import { bannerTarget } from './banner-target.ts';

const episode = (id: number, sort_number: number, title: string) =>
  ({ id, season: 1, sort_number, langs: [{ id, lang_id: 1, title, has_video: false }] }) as unknown as Content;
const season1 = [episode(7, 1, 'Reed'), episode(8, 2, 'Lily')];

describe("what a banner's card says it opens", () => {
  it('names the episode it opens, not just "Episode"', () => {
    expect(bannerTarget({ brand_id: 3, season: 1, content_id: 8 }, 'Robo Friends', season1)).toBe(
      'Robo Friends · Season 1 · E2 · Lily',
    );
  });

  it('names the episode by its id until its season has loaded', () => {
    expect(bannerTarget({ brand_id: 3, season: 1, content_id: 8 }, 'Robo Friends', undefined)).toBe(
      'Robo Friends · Season 1 · Episode #8',
    );
  });

  it("says a season, or the brand's page, when no episode is chosen", () => {
    expect(bannerTarget({ brand_id: 3, season: 2, content_id: null }, 'Robo Friends', undefined)).toBe(
      'Robo Friends · Season 2',
    );
    expect(bannerTarget({ brand_id: 3, season: null, content_id: null }, 'Robo Friends', undefined)).toBe(
      'Robo Friends',
    );
    expect(bannerTarget({ brand_id: null, season: null, content_id: null }, undefined, undefined)).toBe('Nothing');
  });
});
