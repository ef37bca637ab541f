import { describe, expect, it } from 'vitest';
import { countList, formatSize } from './format.ts';

describe('catalogue build formatters', () => {
  it('writes sizes in B, KB and MB with at most one decimal', () => {
    expect(formatSize(812)).toBe('812 B');
    expect(formatSize(14_540)).toBe('14.2 KB');
    expect(formatSize(22_754_099)).toBe('21.7 MB');
  });

  it('lists the counts in the catalogue file order, labelled, with unknown ones last', () => {
    expect(countList({ streams: 2, brands: 5, new_thing: 1, content_without_video: 3 })).toEqual([
      { key: 'brands', label: 'Brands', value: 5 },
      { key: 'streams', label: 'Streams', value: 2 },
      { key: 'content_without_video', label: 'Without video', value: 3 },
      { key: 'new_thing', label: 'new thing', value: 1 },
    ]);
    expect(countList({ content_video_failed: 1, content_video_processing: 2, content: 4 })).toEqual([
      { key: 'content', label: 'Content', value: 4 },
      { key: 'content_video_processing', label: 'Video processing', value: 2 },
      { key: 'content_video_failed', label: 'Video failed', value: 1 },
    ]);
  });
});
