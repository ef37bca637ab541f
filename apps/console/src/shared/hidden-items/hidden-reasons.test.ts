import { describe, expect, it } from 'vitest';
import { itemAddress, reasonWords } from './hidden-reasons.ts';

describe('hidden reasons', () => {
  it('words a reason with the language and the country', () => {
    const context = { language: 'Spanish', country: 'France' };
    expect(reasonWords('no_version', context)).toBe('No Spanish version');
    expect(reasonWords('brand_not_in_country', context)).toBe('Its brand is not watchable in France');
    expect(reasonWords('no_video', context)).toBe('No video in Spanish');
    expect(reasonWords('video_processing', context)).toBe('Its Spanish video is still being processed');
    expect(reasonWords('video_failed', context)).toBe('Its Spanish video failed to process');
    expect(reasonWords('deleted', context)).toBe('Deleted (in the bin)');
    expect(reasonWords('not_in_country', { language: 'Spanish', country: null })).toBe('Not watchable in this country');
  });

  it('links each kind of item to where it is edited', () => {
    expect(itemAddress({ kind: 'brand', id: 12 })).toBe('/admin/brands?edit=12');
    expect(itemAddress({ kind: 'content', id: 45, brand_id: 3 })).toBe('/admin/content?brand=3&edit=45');
    expect(itemAddress({ kind: 'link', id: 7, brand_id: 3 })).toBe('/admin/content?brand=3');
    expect(itemAddress({ kind: 'promo', id: 2 })).toBe('/admin/promo?edit=2');
    expect(itemAddress({ kind: 'stream', id: 7, lang_id: 2 })).toBe('/admin/streams?lang=2&edit=7');
  });
});
