import type { CatalogueItem } from '@kids-vod/contract';
import { describe, expect, it } from 'vitest';
import { notUnderstood } from './understood.ts';

const item = (video: Partial<CatalogueItem['video']>) =>
  ({ video: { playback_url: 'x', poster_url: null, duration_sec: 1, ...video } }) as CatalogueItem;

describe('notUnderstood', () => {
  it('is said of an episode heard only in other languages and with no subtitles in the child’s', () => {
    expect(notUnderstood(item({ audio: ['en'] }), 'es')).toBe(true);
    expect(notUnderstood(item({ audio: ['en'], subtitles: ['ru'] }), 'es')).toBe(true);
  });

  it('is not said when the child hears or reads it, or when nothing is known of its tracks', () => {
    expect(notUnderstood(item({ audio: ['en', 'es'] }), 'es')).toBe(false);
    expect(notUnderstood(item({ audio: ['en'], subtitles: ['es'] }), 'es')).toBe(false);
    expect(notUnderstood(item({ audio: [] }), 'es')).toBe(false);
    expect(notUnderstood(item({}), 'es')).toBe(false);
  });
});
