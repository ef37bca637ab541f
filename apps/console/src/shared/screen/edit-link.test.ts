import { describe, expect, it } from 'vitest';
import { editAddress } from './edit-link.ts';

describe('the link to an item', () => {
  it('opens content on the tab of the language a link is about', () => {
    expect(editAddress('content', { id: 7, brand_id: 3 })).toBe('/admin/content?brand=3&edit=7');
    expect(editAddress('content', { id: 7, brand_id: 3, lang_id: 2 })).toBe('/admin/content?brand=3&edit=7&lang=2');
    expect(editAddress('content', { id: 7, brand_id: null, lang_id: 2 })).toBeNull();
  });
});
